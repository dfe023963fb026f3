import { describe, expect, it } from 'vitest';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { practiceSet } from '@/features/exam/lib/practice-set';

const q = (n: number): ExamQuestion => ({
  question_id: `q${String(n).padStart(3, '0')}`,
  position: n,
  topic: 'rules',
  question: `Question ${n}`,
  question_rus: `Вопрос ${n}`,
  explanation: '',
  explanation_rus: '',
  map: null,
  source: '',
  answers: [],
});
const free = [1, 2, 3, 4, 5].map(q);
const all = Array.from({ length: 80 }, (_, i) => q(i + 1));

describe('practiceSet (Practice my mistakes)', () => {
  it('keeps only the wrong questions, in exam order', () => {
    const set = practiceSet(['q040', 'q002', 'q010'], all, true);
    expect(set.questions.map((x) => x.question_id)).toEqual(['q002', 'q010', 'q040']);
    expect(set.locked).toBe(0);
  });

  it('counts the mistakes beyond the free questions as locked without access', () => {
    const set = practiceSet(['q002', 'q010', 'q040', 'q004'], free, false);
    expect(set.questions.map((x) => x.question_id)).toEqual(['q002', 'q004']);
    expect(set.locked).toBe(2);
    expect(practiceSet(['q010', 'q040'], free, false)).toEqual({ questions: [], locked: 2 });
  });

  it('has nothing to practice after an attempt without mistakes, and ignores duplicates and vanished ids with access', () => {
    expect(practiceSet([], all, false)).toEqual({ questions: [], locked: 0 });
    expect(practiceSet(['q003', 'q003', 'q999'], all, true)).toEqual({ questions: [all[2]], locked: 0 });
  });
});
