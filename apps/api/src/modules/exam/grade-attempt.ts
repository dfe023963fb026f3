import { and, desc, eq, inArray } from 'drizzle-orm';
import { EXAM_FREE_QUESTIONS, EXAM_PASS_ABOVE, type ExamAttempt, type ExamAttemptMode } from '@medallion/contracts/exam';
import type { Database } from '@medallion/db/client';
import { examAnswers, examAttempts, examQuestions } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { deleteExamRun } from './exam-runs';

type AttemptRow = typeof examAttempts.$inferSelect;

export function toAttempt(row: AttemptRow, total: number): ExamAttempt {
  return {
    attempt_id: row.id,
    score: row.score,
    total,
    passed: row.score > EXAM_PASS_ABOVE,
    per_topic: row.perTopic,
    wrong_question_ids: row.wrongQuestionIds,
    created_at: row.createdAt.toISOString(),
    mode: row.mode,
    duration_seconds: row.durationSeconds,
  };
}

/**
 * Grades a finished exam on the server (the first-try answer per question) and stores it. Only
 * questions the user may take count; each question counts once. Pass: score above 60. `mode` says how
 * it was taken: the spec's run ('exam'), one topic, or the review queue.
 */
export async function recordAttempt(
  db: Database,
  userId: string,
  answers: Array<{ question_id: string; answer_id: string }>,
  fullAccess: boolean,
  mode: ExamAttemptMode = 'exam',
): Promise<ExamAttempt> {
  const firstTry = new Map<string, string>();
  for (const a of answers) if (!firstTry.has(a.question_id)) firstTry.set(a.question_id, a.answer_id);
  const ids = [...firstTry.keys()];
  const questions = await db
    .select({ id: examQuestions.id, topic: examQuestions.topic, position: examQuestions.position })
    .from(examQuestions)
    .where(inArray(examQuestions.id, ids));
  if (questions.length !== ids.length || (!fullAccess && questions.some((q) => q.position > EXAM_FREE_QUESTIONS))) {
    throw new AppError('NOT_FOUND', 'exam.questionNotFound');
  }
  const correctIds = new Set(
    (await db.select({ id: examAnswers.id, correct: examAnswers.correct }).from(examAnswers).where(inArray(examAnswers.questionId, ids)))
      .filter((a) => a.correct)
      .map((a) => a.id),
  );
  const perTopic: Record<string, { correct: number; total: number }> = {};
  const wrong: string[] = [];
  let score = 0;
  for (const q of [...questions].sort((a, b) => a.position - b.position)) {
    const ok = correctIds.has(firstTry.get(q.id)!);
    const t = (perTopic[q.topic] ??= { correct: 0, total: 0 });
    t.total += 1;
    if (ok) {
      t.correct += 1;
      score += 1;
    } else {
      wrong.push(q.id);
    }
  }
  // The finished run is no longer in progress: the attempt and the run's removal land together.
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(examAttempts).values({ userId, score, total: ids.length, perTopic, wrongQuestionIds: wrong, mode }).returning();
    if (mode === 'exam') await deleteExamRun(tx, userId, 'exam');
    return inserted;
  });
  return toAttempt(row!, ids.length);
}

/** GET /exam/attempts: the user's attempts, newest first. */
export async function listAttempts(db: Database, userId: string): Promise<ExamAttempt[]> {
  const rows = await db.select().from(examAttempts).where(eq(examAttempts.userId, userId)).orderBy(desc(examAttempts.createdAt)).limit(50);
  return rows.map((r) => toAttempt(r, r.total));
}

/**
 * GET /exam/attempts/{id}: one of the user's own attempts (its wrong question ids feed "Practice my
 * mistakes"). Another user's attempt, an unknown id and a malformed id are all the same 404.
 */
export async function getAttempt(db: Database, userId: string, attemptId: string): Promise<ExamAttempt> {
  if (!isUuid(attemptId)) throw new AppError('NOT_FOUND', 'exam.attemptNotFound');
  const [row] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'exam.attemptNotFound');
  return toAttempt(row, row.total);
}
