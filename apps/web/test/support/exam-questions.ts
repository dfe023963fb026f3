import type { ExamQuestion } from '@medallion/contracts/exam';

/** A two-answer test question `q{n}` at position n: `q{n}-right` is correct, `q{n}-wrong` is not. */
export function examQuestion(n: number): ExamQuestion {
  return {
    question_id: `q${n}`,
    position: n,
    topic: 'rules',
    map: null,
    question: `Question text ${n}?`,
    question_rus: `Вопрос ${n}?`,
    explanation: `Because rule ${n} says so.`,
    explanation_rus: `Потому что правило ${n}.`,
    source: 'TLC rules',
    answers: [
      { answer_id: `q${n}-right`, answer: `Right answer ${n}`, answer_rus: `Верно ${n}`, correct: true },
      { answer_id: `q${n}-wrong`, answer: `Wrong answer ${n}`, answer_rus: `Неверно ${n}`, correct: false },
    ],
  };
}
