import { and, desc, eq, sql } from 'drizzle-orm';
import { passesExam, type ExamAttempt, type ExamAttemptMode } from '@medallion/contracts/exam';
import type { Database } from '@medallion/db/client';
import { examAttempts } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { checkAttemptInRun, deleteExamRun } from './exam-runs';
import { gradeSubmittedAnswers } from './grade-answers';

type AttemptRow = typeof examAttempts.$inferSelect;

export function toAttempt(row: AttemptRow, total: number): ExamAttempt {
  return {
    attempt_id: row.id,
    score: row.score,
    total,
    passed: passesExam(row.score),
    per_topic: row.perTopic,
    wrong_question_ids: row.wrongQuestionIds,
    created_at: row.createdAt.toISOString(),
    mode: row.mode,
    duration_seconds: row.durationSeconds,
  };
}

/**
 * Grades a finished exam on the server (the first-try answer per question, gradeSubmittedAnswers: the
 * exam's one grader) and stores it. Only questions the user may take count, and only answers of their
 * own question; each question counts once; the spec's run answers its own draw (checkAttemptInRun). Pass:
 * passesExam. `mode` says how it was taken: the spec's run ('exam'), one topic, or the review queue.
 *
 * With an `attemptKey` (made by the browser when the exam was finished, offline too) the attempt is
 * recorded once per user and key: a resend finds the attempt recorded and answers it again, without
 * grading or touching the run. The insert takes the key (`ON CONFLICT DO NOTHING` on the partial unique
 * index (user_id, attempt_key)); a request racing the first waits on the key until the first commits,
 * then reads its attempt. The same key from another account is that account's own attempt.
 */
export async function recordAttempt(
  db: Database,
  userId: string,
  answers: Array<{ question_id: string; answer_id: string }>,
  fullAccess: boolean,
  mode: ExamAttemptMode = 'exam',
  attemptKey?: string,
): Promise<ExamAttempt> {
  const key = attemptKey?.toLowerCase();
  if (key) {
    const recorded = await findKeyedAttempt(db, userId, key);
    if (recorded) return recorded;
  }
  const sheet = await gradeSubmittedAnswers(db, answers, fullAccess);
  if (mode === 'exam') await checkAttemptInRun(db, userId, answers);
  const { score, total, per_topic: perTopic, wrong_question_ids: wrong } = sheet;
  // The finished run is no longer in progress: the attempt and the run's removal land together.
  const row = await db.transaction(async (tx) => {
    const values = { userId, score, total, perTopic, wrongQuestionIds: wrong, mode, attemptKey: key ?? null };
    const [inserted] = key
      ? await tx
          .insert(examAttempts)
          .values(values)
          .onConflictDoNothing({ target: [examAttempts.userId, examAttempts.attemptKey], where: sql`${examAttempts.attemptKey} is not null` })
          .returning()
      : await tx.insert(examAttempts).values(values).returning();
    // Taken by a request that committed meanwhile: its attempt is the one (and it removed the run).
    if (!inserted) return null;
    if (mode === 'exam') await deleteExamRun(tx, userId, 'exam');
    return inserted;
  });
  if (row) return toAttempt(row, total);
  const recorded = key ? await findKeyedAttempt(db, userId, key) : null;
  if (!recorded) throw new Error('A keyed exam attempt conflicted but could not be read');
  return recorded;
}

async function findKeyedAttempt(db: Database, userId: string, key: string): Promise<ExamAttempt | null> {
  const [row] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), eq(examAttempts.attemptKey, key)))
    .limit(1);
  return row ? toAttempt(row, row.total) : null;
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
