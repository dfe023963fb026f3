import { describe, expect, it } from 'vitest';
import { EXAM_PASS_ABOVE, EXAM_QUESTION_COUNT, passesExam } from '../src/exam-constants';
import { gradeAnswer, gradeSheet, isOwnAnswer, type AnswerGrade, type GradableQuestion } from '../src/exam-grading';

const q = (id: string, topic: string, right: string, ...wrong: string[]): GradableQuestion => ({
  question_id: id,
  topic,
  answers: [right, ...wrong].map((answer_id, i) => ({ answer_id, correct: i === 0 })),
});
const Q1 = q('q1', 'rules', 'a1', 'b1', 'c1');
const Q2 = q('q2', 'geography', 'a2', 'b2');

describe("gradeAnswer: the exam's one grader", () => {
  const cases: Array<[string, GradableQuestion, string | null | undefined, AnswerGrade]> = [
    ['its correct answer', Q1, 'a1', 'right'],
    ['one of its wrong answers', Q1, 'b1', 'wrong'],
    ['another of its wrong answers', Q1, 'c1', 'wrong'],
    ['no answer (null)', Q1, null, 'unanswered'],
    ['no answer (undefined)', Q1, undefined, 'unanswered'],
    ["another question's correct answer", Q1, 'a2', 'not-its-answer'],
    ["another question's wrong answer", Q1, 'b2', 'not-its-answer'],
    ['an unknown id', Q1, 'zz', 'not-its-answer'],
    ['an empty id', Q1, '', 'not-its-answer'],
  ];
  it.each(cases)('%s', (_, question, answerId, grade) => {
    expect(gradeAnswer(question, answerId)).toBe(grade);
    if (answerId) expect(isOwnAnswer(question, answerId)).toBe(grade !== 'not-its-answer');
  });
});

describe('gradeSheet', () => {
  it("grades the first try per question, in the questions' order; only its own correct answer is right", () => {
    const sheet = gradeSheet(
      [Q1, Q2],
      [
        { question_id: 'q2', answer_id: 'a1' }, // another question's correct answer: not right
        { question_id: 'q1', answer_id: 'a1' },
        { question_id: 'q1', answer_id: 'b1' }, // a second try: ignored
        { question_id: 'q9', answer_id: 'a9' }, // not on the sheet: not graded
      ],
    );
    expect(sheet).toMatchObject({ score: 1, total: 2, answered: 2, wrong_question_ids: ['q2'] });
    expect(sheet.per_topic).toEqual({ rules: { correct: 1, total: 1, answered: 1 }, geography: { correct: 0, total: 1, answered: 1 } });
    expect(sheet.questions.map((g) => [g.question_id, g.grade, g.correct_answer_id])).toEqual([
      ['q1', 'right', 'a1'],
      ['q2', 'not-its-answer', 'a2'],
    ]);
  });

  it('counts an open question as missed in the score, and not as answered', () => {
    const sheet = gradeSheet([Q1, Q2], [{ question_id: 'q2', answer_id: 'a2' }]);
    expect(sheet).toMatchObject({ score: 1, total: 2, answered: 1, wrong_question_ids: ['q1'] });
    expect(sheet.per_topic.rules).toEqual({ correct: 0, total: 1, answered: 0 });
  });
});

describe('the pass rule', () => {
  it.each([
    [EXAM_QUESTION_COUNT, true],
    [61, true],
    [60, false],
    [0, false],
  ])('a score of %i of 80 passes: %s', (score, passes) => {
    expect(passesExam(score)).toBe(passes);
  });
  it("is the spec's: above 60 of 80", () => {
    expect([EXAM_PASS_ABOVE, EXAM_QUESTION_COUNT]).toEqual([60, 80]);
  });
});
