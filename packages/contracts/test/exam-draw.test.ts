import { describe, expect, it } from 'vitest';
import { EXAM_FREE_QUESTIONS, EXAM_QUESTION_COUNT, EXAM_TOPICS, type ExamTopic } from '../src/exam-constants';
import {
  drawExam,
  drawExamIds,
  EXAM_MAP_READING_WEIGHT,
  EXAM_SEED_MAX,
  EXAM_TOPIC_WEIGHTS,
  examLength,
  isExamSeed,
  randomExamSeed,
  type DrawableQuestion,
} from '../src/exam-draw';

/** Today's free preview: the topics of q001–q005 (q001 is a map-reading question). */
const PREVIEW: Array<[ExamTopic, boolean]> = [
  ['geography', true],
  ['rules', false],
  ['safety', false],
  ['customer-service', false],
  ['for-hire', false],
];

/**
 * A pool with these questions per topic (and map-reading ones among geography), the first five as
 * today's free preview, ids p001… at positions 1…
 */
function fixturePool(counts: Record<ExamTopic, number>, maps: number): DrawableQuestion[] {
  const left = { ...counts };
  let mapsLeft = maps;
  const kinds: Array<[string, boolean]> = [];
  for (const [topic, map] of PREVIEW) {
    kinds.push([topic, map]);
    left[topic] -= 1;
    if (map) mapsLeft -= 1;
  }
  for (const topic of EXAM_TOPICS) {
    for (let i = 0; i < left[topic]; i++) {
      const map = topic === 'geography' && mapsLeft > 0;
      if (map) mapsLeft -= 1;
      kinds.push([topic, map]);
    }
  }
  // Mixed so the pool's order says nothing about topics.
  const [first, rest] = [kinds.slice(0, 5), kinds.slice(5)];
  rest.sort((a, b) => (a[0] + a[1]).length - (b[0] + b[1]).length || (a[0] < b[0] ? -1 : 1));
  return [...first, ...rest].map(([topic, map], i) => ({
    question_id: `p${String(i + 1).padStart(3, '0')}`,
    topic,
    position: i + 1,
    map: map ? { kind: 'fixture' } : null,
  }));
}

/** The pool of issue #34 (2.5× each weight; pool-design.md), and today's 80-question bank. */
const POOL_200 = fixturePool({ rules: 70, safety: 35, geography: 35, 'for-hire': 30, 'customer-service': 20, trafficking: 10 }, 22);
const BANK_80 = fixturePool({ rules: 27, safety: 14, geography: 14, 'for-hire': 12, 'customer-service': 9, trafficking: 4 }, 10);

const countBy = (questions: readonly DrawableQuestion[]) => {
  const counts: Record<string, number> = {};
  for (const q of questions) counts[q.topic] = (counts[q.topic] ?? 0) + 1;
  return counts;
};
const mapCount = (questions: readonly DrawableQuestion[]) => questions.filter((q) => q.topic === 'geography' && q.map).length;
const SEEDS = Array.from({ length: 200 }, (_, i) => (i * 2_654_435_761) % EXAM_SEED_MAX);

