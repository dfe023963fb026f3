import type { SaveSimulationAnswersResponse } from '@medallion/contracts/exam';
import type { Database } from '@medallion/db/client';
import { examRuns } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { inTime, mergeAnswers, simulationOf } from './simulation-run';

/**
 * PUT /exam/simulation/answers: keeps the chosen answers of the user's running simulation (a changed mind
 * replaces the earlier choice). Refused with 409 after the deadline plus the grace, 404 without a run.
 * The row is locked, so two saves at once both count.
 */
export async function saveSimulationAnswers(
  db: Database,
  userId: string,
  answers: Array<{ question_id: string; answer_id: string }>,
): Promise<SaveSimulationAnswersResponse['data']> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(examRuns).where(simulationOf(userId)).for('update');
    if (!row) throw new AppError('NOT_FOUND', 'exam.simulationNotFound');
    if (!inTime(row)) throw new AppError('CONFLICT', 'exam.simulationTimeUp');
    const merged = mergeAnswers(row, answers);
    await tx.update(examRuns).set({ answers: merged, updatedAt: new Date() }).where(simulationOf(userId));
    return { answered: merged.length, deadline_at: row.deadlineAt!.toISOString() };
  });
}
