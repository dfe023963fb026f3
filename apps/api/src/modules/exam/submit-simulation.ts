import { type ExamQuestion, type ExamSimulationResult } from '@medallion/contracts/exam';
import { gradeSheet } from '@medallion/contracts/exam-grading';
import type { Database } from '@medallion/db/client';
import { examAttempts, examRuns } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { toAttempt } from './grade-attempt';
import { inTime, mergeAnswers, simulationOf } from './simulation-run';
import { recordAnswers } from './record-answers';

/**
 * POST /exam/simulation/submit: grades the user's timed simulation on the server and stores it as an
 * attempt (mode 'timed', with the time used). `lastAnswers` (optional) are saved first when still in
 * time; after that only what was saved by the deadline counts, and an unanswered question is wrong in
 * the score (the attempt's per-topic `answered` says how many were answered: readiness counts only those).
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
    // A question staff deleted meanwhile (or left without a right answer) is left out of the score.
    const questions = run.questionIds.flatMap((id) => {
      const q = byId.get(id);
      return q?.answers.some((a) => a.correct) ? [q] : [];
    });
    // The exam's one grader: an unanswered question is wrong (the exam's score), and so is an answer
    // that is not its question's (mergeAnswers refuses those on the way in).
    const sheet = gradeSheet(questions, answers);
    const { score, per_topic: perTopic, wrong_question_ids: wrong } = sheet;
    const review: ExamSimulationResult['review'] = sheet.questions.map((q) => ({
      question_id: q.question_id,
      topic: byId.get(q.question_id)!.topic,
      chosen_answer_id: q.answer_id,
      correct_answer_id: q.correct_answer_id!,
      correct: q.correct,
    }));
    const deadline = run.deadlineAt ?? now;
    const durationSeconds = Math.max(0, Math.round((Math.min(now.getTime(), deadline.getTime()) - run.startedAt.getTime()) / 1000));
    const [row] = await tx
      .insert(examAttempts)
      .values({ userId, score, total: review.length, perTopic, wrongQuestionIds: wrong, mode: 'timed', durationSeconds })
      .returning();
    // Per-question statistics and the review queue, in the attempt's transaction: the questions answered
    // (one left unanswered when time ran out says nothing about the question).
    await recordAnswers(
      tx,
      userId,
      sheet.questions.filter((q) => q.grade !== 'unanswered').map((q) => ({ questionId: q.question_id, correct: q.correct })),
    );
    return { attempt: toAttempt(row!, review.length), duration_seconds: durationSeconds, review };
  });
}