describe('the topic weights', () => {
  it('add up to the exam, with the map-reading share inside geography', () => {
    expect(Object.values(EXAM_TOPIC_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(EXAM_QUESTION_COUNT);
    expect(Object.keys(EXAM_TOPIC_WEIGHTS).sort()).toEqual([...EXAM_TOPICS].sort());
    expect(EXAM_TOPIC_WEIGHTS).toEqual({ rules: 28, safety: 14, geography: 14, 'for-hire': 12, 'customer-service': 8, trafficking: 4 });
    expect(EXAM_MAP_READING_WEIGHT).toBe(10);
  });
});

describe('drawExam from a 200-question pool', () => {
  it.each(SEEDS.slice(0, 40))('meets the weights, 10 map-reading, no duplicates (seed %i)', (seed) => {
    const exam = drawExam(POOL_200, seed);
    expect(exam).toHaveLength(EXAM_QUESTION_COUNT);
    expect(new Set(exam.map((q) => q.question_id)).size).toBe(EXAM_QUESTION_COUNT);
    expect(countBy(exam)).toEqual(EXAM_TOPIC_WEIGHTS);
    expect(mapCount(exam)).toBe(EXAM_MAP_READING_WEIGHT);
    for (const q of exam) expect(POOL_200).toContain(q);
  });

  it('opens with the free preview (positions 1–5, in order) for the spec’s run, not for the simulation', () => {
    for (const seed of SEEDS.slice(0, 20)) {
      expect(
        drawExam(POOL_200, seed)
          .slice(0, EXAM_FREE_QUESTIONS)
          .map((q) => q.position),
      ).toEqual([1, 2, 3, 4, 5]);
      const simulation = drawExam(POOL_200, seed, { freePreviewFirst: false });
      expect(countBy(simulation)).toEqual(EXAM_TOPIC_WEIGHTS);
      expect(mapCount(simulation)).toBe(EXAM_MAP_READING_WEIGHT);
    }
    // The simulation's first five are drawn like the rest: not always the preview.
    const openings = new Set(SEEDS.slice(0, 20).map((seed) => drawExamIds(POOL_200, seed, { freePreviewFirst: false }).slice(0, 5).join()));
    expect(openings.size).toBeGreaterThan(15);
  });

  it('is the same exam for the same seed, whatever the order of the pool', () => {
    const reversed = [...POOL_200].reverse();
    const mixed = [...POOL_200].sort((a, b) => (a.question_id.slice(-1) < b.question_id.slice(-1) ? -1 : 1));
    for (const seed of [0, 1, 42, EXAM_SEED_MAX]) {
      const ids = drawExamIds(POOL_200, seed);
      expect(drawExamIds(POOL_200, seed)).toEqual(ids);
      expect(drawExamIds(reversed, seed)).toEqual(ids);
      expect(drawExamIds(mixed, seed)).toEqual(ids);
    }
    // A question twice in the pool is still drawn once.
    expect(drawExamIds([...POOL_200, ...POOL_200], 7)).toEqual(drawExamIds(POOL_200, 7));
  });

  it('draws different exams for different seeds, and uses the whole pool over many', () => {
    const exams = SEEDS.map((seed) => drawExamIds(POOL_200, seed));
    expect(new Set(exams.map((ids) => [...ids].sort().join())).size).toBe(SEEDS.length);
    const a = new Set(exams[0]);
    const shared = exams[1]!.filter((id) => a.has(id)).length;
    expect(shared).toBeLessThan(60);
    expect(new Set(exams.flat()).size).toBe(POOL_200.length);
  });

  it('spreads the topics so they interleave', () => {
    for (const seed of SEEDS) {
      const topics = drawExam(POOL_200, seed).map((q) => q.topic);
      let run = 1;
      for (let i = 1; i < topics.length; i++) {
        run = topics[i] === topics[i - 1] ? run + 1 : 1;
        expect(run, `seed ${seed}: ${topics.join(' ')}`).toBeLessThanOrEqual(4);
      }
      // Each quarter of the exam holds a fair share of the rules questions (28 of 80: 7 a quarter).
      for (let quarter = 0; quarter < 4; quarter++) {
        const rules = topics.slice(quarter * 20, quarter * 20 + 20).filter((t) => t === 'rules').length;
        expect(rules, `seed ${seed}, quarter ${quarter + 1}`).toBeGreaterThanOrEqual(4);
        expect(rules, `seed ${seed}, quarter ${quarter + 1}`).toBeLessThanOrEqual(10);
      }
    }
  });
});

describe('drawExam when the pool is smaller than the weights ask (fallback)', () => {
  it("gives today's 80-question bank as an 80-question exam: the missing rules place goes to another topic", () => {
    for (const seed of SEEDS.slice(0, 20)) {
      const exam = drawExam(BANK_80, seed);
      expect(exam).toHaveLength(EXAM_QUESTION_COUNT);
      expect(new Set(exam.map((q) => q.question_id)).size).toBe(EXAM_QUESTION_COUNT);
      expect(exam.slice(0, 5).map((q) => q.position)).toEqual([1, 2, 3, 4, 5]);
      expect(countBy(exam)).toEqual({ ...EXAM_TOPIC_WEIGHTS, rules: 27, 'customer-service': 9 });
    }
  });

  it('fills from the topics furthest below their weight, and takes the whole pool when it is smaller than 80', () => {
    // No trafficking questions at all: its 4 places go to others, still 80 in all.
    const noTrafficking = POOL_200.filter((q) => q.topic !== 'trafficking');
    const exam = drawExam(noTrafficking, 3);
    expect(exam).toHaveLength(EXAM_QUESTION_COUNT);
    const counts = countBy(exam);
    expect(counts.trafficking).toBeUndefined();
    for (const topic of EXAM_TOPICS.filter((t) => t !== 'trafficking')) expect(counts[topic]).toBeGreaterThanOrEqual(EXAM_TOPIC_WEIGHTS[topic]);
    expect(counts.rules).toBe(EXAM_TOPIC_WEIGHTS.rules + 1);
    // Too few map-reading questions: other geography questions fill in.
    const fewMaps = POOL_200.filter((q) => !(q.topic === 'geography' && q.map) || q.position < 40).slice();
    expect(mapCount(fewMaps)).toBeLessThan(EXAM_MAP_READING_WEIGHT);
    const geography = drawExam(fewMaps, 5).filter((q) => q.topic === 'geography');
    expect(geography).toHaveLength(EXAM_TOPIC_WEIGHTS.geography);
    expect(mapCount(geography)).toBe(mapCount(fewMaps));
    // A pool of 30: all 30, the preview first.
    const small = POOL_200.slice(0, 30);
    const all = drawExam(small, 9);
    expect(all.map((q) => q.question_id).sort()).toEqual(small.map((q) => q.question_id).sort());
    expect(all.slice(0, 5).map((q) => q.position)).toEqual([1, 2, 3, 4, 5]);
    // The free preview alone (what a browser without access holds): the preview.
    expect(drawExam(POOL_200.slice(0, 5), 11).map((q) => q.position)).toEqual([1, 2, 3, 4, 5]);
    expect(drawExam([], 1)).toEqual([]);
    expect(examLength(200)).toBe(80);
    expect(examLength(30)).toBe(30);
  });

  it('keeps unknown topics only as a last resort', () => {
    const odd = [...BANK_80, { question_id: 'x001', topic: 'other', position: 500, map: null }];
    expect(drawExamIds(odd, 4)).not.toContain('x001');
    expect(drawExamIds(odd.slice(70), 4)).toContain('x001');
  });
});

describe('seeds', () => {
  it('are whole numbers from 0 to EXAM_SEED_MAX, and random ones are', () => {
    for (let i = 0; i < 50; i++) expect(isExamSeed(randomExamSeed())).toBe(true);
    expect([0, 1, EXAM_SEED_MAX].every(isExamSeed)).toBe(true);
    expect([-1, 1.5, EXAM_SEED_MAX + 1, '3', null, Number.NaN].some(isExamSeed)).toBe(false);
  });
});
