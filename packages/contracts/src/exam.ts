import { z } from 'zod';
import { EXAM_QUESTION_COUNT, EXAM_TOPICS, REPORT_ISSUE_OPTIONS } from './exam-constants';
import { examMapSchema } from './exam-map';
import { freeText, text } from './text';

export * from './exam-constants';

/** A question as the API answers it, with its topic and explanation. */
export const examQuestionSchema = z.object({
  question_id: z.string(),
  position: z.number().int(),
  topic: z.enum(EXAM_TOPICS),
  question: z.string(),
  question_rus: z.string(),
  explanation: z.string(),
  explanation_rus: z.string(),
  source: z.string(),
  answers: z.array(z.object({ answer_id: z.string(), answer: z.string(), answer_rus: z.string(), correct: z.boolean() })),
  /** A map-reading question's map (exam-map.ts), drawn between the question and its answers; null for the others. */
  map: examMapSchema.nullable(),
});
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

/**
 * GET /exam/questions: data.data is the list the caller may take (all 80 with unexpired access, else
 * the first 5); total is the size of the whole exam; access_expiry is set when access is paid.
 */
export const examQuestionsResponseSchema = z.object({
  data: z.object({
    data: z.array(examQuestionSchema),
    total: z.number().int(),
    full_access: z.boolean(),
    access_expiry: z.string().nullable(),
  }),
});
export type ExamQuestionsResponse = z.infer<typeof examQuestionsResponseSchema>;

/** GET /exam/questions/saved: 404 "No saved questions" when empty. */
export const savedQuestionsResponseSchema = z.object({
  data: z.object({
    data: z.array(z.object({ record_id: z.string(), question_id: z.string(), question: z.string(), question_rus: z.string() })),
  }),
});
export type SavedQuestionsResponse = z.infer<typeof savedQuestionsResponseSchema>;
export type SavedQuestion = SavedQuestionsResponse['data']['data'][number];

/** POST /exam/questions/save: toggles. */
export const saveQuestionRequestSchema = z.object({ question_id: text().min(1).max(20) });
export const saveQuestionResponseSchema = z.object({
  data: z.object({ question_id: z.string(), saved: z.boolean(), record_id: z.string().nullable() }),
});
export type SaveQuestionResponse = z.infer<typeof saveQuestionResponseSchema>;

/** GET /exam/questions/issue: ids the user reported. */
export const reportedQuestionsResponseSchema = z.object({ data: z.object({ data: z.array(z.string()) }) });
export type ReportedQuestionsResponse = z.infer<typeof reportedQuestionsResponseSchema>;

/** The report itself: `issue` may arrive as JSON text or as an object. */
export const reportIssueSchema = z
  .object({
    selectedList: z
      .array(z.enum(REPORT_ISSUE_OPTIONS, { error: 'reportIssueRequired' }))
      .max(REPORT_ISSUE_OPTIONS.length)
      .default([]),
    otherIssue: freeText().trim().max(1000, 'reportOtherTooLong').default(''),
  })
  .refine((i) => i.selectedList.length > 0 || i.otherIssue.length > 0, { message: 'reportIssueRequired', path: ['selectedList'] });
/**
 * The report popup's form: the report itself (checked issues and a free text, at least one of them),
 * with message keys for its problems.
 */
export const reportQuestionFormSchema = reportIssueSchema;
export type ReportQuestionForm = z.input<typeof reportQuestionFormSchema>;
export const reportQuestionRequestSchema = z.object({
  question_id: text().min(1).max(20),
  issue: z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return undefined;
    }
  }, reportIssueSchema),
});
export type ReportQuestionRequest = z.input<typeof reportQuestionRequestSchema>;
export const reportQuestionResponseSchema = z.object({ data: z.object({ question_id: z.string(), reported: z.literal(true) }) });
export type ReportQuestionResponse = z.infer<typeof reportQuestionResponseSchema>;

/** GET /exam/promo-check?code= : whether a promo code would discount the exam now. */
export const promoCheckQuerySchema = z.object({ code: text().trim().max(20) });
export const promoCheckResponseSchema = z.object({
  data: z.object({ valid: z.boolean(), original_cents: z.number().int(), discount_cents: z.number().int(), price_cents: z.number().int() }),
});
export type PromoCheckResponse = z.infer<typeof promoCheckResponseSchema>;

/** POST /exam/attempts: the first-try answer of each answered question; the server grades. */
export const examAttemptRequestSchema = z.object({
  answers: z
    .array(z.object({ question_id: text().min(1).max(20), answer_id: text().min(1).max(60) }))
    .min(1, 'attemptEmpty')
    .max(EXAM_QUESTION_COUNT * 2, 'attemptTooLong'),
});
export const examAttemptSchema = z.object({
  attempt_id: z.string(),
  score: z.number().int(),
  total: z.number().int(),
  passed: z.boolean(),
  per_topic: z.record(z.string(), z.object({ correct: z.number().int(), total: z.number().int() })),
  wrong_question_ids: z.array(z.string()),
  created_at: z.string(),
});
export type ExamAttempt = z.infer<typeof examAttemptSchema>;
/** GET /exam/attempts/{attempt_id}: the attempt's id. */
export const examAttemptIdParamsSchema = z.object({ attempt_id: text().max(100) });
export const examAttemptResponseSchema = z.object({ data: examAttemptSchema });
export type ExamAttemptResponse = z.infer<typeof examAttemptResponseSchema>;
export const examAttemptsResponseSchema = z.object({ data: z.object({ data: z.array(examAttemptSchema) }) });
export type ExamAttemptsResponse = z.infer<typeof examAttemptsResponseSchema>;
