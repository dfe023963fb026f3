import { z } from 'zod';
import { freeText, text } from './text';
import { decodedVinSchema } from './cars';
import { EXAM_TOPICS, examQuestionSchema, REPORT_ISSUE_OPTIONS } from './exam';
import { examMapSchema } from './exam-map';
import { listingSchema } from './listings';

/** GET /admin/overview (staff only). */
export const adminOverviewResponseSchema = z.object({
  data: z.object({
    users: z.number().int(),
    staff: z.number().int(),
    mail_pending: z.number().int(),
    mail_failed: z.number().int(),
    /** Open reports on listings (the Reports queue). */
    listing_reports_open: z.number().int(),
    contact_messages: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), message: z.string(), created_at: z.string() })),
  }),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;

/* ---------- Listing moderation (staff) ---------- */

export const reviewListingSchema = listingSchema.extend({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** When the fee was paid and the listing was sent to review. */
  submitted_at: z.string(),
  /** What the VIN decodes to (offline vPIC), to compare with what the owner typed. Null without a VIN. */
  vin_decoded: decodedVinSchema.nullable(),
});
export type ReviewListing = z.infer<typeof reviewListingSchema>;

/** GET /admin/listings: UNDER_REVIEW listings, oldest first. */
export const reviewListingsResponseSchema = z.object({ data: z.array(reviewListingSchema) });
export type ReviewListingsResponse = z.infer<typeof reviewListingsResponseSchema>;

/** POST /admin/listings/{listing_id}/reject */
export const rejectListingRequestSchema = z.object({
  reason: freeText({ error: 'rejectReasonRequired' }).trim().min(5, 'rejectReasonRequired').max(1000, 'rejectReasonTooLong'),
});
export type RejectListingRequest = z.infer<typeof rejectListingRequestSchema>;

/** Approve and reject answer the listing's new status. */
export const moderationResponseSchema = z.object({
  data: z.object({ listing_id: z.string(), status: z.enum(['ACTIVE', 'DRAFT']), timestamp: z.string().nullable() }),
});
export type ModerationResponse = z.infer<typeof moderationResponseSchema>;

/* ---------- Exam content and promo codes (staff) ---------- */

/** GET /admin/exam/reports: open issue reports, grouped by question (the most reported first). */
export const examReportsResponseSchema = z.object({
  data: z.array(
    z.object({
      question: examQuestionSchema,
      reports: z.array(
        z.object({
          report_id: z.string(),
          issues: z.array(z.enum(REPORT_ISSUE_OPTIONS)),
          other_issue: z.string().nullable(),
          reporter_email: z.string(),
          created_at: z.string(),
        }),
      ),
    }),
  ),
});
export type ExamReportsResponse = z.infer<typeof examReportsResponseSchema>;

/** POST /admin/exam/reports/{report_id}/resolve: the report's id (a malformed one is a 404, as an unknown one). */
export const examReportIdParamsSchema = z.object({ report_id: z.string().uuid('listingNotFound') });
/** The resolve answer: the report left the open list. */
export const resolveExamReportResponseSchema = z.object({ data: z.object({ ok: z.literal(true) }) });
export type ResolveExamReportResponse = z.infer<typeof resolveExamReportResponseSchema>;

const bilingual = (max: number) =>
  z.object({
    en: freeText().trim().min(1, 'examTextRequired').max(max, 'examTextTooLong'),
    ru: freeText().trim().min(1, 'examTextRequired').max(max, 'examTextTooLong'),
  });

/** PUT /admin/exam/questions/{question_id}: the question's id. */
export const examQuestionIdParamsSchema = z.object({ question_id: text().max(20) });

/** PUT /admin/exam/questions/{question_id}: the whole question in both languages; exactly one correct answer. */
export const updateExamQuestionRequestSchema = z.object({
  topic: z.enum(EXAM_TOPICS),
  question: bilingual(1000),
  explanation: bilingual(2000),
  source: freeText().trim().min(1, 'examTextRequired').max(300, 'examTextTooLong'),
  answers: z
    .array(bilingual(500).extend({ correct: z.boolean() }))
    .length(4, 'examFourAnswers')
    .refine((a) => a.filter((x) => x.correct).length === 1, 'examOneCorrect'),
  /** The question's map: left out, the map stays as it is; null removes it. */
  map: examMapSchema.nullable().optional(),
});
export type UpdateExamQuestionRequest = z.infer<typeof updateExamQuestionRequestSchema>;
export const examQuestionResponseSchema = z.object({ data: examQuestionSchema });
export type ExamQuestionResponse = z.infer<typeof examQuestionResponseSchema>;

export const promoCodeSchema = z.object({
  code: z.string(),
  discount_cents: z.number().int(),
  active: z.boolean(),
  expires_at: z.string().nullable(),
  max_redemptions: z.number().int().nullable(),
  redemptions: z.number().int(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;
export const promoCodesResponseSchema = z.object({ data: z.array(promoCodeSchema) });
export type PromoCodesResponse = z.infer<typeof promoCodesResponseSchema>;
/** POST /admin/promo-codes (create) and PATCH /admin/promo-codes/{code} (change). Codes are 6 letters or digits. */
export const createPromoCodeRequestSchema = z.object({
  code: text()
    .trim()
    .regex(/^[A-Za-z0-9]{6}$/, 'promoCodeFormat')
    .transform((c) => c.toUpperCase()),
  discount_cents: z.number().int().min(1, 'promoDiscountRange').max(2000, 'promoDiscountRange'),
  active: z.boolean().default(true),
  expires_at: z.iso.datetime({ offset: true, error: 'promoExpiryInvalid' }).nullable().default(null),
  max_redemptions: z.number().int().min(1, 'promoMaxInvalid').max(1_000_000, 'promoMaxInvalid').nullable().default(null),
});
/** PATCH /admin/promo-codes/{code}: the code (any case). */
export const promoCodeParamsSchema = z.object({ code: text().max(20) });
export const updatePromoCodeRequestSchema = createPromoCodeRequestSchema.omit({ code: true }).partial();
export const promoCodeResponseSchema = z.object({ data: promoCodeSchema });
export type PromoCodeResponse = z.infer<typeof promoCodeResponseSchema>;
export type CreatePromoCodeRequest = z.output<typeof createPromoCodeRequestSchema>;

/** GET /admin/exam/questions: every question with its answers (staff edit any of them). */
export const adminExamQuestionsResponseSchema = z.object({ data: z.array(examQuestionSchema) });
export type AdminExamQuestionsResponse = z.infer<typeof adminExamQuestionsResponseSchema>;

/**
 * GET /admin/exam/question-stats (staff): per question, how often it was answered (first tries, every
 * mode) and answered right, and its open and total issue reports, so staff spot bad questions.
 */
export const examQuestionStatSchema = z.object({
  question_id: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
  open_reports: z.number().int(),
  total_reports: z.number().int(),
});
export type ExamQuestionStat = z.infer<typeof examQuestionStatSchema>;
export const examQuestionStatsResponseSchema = z.object({ data: z.array(examQuestionStatSchema) });
export type ExamQuestionStatsResponse = z.infer<typeof examQuestionStatsResponseSchema>;
