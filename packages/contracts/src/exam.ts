import { z } from 'zod';
import { EXAM_MODES, EXAM_QUESTION_COUNT, EXAM_TOPICS, REPORT_ISSUE_OPTIONS } from './exam-constants';
import { EXAM_SEED_MAX } from './exam-draw';
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
 * GET /exam/questions: data.data is the pool the caller may take (the whole pool with unexpired access,
 * else the free first 5), in the bank's order; an exam is drawn from it (exam-draw.ts). `total` is the
 * length of one exam (80, or the pool when smaller); `pool_size` the number of questions in the whole
 * pool (locked ones included); access_expiry is set when access is paid.
 */
export const examQuestionsResponseSchema = z.object({
  data: z.object({
    data: z.array(examQuestionSchema),
    total: z.number().int(),
    pool_size: z.number().int(),
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

/**
 * POST /exam/attempts: the first-try answer of each answered question; the server grades.
 * `attempt_key` (a UUID the browser makes when the exam is finished) makes a resend harmless: an exam
 * finished offline is kept in the browser and sent when the connection returns, maybe twice (a lost
 * reply, two tabs); the same key from the same user records one attempt and answers it again.
 */
export const examAttemptRequestSchema = z.object({
  answers: z
    .array(z.object({ question_id: text().min(1).max(20), answer_id: text().min(1).max(60) }))
    .min(1, 'attemptEmpty')
    .max(EXAM_QUESTION_COUNT * 2, 'attemptTooLong'),
  attempt_key: text().uuid('exam.attemptKeyInvalid').optional(),
});
export const examAttemptSchema = z.object({
  attempt_id: z.string(),
  score: z.number().int(),
  total: z.number().int(),
  passed: z.boolean(),
  /** Per topic: right answers, questions, and the questions answered (a timed simulation can leave some open; absent on older attempts). */
  per_topic: z.record(z.string(), z.object({ correct: z.number().int(), total: z.number().int(), answered: z.number().int().optional() })),
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

/**
 * GET /exam/readiness (signed in): an estimate of how ready the user is for the 80-question exam, from
 * their recent attempts (apps/api/src/modules/exam/get-readiness.ts documents the formula; so does
 * docs/exam-content.md). `score` is the estimated share of the exam answered right, 0–100, null with too
 * few answers; `pass_percent` is the spec's pass mark as a percentage (61 of 80 = 76.25).
 */
export const READINESS_VERDICTS = ['likely-pass', 'keep-practicing', 'not-ready'] as const;
export type ReadinessVerdict = (typeof READINESS_VERDICTS)[number];
export const READINESS_CONFIDENCE = ['low', 'medium', 'high'] as const;
export type ReadinessConfidence = (typeof READINESS_CONFIDENCE)[number];
/** What to do next, in this order of priority: see get-readiness.ts. */
export const READINESS_NEXT_STEPS = ['take-first-exam', 'practice-topic', 'review-due', 'take-timed', 'ready'] as const;
export type ReadinessNextStep = (typeof READINESS_NEXT_STEPS)[number];
export const examReadinessSchema = z.object({
  score: z.number().int().min(0).max(100).nullable(),
  verdict: z.enum(READINESS_VERDICTS).nullable(),
  confidence: z.enum(READINESS_CONFIDENCE).nullable(),
  pass_percent: z.number(),
  attempts_considered: z.number().int(),
  answers_considered: z.number().int(),
  per_topic: z.array(
    z.object({
      topic: z.enum(EXAM_TOPICS),
      /** Plain counts over the attempts considered for this topic. */
      correct: z.number().int(),
      total: z.number().int(),
      /** Recency-weighted share right, 0–100 (null: not answered yet). */
      rate: z.number().int().min(0).max(100).nullable(),
      below_pass: z.boolean(),
      /** How many of the exam's 80 questions are of this topic (its weight in the score). */
      exam_questions: z.number().int(),
    }),
  ),
  /** Topics below the pass rate, weakest first. */
  weak_topics: z.array(z.enum(EXAM_TOPICS)),
  next_step: z.enum(READINESS_NEXT_STEPS),
  next_topic: z.enum(EXAM_TOPICS).nullable(),
  /** Missed questions due for review today. */
  review_due: z.number().int(),
  /** The last 20 attempts, oldest first. */
  history: z.array(z.object({ attempt_id: z.string(), created_at: z.string(), score: z.number().int(), total: z.number().int(), mode: z.enum(EXAM_MODES) })),
});
export type ExamReadiness = z.infer<typeof examReadinessSchema>;
export const examReadinessResponseSchema = z.object({ data: examReadinessSchema });
export type ExamReadinessResponse = z.infer<typeof examReadinessResponseSchema>;

/**
 * POST /exam/answers (signed in): first-try answers as they are given, one or a few at a time. The
 * server grades them and counts them in the question's statistics and the user's review queue.
 * `key` (a UUID the browser makes for each answer when it is given) makes a resend harmless: an answer
 * queued offline may be sent twice (a lost reply, two tabs), and a key already recorded for the user
 * is not counted again. Answers without a key (older clients) are counted each time.
 */
export const examAnswerKeySchema = text().uuid('exam.answerKeyInvalid');
export const examAnswersRequestSchema = z.object({
  mode: z.enum(EXAM_MODES),
  answers: z
    .array(z.object({ question_id: text().min(1).max(20), answer_id: text().min(1).max(60), key: examAnswerKeySchema.optional() }))
    .min(1, 'attemptEmpty')
    .max(EXAM_QUESTION_COUNT, 'attemptTooLong'),
});
export type ExamAnswersRequest = z.infer<typeof examAnswersRequestSchema>;
/** `recorded`: the answers counted by this call (a key sent before is not); `results`: every answer's grade. */
export const examAnswersResponseSchema = z.object({
  data: z.object({ recorded: z.number().int(), results: z.array(z.object({ question_id: z.string(), correct: z.boolean() })) }),
});
export type ExamAnswersResponse = z.infer<typeof examAnswersResponseSchema>;

/** GET /exam/answers (signed in): the user's answers recorded with a key, newest first (at most 200). */
export const examAnswerLogResponseSchema = z.object({
  data: z.object({
    answers: z.array(z.object({ key: z.string(), question_id: z.string(), correct: z.boolean(), recorded_at: z.string() })),
  }),
});
export type ExamAnswerLogResponse = z.infer<typeof examAnswerLogResponseSchema>;

/**
 * GET /exam/review (signed in): the review queue (spaced repetition). `due`: ids of the questions due
 * today or earlier (New York date), the longest due first; `upcoming`: how many are due later;
 * `total`: every question in the queue; `next_due_on`: the first date (YYYY-MM-DD) one is due after today.
 */
export const examReviewResponseSchema = z.object({
  data: z.object({
    due: z.array(z.string()),
    upcoming: z.number().int(),
    total: z.number().int(),
    next_due_on: z.string().nullable(),
  }),
});
export type ExamReviewResponse = z.infer<typeof examReviewResponseSchema>;
export type ExamReview = ExamReviewResponse['data'];

/**
 * A run in progress (one per user and mode, `exam_runs`): where it stopped and the first-try answers
 * given so far. The server grades them: `score` and `wrong_question_ids` are never taken from a client.
 */
export const examRunAnswerSchema = z.object({ question_id: text().min(1).max(20), answer_id: text().min(1).max(60) });
export const examRunSchema = z.object({
  mode: z.enum(EXAM_MODES),
  /** The seed the run's exam was drawn with (drawExam); null for a run kept before the pool. */
  seed: z.number().int().nullable(),
  /**
   * The run's exam in order, as far as the user may read it (without paid access: the free preview
   * that opens it; the rest follows once access is bought). The run's answers are checked against it.
   */
  question_ids: z.array(z.string()),
  /** The length of the run's exam (80, or the pool when smaller): "Question n of total". */
  total: z.number().int(),
  /** How many questions are behind (the next one shown is position + 1). */
  position: z.number().int(),
  answers: z.array(z.object({ question_id: z.string(), answer_id: z.string() })),
  score: z.number().int(),
  wrong_question_ids: z.array(z.string()),
  updated_at: z.string(),
});
export type ExamRun = z.infer<typeof examRunSchema>;
/** GET and DELETE /exam/run?mode= */
export const examRunQuerySchema = z.object({ mode: z.enum(EXAM_MODES) });
/** GET /exam/run: the run, or null when none is in progress. */
export const examRunResponseSchema = z.object({ data: examRunSchema.nullable() });
export type ExamRunResponse = z.infer<typeof examRunResponseSchema>;
/**
 * PUT /exam/run: saves (replaces) the run; only the spec's run (mode `exam`) is saved this way. The
 * first save of a run draws its exam: from `seed` when given (a browser that drew it itself, offline
 * too), else from a seed the server picks; later saves without a seed, or with the same one, keep the
 * draw; another seed starts a new exam. The answer carries the draw (`question_ids`).
 */
export const saveExamRunRequestSchema = z.object({
  mode: z.enum(EXAM_MODES),
  seed: z.number({ error: 'runSeed' }).int('runSeed').min(0, 'runSeed').max(EXAM_SEED_MAX, 'runSeed').optional(),
  position: z.number().int('runPosition').min(0, 'runPosition').max(EXAM_QUESTION_COUNT, 'runPosition'),
  answers: z.array(examRunAnswerSchema).max(EXAM_QUESTION_COUNT, 'attemptTooLong'),
});
export type SaveExamRunRequest = z.infer<typeof saveExamRunRequestSchema>;
export const saveExamRunResponseSchema = z.object({ data: examRunSchema });
export type SaveExamRunResponse = z.infer<typeof saveExamRunResponseSchema>;
/** DELETE /exam/run: whether a run was removed. */
export const deleteExamRunResponseSchema = z.object({ data: z.object({ deleted: z.boolean() }) });
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
