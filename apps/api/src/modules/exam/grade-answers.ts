import { inArray } from 'drizzle-orm';
import { EXAM_FREE_QUESTIONS } from '@medallion/contracts/exam';
import { gradeSheet, isOwnAnswer, type GradableQuestion, type GradedSheet } from '@medallion/contracts/exam-grading';
import type { DbExecutor } from '@medallion/db/client';
import { examAnswers, examQuestions } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

type SubmittedAnswer = { question_id: string; answer_id: string };

/**
 * Grades answers sent by a client (POST /exam/attempts, POST /exam/answers) with the exam's one grader
 * (gradeSheet in packages/contracts/src/exam-grading.ts), the first try per question, the questions in
 * the exam's order. Refused before anything is graded: a question the user may not take (unknown, or
 * beyond the free 5 without paid access): 404 exam.questionNotFound; an answer that is not one of its
 * question's (another question's answer included): 404 exam.answerNotFound. The timed simulation and the
 * run in progress check their answers on the way in too and grade with the same gradeSheet.
 */
export async function gradeSubmittedAnswers(db: DbExecutor, answers: readonly SubmittedAnswer[], fullAccess: boolean): Promise<GradedSheet> {
  const ids = [...new Set(answers.map((a) => a.question_id))];
  const rows = await db
    .select({ id: examQuestions.id, topic: examQuestions.topic, position: examQuestions.position })
    .from(examQuestions)
    .where(inArray(examQuestions.id, ids));
  if (rows.length !== ids.length || (!fullAccess && rows.some((q) => q.position > EXAM_FREE_QUESTIONS))) {
    throw new AppError('NOT_FOUND', 'exam.questionNotFound');
  }
  const options = await db
    .select({ answer_id: examAnswers.id, questionId: examAnswers.questionId, correct: examAnswers.correct })
    .from(examAnswers)
    .where(inArray(examAnswers.questionId, ids));
  const questions: GradableQuestion[] = [...rows]
    .sort((a, b) => a.position - b.position)
    .map((q) => ({ question_id: q.id, topic: q.topic, answers: options.filter((o) => o.questionId === q.id) }));
  const byId = new Map(questions.map((q) => [q.question_id, q]));
  const seen = new Set<string>();
  answers.forEach((a, i) => {
    if (seen.has(a.question_id)) return; // only the first try is graded
    seen.add(a.question_id);
    if (!isOwnAnswer(byId.get(a.question_id)!, a.answer_id)) throw new AppError('NOT_FOUND', 'exam.answerNotFound').on(`answers.${i}.answer_id`);
  });
  return gradeSheet(questions, answers);
}
