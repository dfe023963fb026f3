import type { ExamQuestion } from '@medallion/contracts/exam';

/**
 * "Practice my mistakes": the questions answered wrongly in an attempt that the user may read now, in
 * exam order, and how many more are locked (without paid access only the free questions are sent, so
 * a mistake made while access lasted is locked, not lost). With full access nothing is locked; a
 * question id that no longer exists is simply left out.
 */
export function practiceSet(
  wrongIds: readonly string[],
  available: readonly ExamQuestion[],
  fullAccess: boolean,
): { questions: ExamQuestion[]; locked: number } {
  const wrong = new Set(wrongIds);
  const questions = available.filter((q) => wrong.has(q.question_id));
  return { questions, locked: fullAccess ? 0 : wrong.size - questions.length };
}
