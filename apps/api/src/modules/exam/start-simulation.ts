import { randomInt } from 'node:crypto';
import type { ExamQuestion, ExamSimulation } from '@medallion/contracts/exam';
import { drawExam, randomExamSeed } from '@medallion/contracts/exam-draw';
import type { Database } from '@medallion/db/client';
import { examRuns } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { getExamSettings } from './exam-settings';
import { simulationOf, toSimulation } from './simulation-run';

/** Fisher–Yates with the crypto generator: each user's order is their own and cannot be predicted. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** GET /exam/simulation: the user's running simulation (with the time left on the server clock), or null. */
export async function getSimulation(db: Database, userId: string): Promise<ExamSimulation | null> {
  const [[row], settings] = await Promise.all([db.select().from(examRuns).where(simulationOf(userId)), getExamSettings(db)]);
  return row ? toSimulation(row, minutesOf(row) ?? settings.timed_minutes) : null;
}

/** A run's own length (its deadline was set from the setting when it started). */
function minutesOf(row: typeof examRuns.$inferSelect): number | null {
  return row.deadlineAt ? Math.round((row.deadlineAt.getTime() - row.startedAt.getTime()) / 60_000) : null;
}

/**
 * POST /exam/simulation: starts the timed simulation (paid access only: 403 otherwise), or answers the
 * one already running, unchanged. The server draws its 80 questions from the whole pool by the topic
 * weights (drawExam with a crypto seed, the free preview drawn like the rest), shuffles each question's
 * answers and sets the deadline from the staff's length; two starts at once make one run (the unique index).
 */
export async function startSimulation(db: Database, userId: string, bank: readonly ExamQuestion[], fullAccess: boolean): Promise<ExamSimulation> {
  const running = await getSimulation(db, userId);
  if (running) return running;
  if (!fullAccess) throw new AppError('FORBIDDEN', 'exam.accessRequired');
  const seed = randomExamSeed();
  const questions = drawExam(bank, seed, { freePreviewFirst: false });
  if (questions.length === 0) throw new AppError('NOT_FOUND', 'exam.questionNotFound');
  const { timed_minutes } = await getExamSettings(db);
  const now = new Date();
  await db
    .insert(examRuns)
    .values({
      userId,
      mode: 'timed',
      seed,
      questionIds: questions.map((q) => q.question_id),
      answerOrder: Object.fromEntries(questions.map((q) => [q.question_id, shuffled(q.answers.map((a) => a.answer_id))])),
      answers: [],
      startedAt: now,
      deadlineAt: new Date(now.getTime() + timed_minutes * 60_000),
    })
    .onConflictDoNothing();
  const started = await getSimulation(db, userId);
  if (!started) throw new AppError('CONFLICT');
  return started;
}
