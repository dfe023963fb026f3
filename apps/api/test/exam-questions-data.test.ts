import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { examMapSchema } from '@medallion/contracts/exam-map';
import { charCount, EXAM_SUBJECTS, examBank, type ExamQuestion, type LocalizedText } from './helpers/exam-bank';

const TOPICS = ['rules', 'geography', 'safety', 'customer-service', 'for-hire', 'trafficking'];
const CYRILLIC = /[\u0400-\u04FF]/;
/** At most a quarter of the questions may have the correct answer as the longest option (issue #17). */
const MAX_CORRECT_IS_LONGEST_SHARE = 0.25;
/**
 * The pool each exam draws its 80 questions from (issue #34, "a pool, not a list"): at least 200 questions, each topic
 * at least 2.5 times its weight in one exam (rules 28, safety 14, geography 14 with 10 map-reading, for-hire 12,
 * customer-service 8, trafficking 4), at least 22 map-reading questions, and each subject of the issue in at least 3.
 * q001–q080 are the spec's exam; q081–q140 (part A) and q141–q200 (part B) complete the pool.
 */
const POOL_SIZE = 200;
const TOPIC_MINIMUMS: Record<string, number> = { rules: 70, safety: 35, geography: 35, 'for-hire': 30, 'customer-service': 20, trafficking: 10 };
const MAP_MINIMUM = 22;
const SUBJECT_MINIMUM = 3;
/** Each answer position holds the correct answer in at least this share of the questions. */
const MIN_POSITION_SHARE = 0.2;

const bank = examBank;
const questions = bank.questions;

/** Whether the correct answer is strictly longer than every other option, in one language. */
function correctIsLongest(q: ExamQuestion, lang: 'en' | 'ru'): boolean {
  const correct = q.answers.find((a) => a.correct);
  if (!correct) return false;
  return q.answers.every((a) => a === correct || charCount(correct[lang]) > charCount(a[lang]));
}

/** Every localized text of a question, labelled for readable failure messages. */
function textsOf(q: ExamQuestion): { label: string; text: LocalizedText }[] {
  return [
    { label: `${q.id} question`, text: q.question },
    ...q.answers.map((a, i) => ({ label: `${q.id} answer ${i}`, text: a })),
    { label: `${q.id} explanation`, text: q.explanation },
  ];
}

