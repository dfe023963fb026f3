/**
 * The exam's one grader (zod-free, so the web's exam pages can use it too). Every way of taking the
 * exam grades through it: the API's attempts, the run in progress, the timed simulation and the answer
 * log, and the web's runner and kept run. The pass rule and the question count are in exam-constants.
 */

/** What grading needs of a question: its id, topic and answers (the bank's ExamQuestion fits). */
export interface GradableQuestion {
  question_id: string;
  topic: string;
  answers: ReadonlyArray<{ answer_id: string; correct: boolean }>;
}

/**
 * One answer to one question:
 * - `right`: one of the question's own answers, and the correct one;
 * - `wrong`: one of its own answers, not the correct one;
 * - `unanswered`: no answer (a timed simulation can end with questions left open);
 * - `not-its-answer`: an answer id that is not one of this question's (another question's, or unknown).
 *   It never counts as right. The API refuses it where answers come in (each endpoint with its 4xx);
 *   one already kept (the question was edited since) is graded wrong.
 */
export type AnswerGrade = 'right' | 'wrong' | 'unanswered' | 'not-its-answer';

export function gradeAnswer(question: GradableQuestion, answerId: string | null | undefined): AnswerGrade {
  if (answerId === null || answerId === undefined) return 'unanswered';
  const answer = question.answers.find((a) => a.answer_id === answerId);
  if (!answer) return 'not-its-answer';
  return answer.correct ? 'right' : 'wrong';
}

/** Whether an answer id is one of the question's own answers (what the endpoints check before grading). */
export function isOwnAnswer(question: GradableQuestion, answerId: string): boolean {
  return gradeAnswer(question, answerId) !== 'not-its-answer';
}

/** Per topic: right answers, questions, and the questions answered (readiness counts only those). */
export interface TopicResult {
  correct: number;
  total: number;
  answered: number;
}

export interface GradedQuestion {
  question_id: string;
  topic: string;
  answer_id: string | null;
  grade: AnswerGrade;
  correct: boolean;
  /** The question's correct answer (null if it has none). */
  correct_answer_id: string | null;
}

export interface GradedSheet {
  /** Right answers. */
  score: number;
  /** Questions graded. */
  total: number;
  /** Questions answered (not `unanswered`). */
  answered: number;
  per_topic: Record<string, TopicResult>;
  /** The questions not answered right (wrong, unanswered, not its answer), in the questions' order. */
  wrong_question_ids: string[];
  questions: GradedQuestion[];
}

/**
 * Grades a sheet: each of `questions` in their order, with the first answer given to it in `answers`
 * (a later answer to the same question is ignored: the first try counts). Answers to questions not in
 * `questions` are not graded.
 */
export function gradeSheet(questions: readonly GradableQuestion[], answers: ReadonlyArray<{ question_id: string; answer_id: string }>): GradedSheet {
  const firstTry = new Map<string, string>();
  for (const a of answers) if (!firstTry.has(a.question_id)) firstTry.set(a.question_id, a.answer_id);
  const sheet: GradedSheet = { score: 0, total: 0, answered: 0, per_topic: {}, wrong_question_ids: [], questions: [] };
  for (const q of questions) {
    const answerId = firstTry.get(q.question_id) ?? null;
    const grade = gradeAnswer(q, answerId);
    const correct = grade === 'right';
    const topic = (sheet.per_topic[q.topic] ??= { correct: 0, total: 0, answered: 0 });
    topic.total += 1;
    sheet.total += 1;
    if (grade !== 'unanswered') {
      topic.answered += 1;
      sheet.answered += 1;
    }
    if (correct) {
      topic.correct += 1;
      sheet.score += 1;
    } else {
      sheet.wrong_question_ids.push(q.question_id);
    }
    sheet.questions.push({
      question_id: q.question_id,
      topic: q.topic,
      answer_id: answerId,
      grade,
      correct,
      correct_answer_id: q.answers.find((a) => a.correct)?.answer_id ?? null,
    });
  }
  return sheet;
}
