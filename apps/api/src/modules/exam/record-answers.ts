import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ExamAnswerLogResponse } from '@medallion/contracts/exam';
import type { DbExecutor, Transaction } from '@medallion/db/client';
import { examAnswerKeys, examQuestionStats, examReviewItems } from '@medallion/db/schema';
import { addDays, examToday } from './exam-day';
import { gradeSubmittedAnswers } from './grade-answers';

/** A question leaves the review queue once it has been answered right on this many later days. */
export const REVIEW_RIGHT_DAYS = 2;
/** After a counted right answer the question comes back this many days later. */
export const REVIEW_INTERVAL_DAYS = 3;

export interface GradedAnswer {
  questionId: string;
  correct: boolean;
}

/**
 * Counts first-try answers, in one transaction: each question's statistics (answered, and correct
 * when right: atomic increments, so parallel calls all count) and the user's review queue (spaced
 * repetition, New York dates):
 * - a wrong answer puts the question in the queue due today (or back there: the count starts over);
 * - a right answer to a queued question on a later day than the miss, and not already counted today,
 *   counts that day and brings the question back in REVIEW_INTERVAL_DAYS days; at REVIEW_RIGHT_DAYS
 *   days the question leaves the queue; a right answer on the day of the miss only makes it due tomorrow.
 * The callers grade (the answers endpoint, the attempts endpoint, the timed simulation's submit);
 * `today` is for tests. One answer per question: the first counts, later ones are ignored.
 */
export async function recordAnswers(db: DbExecutor, userId: string, answers: readonly GradedAnswer[], today: string = examToday()): Promise<void> {
  await db.transaction((tx) => countAnswers(tx, userId, answers, today));
}

/** recordAnswers' work, in the caller's transaction. */
async function countAnswers(tx: Transaction, userId: string, answers: readonly GradedAnswer[], today: string): Promise<void> {
  const byQuestion = new Map<string, boolean>();
  for (const a of answers) if (!byQuestion.has(a.questionId)) byQuestion.set(a.questionId, a.correct);
  if (byQuestion.size === 0) return;
  // One lock order for every caller (question id), so that two transactions never wait on each other.
  const graded = [...byQuestion].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const wrong = graded.filter(([, ok]) => !ok).map(([id]) => id);
  const right = graded.filter(([, ok]) => ok).map(([id]) => id);
  const now = sql`now()`;

  await tx
    .insert(examQuestionStats)
    .values(graded.map(([questionId, ok]) => ({ questionId, answered: 1, correct: ok ? 1 : 0 })))
    .onConflictDoUpdate({
      target: examQuestionStats.questionId,
      set: {
        answered: sql`${examQuestionStats.answered} + excluded.answered`,
        correct: sql`${examQuestionStats.correct} + excluded.correct`,
        updatedAt: now,
      },
    });

  if (wrong.length > 0) {
    await tx
      .insert(examReviewItems)
      .values(wrong.map((questionId) => ({ userId, questionId, dueOn: today, missedOn: today, lastRightOn: null, rightDays: 0 })))
      .onConflictDoUpdate({
        target: [examReviewItems.userId, examReviewItems.questionId],
        set: { dueOn: today, missedOn: today, lastRightOn: null, rightDays: 0, updatedAt: now },
      });
  }

  if (right.length > 0) {
    const day = sql`${today}::date`;
    // Evaluated on the row as locked by this update, so parallel right answers count a day once.
    const counted = sql`(${day} > ${examReviewItems.missedOn} and ${examReviewItems.lastRightOn} is distinct from ${day})`;
    const mine = and(eq(examReviewItems.userId, userId), inArray(examReviewItems.questionId, right));
    await tx
      .update(examReviewItems)
      .set({
        rightDays: sql`case when ${counted} then ${examReviewItems.rightDays} + 1 else ${examReviewItems.rightDays} end`,
        lastRightOn: sql`case when ${counted} then ${day} else ${examReviewItems.lastRightOn} end`,
        dueOn: sql`case when ${counted} then ${addDays(today, REVIEW_INTERVAL_DAYS)}::date
                        when ${day} <= ${examReviewItems.missedOn} then ${addDays(today, 1)}::date
                        else ${examReviewItems.dueOn} end`,
        updatedAt: now,
      })
      .where(mine);
    await tx.delete(examReviewItems).where(and(mine, gte(examReviewItems.rightDays, REVIEW_RIGHT_DAYS)));
  }
}