describe('exam question bank seed data', () => {
  it('has version 4 and keeps the 80 questions of the spec, q001–q080, first', () => {
    expect(bank.version).toBe(4);
    expect(questions.length).toBeGreaterThan(80);
    expect(questions.slice(0, 80).map((q) => q.id)).toEqual(Array.from({ length: 80 }, (_, i) => `q${String(i + 1).padStart(3, '0')}`));
  });

  it('holds the whole pool (issue #34): 200 questions, each topic 2.5 times its exam weight, 22 map-reading, each subject in 3', () => {
    const count = (pick: (q: ExamQuestion) => boolean) => questions.filter(pick).length;
    const shortfalls = [
      ...(questions.length < POOL_SIZE ? [`${questions.length} questions, want ${POOL_SIZE}`] : []),
      ...Object.entries(TOPIC_MINIMUMS)
        .map(([topic, min]) => [topic, count((q) => q.topic === topic), min] as const)
        .filter(([, n, min]) => n < min)
        .map(([topic, n, min]) => `${topic}: ${n}, want ${min}`),
      ...(count((q) => Boolean(q.map)) < MAP_MINIMUM ? [`map-reading: ${count((q) => Boolean(q.map))}, want ${MAP_MINIMUM}`] : []),
      ...EXAM_SUBJECTS.map((subject) => [subject, count((q) => q.subjects?.includes(subject) ?? false)] as const)
        .filter(([, n]) => n < SUBJECT_MINIMUM)
        .map(([subject, n]) => `subject ${subject}: ${n}, want ${SUBJECT_MINIMUM}`),
    ];
    expect(shortfalls).toEqual([]);
  });

  it('numbers the questions from q001 with no gap, unique and in order', () => {
    const ids = questions.map((q) => q.id);
    expect(ids).toEqual(Array.from({ length: questions.length }, (_, i) => `q${String(i + 1).padStart(3, '0')}`));
    expect(new Set(ids).size).toBe(questions.length);
  });

  it('names only the subjects of issue #34, each at most once per question', () => {
    for (const q of questions) {
      const subjects = q.subjects ?? [];
      for (const subject of subjects) expect(EXAM_SUBJECTS, q.id).toContain(subject);
      expect(new Set(subjects).size, q.id).toBe(subjects.length);
    }
  });

  it('uses the six exam topics, each present; the first 80: 10 to 15 geography, at least 3 trafficking', () => {
    for (const q of questions) expect(TOPICS, q.id).toContain(q.topic);
    const count = (topic: string, among = questions) => among.filter((q) => q.topic === topic).length;
    for (const topic of TOPICS) expect(count(topic), topic).toBeGreaterThan(0);
    const spec = questions.slice(0, 80);
    expect(count('geography', spec)).toBeGreaterThanOrEqual(10);
    expect(count('geography', spec)).toBeLessThanOrEqual(15);
    expect(count('trafficking', spec)).toBeGreaterThanOrEqual(3);
  });

  it('counts the topics as docs/exam-content.md says, and at least 8 map-reading questions in geography', () => {
    const doc = readFileSync(new URL('../../../docs/exam-content.md', import.meta.url), 'utf8');
    // The topic table's rows: | `topic` | what it covers | sources | count |
    const documented = Object.fromEntries([...doc.matchAll(/^\| `([a-z-]+)` \|.*\| (\d+) \|$/gm)].map((m) => [m[1], Number(m[2])]));
    const actual = Object.fromEntries(TOPICS.map((topic) => [topic, questions.filter((q) => q.topic === topic).length]));
    expect(documented).toEqual(actual);
    expect(questions.filter((q) => q.map).length).toBeGreaterThanOrEqual(8);
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

  it('makes the correct answer the longest option in at most 25 % of the questions, in each language', () => {
    for (const lang of ['en', 'ru'] as const) {
      const longest = questions.filter((q) => correctIsLongest(q, lang)).map((q) => q.id);
      expect(longest.length, `${lang}: the correct answer is the longest option in ${longest.length} questions: ${longest.join(', ')}`).toBeLessThanOrEqual(
        Math.floor(MAX_CORRECT_IS_LONGEST_SHARE * questions.length),
      );
    }
  });

  it('measures the longest answer by characters, strictly (a tie does not count)', () => {
    const q = (answers: string[]): ExamQuestion => ({
      id: 'x',
      topic: 'rules',
      question: { en: 'q', ru: 'в' },
      answers: answers.map((en, i) => ({ en, ru: 'ё'.repeat(en.length), correct: i === 0 })),
      explanation: { en: 'e', ru: 'е' },
      source: 's',
    });
    expect(correctIsLongest(q(['abcd', 'abc', 'ab', 'a']), 'en')).toBe(true);
    expect(correctIsLongest(q(['abcd', 'abc', 'ab', 'a']), 'ru')).toBe(true);
    expect(correctIsLongest(q(['abcd', 'abcd', 'ab', 'a']), 'en')).toBe(false);
    expect(correctIsLongest(q(['abc', 'abcd', 'ab', 'a']), 'en')).toBe(false);
  });

  it('gives every map question a valid map, and only geography questions a map', async () => {
    for (const q of questions) {
      // A question that asks about "the map" must come with one.
      if (/\bthe map\b/i.test(q.question.en)) expect(q.map, `${q.id} asks about a map but has none`).toBeTruthy();
      if (q.map === undefined || q.map === null) continue;
      expect(q.topic, q.id).toBe('geography');
      const points = (q.map as { points?: unknown }).points;
      expect(Array.isArray(points) && points.length > 0, `${q.id} map has no points`).toBe(true);
      const parsed = examMapSchema.safeParse(q.map);
      expect(parsed.success, `${q.id} map: ${JSON.stringify(parsed.error)}`).toBe(true);
    }
  });

  it('says «лицензия TLC» and spells the boroughs one way in Russian; American English', () => {
    for (const q of questions) {
      for (const { label, text } of textsOf(q)) {
        expect(text.ru, `${label}: «лицензия TLC», not «водительское удостоверение TLC»`).not.toMatch(/водительск\S* удостоверени\S* TLC/i);
        expect(text.ru, `${label}: «Квинс»`).not.toMatch(/Куинс(?!боро)/);
        expect(text.ru, `${label}: «Стейтен-Айленд»`).not.toMatch(/Статен/);
        expect(text.en, `${label}: American "license"`).not.toMatch(/licence/i);
      }
    }
  });

  it('spreads the correct answer over all four positions (each in at least 20 % of the questions)', () => {
    const counts = [0, 0, 0, 0];
    for (const q of questions) {
      const position = q.answers.findIndex((a) => a.correct);
      counts[position] = (counts[position] ?? 0) + 1;
    }
    for (const [position, count] of counts.entries()) {
      expect(count, `position ${position}: ${counts.join(', ')}`).toBeGreaterThanOrEqual(Math.ceil(MIN_POSITION_SHARE * questions.length));
    }
  });

  it('makes the 5 free preview questions cover 5 different topics', () => {
    const previewTopics = new Set(questions.slice(0, 5).map((q) => q.topic));
    expect(previewTopics.size).toBe(5);
  });
});
