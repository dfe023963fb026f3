import { type ExamQuestion, type ExamSimulationResult } from '@medallion/contracts/exam';
import type { Database } from '@medallion/db/client';
import { examAttempts, examRuns } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { toAttempt } from './grade-attempt';
import { inTime, mergeAnswers, simulationOf } from './simulation-run';
import { recordAnswers } from './record-answers';

/**
 * POST /exam/simulation/submit: grades the user's timed simulation on the server and stores it as an
 * attempt (mode 'timed', with the time used). `lastAnswers` (optional) are saved first when still in
 * time; after that only what was saved by the deadline counts, and an unanswered question is wrong.
 * The run is taken with DELETE … RETURNING in the attempt's transaction, so a second submit (at once
 * or later) finds nothing (404) and there is one attempt.
 */
export async function submitSimulation(
  db: Database,
  userId: string,
  bank: readonly ExamQuestion[],
  lastAnswers: Array<{ question_id: string; answer_id: string }> | undefined,
): Promise<ExamSimulationResult> {
  const byId = new Map(bank.map((q) => [q.question_id, q]));
  const now = new Date();
  return db.transaction(async (tx) => {
    const [run] = await tx.delete(examRuns).where(simulationOf(userId)).returning();
    if (!run) throw new AppError('NOT_FOUND', 'exam.simulationNotFound');
    const answers = lastAnswers?.length && inTime(run, now) ? mergeAnswers(run, lastAnswers) : run.answers;
    const chosen = new Map(answers.map((a) => [a.question_id, a.answer_id]));

    const perTopic: Record<string, { correct: number; total: number }> = {};
    const wrong: string[] = [];
    const review: ExamSimulationResult['review'] = [];
    for (const id of run.questionIds) {
      // A question staff deleted meanwhile is left out of the score.
      const question = byId.get(id);
      const right = question?.answers.find((a) => a.correct);
      if (!question || !right) continue;
      const chosenId = chosen.get(id) ?? null;
      const correct = chosenId === right.answer_id;
      const t = (perTopic[question.topic] ??= { correct: 0, total: 0 });
      t.total += 1;
      if (correct) t.correct += 1;
      else wrong.push(id);
      review.push({ question_id: id, topic: question.topic, chosen_answer_id: chosenId, correct_answer_id: right.answer_id, correct });
    }
    const score = review.filter((r) => r.correct).length;
    const deadline = run.deadlineAt ?? now;
    const durationSeconds = Math.max(0, Math.round((Math.min(now.getTime(), deadline.getTime()) - run.startedAt.getTime()) / 1000));
    const [row] = await tx
      .insert(examAttempts)
      .values({ userId, score, total: review.length, perTopic, wrongQuestionIds: wrong, mode: 'timed', durationSeconds })
      .returning();
    // Per-question statistics and the review queue, in the attempt's transaction: the questions answered
    // (one left unanswered when time ran out says nothing about the question).
    const answered = review.filter((r) => r.chosen_answer_id !== null);
    await recordAnswers(
      tx,
      userId,
      answered.map((r) => ({ questionId: r.question_id, correct: r.correct })),
    );
    return { attempt: toAttempt(row!, review.length), duration_seconds: durationSeconds, review };
  });
}