/**
 * POST /exam/answers: grades first-try answers on the server (gradeSubmittedAnswers: the exam's one
 * grader) and records them (recordAnswers). Every question must be one the user may take (any with paid
 * access, else the free ones) and every answer one of its question's answers; otherwise nothing is
 * recorded (404).
 *
 * An answer with a `key` (made by the browser when the answer was given) counts once per user and key:
 * the keys are inserted first in the recording's transaction (`ON CONFLICT DO NOTHING`, in key order so
 * two requests never wait on each other), and only the answers whose key was new are counted. A second
 * request with a key a first one is still recording waits on the primary key until the first commits,
 * then finds it taken: a resend, a retry after a lost reply or two tabs sending one queue count once.
 */
export async function gradeAndRecordAnswers(
  db: DbExecutor,
  userId: string,
  answers: ReadonlyArray<{ question_id: string; answer_id: string; key?: string | undefined }>,
  fullAccess: boolean,
  today: string = examToday(),
): Promise<{ recorded: number; results: Array<{ question_id: string; correct: boolean }> }> {
  const sheet = await gradeSubmittedAnswers(db, answers, fullAccess);
  const results = sheet.questions.map((q) => ({ question_id: q.question_id, correct: q.correct }));
  const correctOf = new Map(results.map((r) => [r.question_id, r.correct]));
  // The first try per question is graded; its key (if any) is the one that counts.
  const firstTries = new Map<string, string | undefined>();
  for (const a of answers) if (!firstTries.has(a.question_id)) firstTries.set(a.question_id, a.key);
  const keyed = [...firstTries]
    .flatMap(([questionId, key]) => (key ? [{ userId, key: key.toLowerCase(), questionId, correct: correctOf.get(questionId) ?? false }] : []))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const unkeyed = [...firstTries].filter(([, key]) => !key).map(([questionId]) => questionId);

  const recorded = await db.transaction(async (tx) => {
    let fresh: string[] = [];
    if (keyed.length > 0) {
      const inserted = await tx.insert(examAnswerKeys).values(keyed).onConflictDoNothing().returning({ key: examAnswerKeys.key });
      const taken = new Set(inserted.map((row) => row.key));
      fresh = keyed.filter((k) => taken.has(k.key)).map((k) => k.questionId);
    }
    const counted = [...fresh, ...unkeyed].map((questionId) => ({ questionId, correct: correctOf.get(questionId) ?? false }));
    await countAnswers(tx, userId, counted, today);
    return counted.length;
  });
  return { recorded, results };
}

/** How many recorded answers GET /exam/answers lists. */
export const ANSWER_LOG_LIMIT = 200;

/** GET /exam/answers: the user's own answers recorded with a key, newest first. */
export async function listRecordedAnswers(db: DbExecutor, userId: string): Promise<ExamAnswerLogResponse['data']> {
  const rows = await db
    .select({ key: examAnswerKeys.key, questionId: examAnswerKeys.questionId, correct: examAnswerKeys.correct, createdAt: examAnswerKeys.createdAt })
    .from(examAnswerKeys)
    .where(eq(examAnswerKeys.userId, userId))
    .orderBy(desc(examAnswerKeys.createdAt), examAnswerKeys.key)
    .limit(ANSWER_LOG_LIMIT);
  return { answers: rows.map((r) => ({ key: r.key, question_id: r.questionId, correct: r.correct, recorded_at: r.createdAt.toISOString() })) };
}
