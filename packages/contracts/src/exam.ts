import { z } from 'zod';
import { EXAM_MODES, EXAM_QUESTION_COUNT, EXAM_TOPICS, REPORT_ISSUE_OPTIONS } from './exam-constants';
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
  /** How it was taken (the spec's run is 'exam'), and the timed simulation's time used in seconds. */
  mode: z.enum(EXAM_MODES),
  duration_seconds: z.number().int().nullable(),
});
export type ExamAttempt = z.infer<typeof examAttemptSchema>;
/** GET /exam/attempts/{attempt_id}: the attempt's id. */
export const examAttemptIdParamsSchema = z.object({ attempt_id: text().max(100) });
export const examAttemptResponseSchema = z.object({ data: examAttemptSchema });
export type ExamAttemptResponse = z.infer<typeof examAttemptResponseSchema>;
export const examAttemptsResponseSchema = z.object({ data: z.object({ data: z.array(examAttemptSchema) }) });
export type ExamAttemptsResponse = z.infer<typeof examAttemptsResponseSchema>;

/* ---------- Ways to practice: topic practice, the timed simulation and its length (issue #17) ---------- */

/** POST /exam/attempts: how the attempt was taken ('exam' = the spec's run, the default). */
export const EXAM_ATTEMPT_MODES = ['exam', 'topic', 'review'] as const;
export type ExamAttemptMode = (typeof EXAM_ATTEMPT_MODES)[number];
/** The request with its optional mode (the spec's run sends none: 'exam'). */
export const examAttemptWithModeRequestSchema = examAttemptRequestSchema.extend({
  mode: z.enum(EXAM_ATTEMPT_MODES, { error: 'examModeInvalid' }).default('exam'),
});
export type ExamAttemptWithModeRequest = z.input<typeof examAttemptWithModeRequestSchema>;

/** The timed simulation's length in minutes: staff set it (app_settings exam_timed_minutes). */
export const EXAM_TIMED_MINUTES_DEFAULT = 90;
export const EXAM_TIMED_MINUTES_MIN = 1;
export const EXAM_TIMED_MINUTES_MAX = 240;

/** GET /exam/modes: what the "Ways to practice" panel shows (anyone): the simulation's length and each topic's question count. */
export const examModesResponseSchema = z.object({
  data: z.object({
    timed_minutes: z.number().int(),
    question_count: z.number().int(),
    topics: z.array(z.object({ topic: z.enum(EXAM_TOPICS), count: z.number().int() })),
  }),
});
export type ExamModesResponse = z.infer<typeof examModesResponseSchema>;

/** One chosen answer of the timed simulation. */
const simulationAnswerSchema = z.object({ question_id: text().min(1).max(20), answer_id: text().min(1).max(60) });

/**
 * The running timed simulation, as the server keeps it: its order of questions and of each question's
 * answers (shuffled by the server), the answers chosen so far, and the deadline on the server clock
 * (`server_now` lets the client count down from the server's time, not its own).
 */
export const examSimulationSchema = z.object({
  run_id: z.string(),
  question_ids: z.array(z.string()),
  answer_order: z.record(z.string(), z.array(z.string())),
  answers: z.array(z.object({ question_id: z.string(), answer_id: z.string() })),
  started_at: z.string(),
  deadline_at: z.string(),
  server_now: z.string(),
  minutes: z.number().int(),
});
export type ExamSimulation = z.infer<typeof examSimulationSchema>;
/** GET /exam/simulation: the running one or null. POST /exam/simulation: starts one (or answers the running one). */
export const examSimulationResponseSchema = z.object({ data: examSimulationSchema.nullable() });
export type ExamSimulationResponse = z.infer<typeof examSimulationResponseSchema>;
export const examSimulationStartedResponseSchema = z.object({ data: examSimulationSchema });
export type ExamSimulationStartedResponse = z.infer<typeof examSimulationStartedResponseSchema>;

/** PUT /exam/simulation/answers: chosen answers (a later one for the same question replaces it). */
export const saveSimulationAnswersRequestSchema = z.object({
  answers: z.array(simulationAnswerSchema).max(EXAM_QUESTION_COUNT * 2, 'attemptTooLong'),
});
export type SaveSimulationAnswersRequest = z.infer<typeof saveSimulationAnswersRequestSchema>;
export const saveSimulationAnswersResponseSchema = z.object({ data: z.object({ answered: z.number().int(), deadline_at: z.string() }) });
export type SaveSimulationAnswersResponse = z.infer<typeof saveSimulationAnswersResponseSchema>;

/**
 * POST /exam/simulation/submit: optionally the last answers (saved like PUT when still in time); the
 * server grades what was saved by the deadline. Nothing else is read: a client cannot send a score.
 */
export const submitSimulationRequestSchema = z.object({
  answers: z
    .array(simulationAnswerSchema)
    .max(EXAM_QUESTION_COUNT * 2, 'attemptTooLong')
    .optional(),
});
export type SubmitSimulationRequest = z.infer<typeof submitSimulationRequestSchema>;
/** The graded simulation: the stored attempt, the time used and per question the chosen and the right answer. */
export const examSimulationResultSchema = z.object({
  attempt: examAttemptSchema,
  duration_seconds: z.number().int(),
  review: z.array(
    z.object({
      question_id: z.string(),
      topic: z.enum(EXAM_TOPICS),
      chosen_answer_id: z.string().nullable(),
      correct_answer_id: z.string(),
      correct: z.boolean(),
    }),
  ),
});
export type ExamSimulationResult = z.infer<typeof examSimulationResultSchema>;
export const examSimulationResultResponseSchema = z.object({ data: examSimulationResultSchema });
export type ExamSimulationResultResponse = z.infer<typeof examSimulationResultResponseSchema>;

/** GET/PUT /admin/exam/settings (staff): the timed simulation's length in minutes. */
export const examSettingsSchema = z.object({
  timed_minutes: z
    .number({ error: 'examTimedMinutesRange' })
    .int('examTimedMinutesRange')
    .min(EXAM_TIMED_MINUTES_MIN, 'examTimedMinutesRange')
    .max(EXAM_TIMED_MINUTES_MAX, 'examTimedMinutesRange'),
});
export type ExamSettings = z.infer<typeof examSettingsSchema>;
export const examSettingsResponseSchema = z.object({ data: examSettingsSchema });
export type ExamSettingsResponse = z.infer<typeof examSettingsResponseSchema>;
