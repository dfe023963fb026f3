import { and, eq } from 'drizzle-orm';
import type { ExamSimulation } from '@medallion/contracts/exam';
import { examRuns } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

/** Answers of a timed simulation are taken until its deadline plus this grace (a save sent at 0:00 still arrives). */
export const SIMULATION_GRACE_MS = 10_000;

export type SimulationRow = typeof examRuns.$inferSelect;
type Answer = { question_id: string; answer_id: string };

/** The row of the user's timed simulation (one per user: exam_runs_user_mode_idx). */
export const simulationOf = (userId: string) => and(eq(examRuns.userId, userId), eq(examRuns.mode, 'timed'));

export function toSimulation(row: SimulationRow, minutes: number, now = new Date()): ExamSimulation {
  return {
    run_id: row.id,
    question_ids: row.questionIds,
    answer_order: row.answerOrder ?? {},
    answers: row.answers,
    started_at: row.startedAt.toISOString(),
    deadline_at: (row.deadlineAt ?? row.startedAt).toISOString(),
    server_now: now.toISOString(),
    minutes,
  };
}

/** Whether answers may still be saved (the deadline plus the grace, on the server clock). */
export function inTime(row: SimulationRow, now = new Date()): boolean {
  return row.deadlineAt !== null && now.getTime() <= row.deadlineAt.getTime() + SIMULATION_GRACE_MS;
}

/**
 * The run's answers with the new ones merged in (a later answer to a question replaces the earlier). Each
 * must be one of the run's questions and one of that question's answers, else 400.
 */
export function mergeAnswers(row: SimulationRow, next: readonly Answer[]): Answer[] {
  const order = row.answerOrder ?? {};
  const merged = new Map(row.answers.map((a) => [a.question_id, a.answer_id]));
  for (const a of next) {
    if (!order[a.question_id]?.includes(a.answer_id)) throw new AppError('BAD_REQUEST', 'exam.simulationAnswerInvalid').on('answers');
    merged.set(a.question_id, a.answer_id);
  }
  return [...merged].map(([question_id, answer_id]) => ({ question_id, answer_id }));
}
