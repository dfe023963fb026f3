import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Shape of packages/db/seed-data/exam-questions.json (the seed for the practice exam). */
interface LocalizedText {
  en: string;
  ru: string;
}

interface ExamAnswer extends LocalizedText {
  correct: boolean;
}

interface ExamQuestion {
  id: string;
  topic: string;
  question: LocalizedText;
  answers: ExamAnswer[];
  explanation: LocalizedText;
  source: string;
}

interface ExamQuestionBank {
  version: number;
  questions: ExamQuestion[];
}

const TOPICS = ['rules', 'geography', 'safety', 'customer-service', 'for-hire'];
const CYRILLIC = /[\u0400-\u04FF]/;

const bank = JSON.parse(readFileSync(new URL('../../../packages/db/seed-data/exam-questions.json', import.meta.url), 'utf8')) as ExamQuestionBank;
const questions = bank.questions;

/** Every localized text of a question, labelled for readable failure messages. */
function textsOf(q: ExamQuestion): { label: string; text: LocalizedText }[] {
  return [
    { label: `${q.id} question`, text: q.question },
    ...q.answers.map((a, i) => ({ label: `${q.id} answer ${i}`, text: a })),
    { label: `${q.id} explanation`, text: q.explanation },
  ];
}

describe('exam question bank seed data', () => {
  it('has version 1 and exactly 80 questions', () => {
    expect(bank.version).toBe(1);
    expect(questions).toHaveLength(80);
  });

  it('numbers the questions q001 to q080, unique and in order', () => {
    const ids = questions.map((q) => q.id);
    expect(ids).toEqual(Array.from({ length: 80 }, (_, i) => `q${String(i + 1).padStart(3, '0')}`));
    expect(new Set(ids).size).toBe(80);
  });

  it('uses only the five exam topics, with 10 to 15 geography questions', () => {
    for (const q of questions) expect(TOPICS, q.id).toContain(q.topic);
    const geography = questions.filter((q) => q.topic === 'geography').length;
    expect(geography).toBeGreaterThanOrEqual(10);
    expect(geography).toBeLessThanOrEqual(15);
  });

  it('gives every question 4 answers with exactly one correct', () => {
    for (const q of questions) {
      expect(q.answers, q.id).toHaveLength(4);
      expect(
        q.answers.filter((a) => a.correct === true),
        q.id,
      ).toHaveLength(1);
      for (const a of q.answers) expect(typeof a.correct, q.id).toBe('boolean');
    }
  });

  it('has non-empty, trimmed texts: Cyrillic in Russian, none in English', () => {
    for (const q of questions) {
      for (const { label, text } of textsOf(q)) {
        for (const lang of ['en', 'ru'] as const) {
          const value = text[lang];
          expect(typeof value, `${label} ${lang}`).toBe('string');
          expect(value.length, `${label} ${lang}`).toBeGreaterThan(0);
          expect(value, `${label} ${lang}`).toBe(value.trim());
        }
        expect(CYRILLIC.test(text.ru), `${label} ru`).toBe(true);
        expect(CYRILLIC.test(text.en), `${label} en`).toBe(false);
      }
    }
  });

  it('has no two questions with the same English text', () => {
    const seen = new Map<string, string>();
    for (const q of questions) {
      const key = q.question.en.toLowerCase();
      expect(seen.get(key), `${q.id} repeats ${seen.get(key)}`).toBeUndefined();
      seen.set(key, q.id);
    }
  });

  it('has no two equal answers within a question, in either language', () => {
    for (const q of questions) {
      for (const lang of ['en', 'ru'] as const) {
        const texts = q.answers.map((a) => a[lang].toLowerCase());
        expect(new Set(texts).size, `${q.id} ${lang}`).toBe(4);
      }
    }
  });

  it('has an explanation and a source for every question', () => {
    for (const q of questions) {
      expect(q.explanation.en.length, q.id).toBeGreaterThan(0);
      expect(q.explanation.ru.length, q.id).toBeGreaterThan(0);
      expect(typeof q.source, q.id).toBe('string');
      expect(q.source.trim().length, q.id).toBeGreaterThan(0);
    }
  });

  it('spreads the correct answer over all four positions (each at least 12 times)', () => {
    const counts = [0, 0, 0, 0];
    for (const q of questions) {
      const position = q.answers.findIndex((a) => a.correct);
      counts[position] = (counts[position] ?? 0) + 1;
    }
    for (const [position, count] of counts.entries()) {
      expect(count, `position ${position}`).toBeGreaterThanOrEqual(12);
    }
  });

  it('makes the 5 free preview questions cover 5 different topics', () => {
    const previewTopics = new Set(questions.slice(0, 5).map((q) => q.topic));
    expect(previewTopics.size).toBe(5);
  });
});
