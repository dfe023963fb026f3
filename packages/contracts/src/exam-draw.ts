/**
 * Drawing an exam from the question pool (issue #34): the one home of the topic weights and of the draw.
 * Zod-free and pure, so the API (the spec's run, the timed simulation) and the browser (an exam drawn
 * offline from the questions it has cached) draw the same exam from the same pool and seed.
 * docs/exam-content.md ("Drawing an exam from the pool") describes it for people.
 */
import { EXAM_FREE_QUESTIONS, EXAM_QUESTION_COUNT, EXAM_TOPICS, type ExamTopic } from './exam-constants';

/** How many of an exam's 80 questions each topic gets (they add up to EXAM_QUESTION_COUNT). */
export const EXAM_TOPIC_WEIGHTS: Readonly<Record<ExamTopic, number>> = {
  rules: 28,
  safety: 14,
  geography: 14,
  'for-hire': 12,
  'customer-service': 8,
  trafficking: 4,
};
/** Of geography's questions, how many are map-reading (a question with a map). */
export const EXAM_MAP_READING_WEIGHT = 10;

/** A draw's seed: a whole number from 0 to EXAM_SEED_MAX (fits a PostgreSQL integer). */
export const EXAM_SEED_MAX = 2_147_483_647;

export function isExamSeed(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= EXAM_SEED_MAX;
}

/** A new seed from the platform's cryptographic generator (browser and Node alike). */
export function randomExamSeed(): number {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1;
}

/** What the draw needs of a question (the API's and the web's ExamQuestion fit). */
export interface DrawableQuestion {
  question_id: string;
  topic: string;
  /** The bank's order: positions 1–EXAM_FREE_QUESTIONS are the free preview. */
  position: number;
  /** A map-reading question has a map. */
  map?: unknown;
}

export interface DrawOptions {
  /**
   * The spec's run (true, the default): the free preview (positions 1–5, in order) opens every exam, so
   * guests and users without access get the spec's flow and a run begun without access continues after
   * paying. The timed simulation (false) draws all of its questions.
   */
  freePreviewFirst?: boolean;
}

/** How long an exam drawn from a pool of this size is: 80, or the whole pool when it is smaller. */
export function examLength(poolSize: number): number {
  return Math.min(EXAM_QUESTION_COUNT, Math.max(0, poolSize));
}

/** mulberry32: a small, fast generator; the same seed gives the same numbers on every platform. */
function generator(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const byId = (a: DrawableQuestion, b: DrawableQuestion) => (a.question_id < b.question_id ? -1 : a.question_id > b.question_id ? 1 : 0);
const isMapReading = (q: DrawableQuestion) => q.topic === 'geography' && q.map !== null && q.map !== undefined;
/** Topics in a fixed order: the exam's, then any other (weight 0: only used to fill) by name. */
const topicOrder = (topics: Iterable<string>) => {
  const known = EXAM_TOPICS.filter((t) => [...topics].includes(t)) as string[];
  return [...known, ...[...new Set(topics)].filter((t) => !known.includes(t)).sort()];
};
const weightOf = (topic: string) => (EXAM_TOPIC_WEIGHTS as Record<string, number | undefined>)[topic] ?? 0;

/**
 * Draws an exam from `pool`: deterministic for a seed (the pool's order does not matter), no question
 * twice, EXAM_QUESTION_COUNT questions (or the whole pool when it is smaller).
 *
 * 1. The free preview first (freePreviewFirst): the questions at positions 1–5, in order. They count
 *    towards their topics' weights.
 * 2. Each topic gets its weight (EXAM_TOPIC_WEIGHTS), chosen at random among its questions; geography
 *    takes EXAM_MAP_READING_WEIGHT map-reading questions and the rest without a map (either kind fills
 *    in for the other when the pool has too few).
 * 3. Fallback: places a topic cannot fill (too few questions in the pool) go, one at a time, to the
 *    topic with questions left that is furthest below its weight (fewest drawn per weight point; ties
 *    in EXAM_TOPICS order). Today's 80-question bank gives its 80 questions.
 * 4. The order after the preview spreads each topic over the exam (each topic's k questions fall one
 *    in each k-th of it, at a random point within), so topics interleave.
 */
export function drawExam<T extends DrawableQuestion>(pool: readonly T[], seed: number, options: DrawOptions = {}): T[] {
  const random = generator(seed);
  const unique = [...new Map(pool.map((q) => [q.question_id, q])).values()].sort(byId);
  const size = examLength(unique.length);
  const head = options.freePreviewFirst === false ? [] : unique.filter((q) => q.position >= 1 && q.position <= EXAM_FREE_QUESTIONS);
  head.sort((a, b) => a.position - b.position || byId(a, b));
  const headIds = new Set(head.map((q) => q.question_id));
  const rest = unique.filter((q) => !headIds.has(q.question_id));

  const topics = topicOrder([...unique.map((q) => q.topic), ...EXAM_TOPICS]);
  const drawn = new Map<string, number>(topics.map((t) => [t, head.filter((q) => q.topic === t).length]));
  const picked = new Map<string, T[]>(topics.map((t) => [t, []]));
  const left = new Map<string, T[]>();
  for (const topic of topics) {
    const own = rest.filter((q) => q.topic === topic);
    const want = Math.max(0, weightOf(topic) - drawn.get(topic)!);
    let take: T[];
    let spare: T[];
    if (topic === 'geography') {
      const maps = shuffle(
        own.filter((q) => isMapReading(q)),
        random,
      );
      const plain = shuffle(
        own.filter((q) => !isMapReading(q)),
        random,
      );
      const mapWant = Math.max(0, Math.min(want, EXAM_MAP_READING_WEIGHT - head.filter(isMapReading).length));
      let m = Math.min(mapWant, maps.length);
      const p = Math.min(want - m, plain.length);
      m = Math.min(want - p, maps.length);
      take = [...maps.slice(0, m), ...plain.slice(0, p)];
      spare = shuffle([...maps.slice(m), ...plain.slice(p)], random);
    } else {
      const shuffled = shuffle(own, random);
      take = shuffled.slice(0, want);
      spare = shuffled.slice(want);
    }
    picked.get(topic)!.push(...take);
    drawn.set(topic, drawn.get(topic)! + take.length);
    left.set(topic, spare);
  }

  let missing = size - head.length - topics.reduce((n, t) => n + picked.get(t)!.length, 0);
  while (missing > 0) {
    let best: string | null = null;
    for (const topic of topics) {
      if (left.get(topic)!.length === 0) continue;
      if (best === null || furtherBelow(topic, best, drawn)) best = topic;
    }
    if (best === null) break;
    picked.get(best)!.push(left.get(best)!.shift()!);
    drawn.set(best, drawn.get(best)! + 1);
    missing -= 1;
  }

  // Spread: each topic's questions, in a random order, at (j + u) / k of the exam (u random in [0, 1)).
  const placed: Array<{ q: T; key: number; topic: number }> = [];
  topics.forEach((topic, topicIndex) => {
    const mine = shuffle(picked.get(topic)!, random);
    mine.forEach((q, j) => placed.push({ q, key: (j + random()) / mine.length, topic: topicIndex }));
  });
  placed.sort((a, b) => a.key - b.key || a.topic - b.topic);
  return [...head, ...placed.map((p) => p.q)];
}

/** Whether topic a is further below its weight than b (fewer drawn per weight point; a topic of weight 0 last). */
function furtherBelow(a: string, b: string, drawn: ReadonlyMap<string, number>): boolean {
  const wa = weightOf(a);
  const wb = weightOf(b);
  if (wa === 0 || wb === 0) return wa > 0 && wb === 0;
  return drawn.get(a)! * wb < drawn.get(b)! * wa;
}

/** The ids of the exam drawIn draws (what a run stores). */
export function drawExamIds(pool: readonly DrawableQuestion[], seed: number, options: DrawOptions = {}): string[] {
  return drawExam(pool, seed, options).map((q) => q.question_id);
}
