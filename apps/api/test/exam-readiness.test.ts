import { describe, expect, it } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import { examAttempts, examReviewItems } from '@medallion/db/schema';
import { EXAM_TOPICS, type ExamMode, type ExamQuestion, type ExamReadiness, type ExamSimulation, type ExamTopic } from '@medallion/contracts/exam';
import { computeReadiness, type ReadinessAttempt } from '../src/modules/exam/get-readiness';
import { examQuestionsSeedStep } from '../src/modules/exam/seed-exam-questions';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { saveSandboxCard } from './helpers/payments';

/** The exam's questions per topic in these pure cases (80 in all). */
const COUNTS: Record<ExamTopic, number> = { rules: 30, geography: 10, safety: 15, 'customer-service': 10, 'for-hire': 10, trafficking: 5 };

let seq = 0;
/** An attempt `minutesAgo` minutes old with these per-topic results ([correct, total, answered = total]). */
function attempt(minutesAgo: number, topics: Partial<Record<ExamTopic, [number, number, number?]>>, mode: ExamMode = 'exam'): ReadinessAttempt {
  const perTopic = Object.fromEntries(Object.entries(topics).map(([t, [correct, total, answered = total]]) => [t, { correct, total, answered }]));
  const values = Object.values(perTopic);
  return {
    id: `a${++seq}`,
    score: values.reduce((n, t) => n + t.correct, 0),
    total: values.reduce((n, t) => n + t.total, 0),
    mode,
    perTopic,
    createdAt: new Date(Date.UTC(2026, 10, 1) - minutesAgo * 60_000),
  };
}
/** Every topic at the same results (its exam count scaled by `share`), so an 80-question attempt. */
const evenly = (minutesAgo: number, share: number, mode: ExamMode = 'exam') =>
  attempt(minutesAgo, Object.fromEntries(EXAM_TOPICS.map((t) => [t, [Math.round(COUNTS[t] * share), COUNTS[t]]])), mode);
const topicOf = (r: ExamReadiness, t: ExamTopic) => r.per_topic.find((p) => p.topic === t)!;

describe('readiness formula (computeReadiness)', () => {
  it('has no score and asks for a first exam without enough answers', () => {
    const none = computeReadiness([], COUNTS, 0);
    expect(none).toMatchObject({ score: null, verdict: null, confidence: null, next_step: 'take-first-exam', next_topic: null, history: [] });
    expect(none.attempts_considered).toBe(0);
    expect(none.per_topic.map((t) => t.topic)).toEqual([...EXAM_TOPICS]);
    expect(none.per_topic.every((t) => t.rate === null && !t.below_pass && t.total === 0)).toBe(true);
    // 9 answers: still no score (but the topic results are there).
    const few = computeReadiness([attempt(1, { rules: [5, 5], geography: [0, 4] })], COUNTS, 0);
    expect(few).toMatchObject({ score: null, next_step: 'take-first-exam', answers_considered: 9, attempts_considered: 1 });
    expect(topicOf(few, 'geography')).toMatchObject({ correct: 0, total: 4, rate: 0, below_pass: true });
    expect(few.history).toHaveLength(1);
  });

  it('weights the newer attempts more and the topics by their share of the exam', () => {
    // Rules: newest 10/10 (w 1), older 0/10 (w 0.8) → 10 / 18 = 55.6 %. Geography: 5/10 (w 1) → 50 %.
    const r = computeReadiness([attempt(10, { rules: [0, 10] }), attempt(1, { rules: [10, 10], geography: [5, 10] })], COUNTS, 0);
    expect(topicOf(r, 'rules')).toMatchObject({ correct: 10, total: 20, rate: 56, below_pass: true, exam_questions: 30 });
    expect(topicOf(r, 'geography')).toMatchObject({ correct: 5, total: 10, rate: 50, below_pass: true });
    expect(topicOf(r, 'safety')).toMatchObject({ total: 0, rate: null, below_pass: false });
    // Score: (30 · 10/18 + 10 · 0.5) / (30 + 10) = 54.2 → 54; only 40 % of the exam answered: low confidence.
    expect(r).toMatchObject({ score: 54, confidence: 'low', verdict: 'not-ready', attempts_considered: 2, answers_considered: 30 });
    expect(r.weak_topics).toEqual(['geography', 'rules']);
    expect(r).toMatchObject({ next_step: 'practice-topic', next_topic: 'geography' });
    expect(r.pass_percent).toBe(76.25);
    // History: oldest first.
    expect(r.history.map((h) => h.score)).toEqual([0, 15]);
  });

  it('uses only the 5 newest attempts of each topic', () => {
    const old = Array.from({ length: 5 }, (_, i) => attempt(100 + i, { safety: [0, 10] }));
    const recent = Array.from({ length: 5 }, (_, i) => attempt(10 + i, { safety: [10, 10] }));
    const r = computeReadiness([...old, ...recent], COUNTS, 0);
    expect(topicOf(r, 'safety')).toMatchObject({ correct: 50, total: 50, rate: 100 });
    expect(r.attempts_considered).toBe(5);
    expect(r.history).toHaveLength(10);
  });

  it('marks the topics below 61 of 80 (76.25 %) and names the next step for each case', () => {
    // 61 of 80 is the pass mark: at it a topic is not weak, one answer below it is.
    const edge = computeReadiness([attempt(1, { rules: [61, 80], geography: [60, 80] })], COUNTS, 3);
    expect(topicOf(edge, 'rules')).toMatchObject({ rate: 76, below_pass: false });
    expect(topicOf(edge, 'geography')).toMatchObject({ rate: 75, below_pass: true });
    expect(edge).toMatchObject({ weak_topics: ['geography'], next_step: 'practice-topic', next_topic: 'geography' });

    // Every topic at 80 %: none weak; review questions are due first.
    const review = computeReadiness([evenly(1, 0.8)], COUNTS, 2);
    expect(review.weak_topics).toEqual([]);
    expect(review).toMatchObject({ score: 80, verdict: 'keep-practicing', next_step: 'review-due', review_due: 2, next_topic: null });

    // About 90 % (73 of 80 with the rounding of 4.5 and 13.5 up), nothing due, but no timed simulation yet.
    const timed = computeReadiness([evenly(1, 0.9)], COUNTS, 0);
    expect(timed).toMatchObject({ score: 91, verdict: 'likely-pass', next_step: 'take-timed' });

    // A passed timed simulation among the recent attempts: ready.
    const ready = computeReadiness([evenly(5, 0.9, 'timed'), evenly(1, 0.9)], COUNTS, 0);
    expect(ready).toMatchObject({ verdict: 'likely-pass', next_step: 'ready' });

    // Far below: not ready.
    expect(computeReadiness([evenly(1, 0.4)], COUNTS, 0)).toMatchObject({ score: 40, verdict: 'not-ready' });
  });

  it('counts only the answers given, never the questions a timed simulation left open', () => {
    // 80 questions, 12 answered (all right): 12 answers at 100 %, not 80 at 15 %.
    const open = computeReadiness([attempt(1, { rules: [6, 30, 6], safety: [6, 15, 6], geography: [0, 10, 0] }, 'timed')], COUNTS, 0);
    expect(open).toMatchObject({ answers_considered: 12, score: 100 });
    expect(topicOf(open, 'geography')).toMatchObject({ total: 0, rate: null });
    // A timed attempt stored before `answered` existed cannot tell open questions from wrong ones: left out.
    const legacy = { ...attempt(2, { rules: [3, 30] }, 'timed'), perTopic: { rules: { correct: 3, total: 30 } } };
    expect(computeReadiness([legacy, attempt(3, { rules: [10, 10] })], COUNTS, 0)).toMatchObject({
      answers_considered: 10,
      attempts_considered: 1,
      score: 100,
    });
    // The other modes held only answered questions: their total is the answers.
    const oldExam = { ...attempt(2, { rules: [5, 10] }), perTopic: { rules: { correct: 5, total: 10 } } };
    expect(computeReadiness([oldExam], COUNTS, 0)).toMatchObject({ answers_considered: 10, score: 50 });
  });

  it('never says "likely to pass" with low confidence', () => {
    const r = computeReadiness([attempt(1, { rules: [20, 20] })], COUNTS, 0);
    expect(r).toMatchObject({ score: 100, confidence: 'low', verdict: 'keep-practicing', next_step: 'take-timed' });
  });
});

describe('GET /api/exam/readiness', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  await runSeed(app.db, [examQuestionsSeedStep]);
  const me = await createConfirmedUser(app, 'ready-me@example.com');
  const other = await createConfirmedUser(app, 'ready-other@example.com');
  const readiness = async (cookie: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/exam/readiness', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ExamReadiness;
  };

  it('answers 401 to a guest', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/exam/readiness' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('has no score without attempts, and the exam bank gives the topic weights', async () => {
    const r = await readiness(me.cookie);
    expect(r).toMatchObject({ score: null, next_step: 'take-first-exam', attempts_considered: 0, history: [], review_due: 0 });
    expect(r.per_topic.reduce((n, t) => n + t.exam_questions, 0)).toBe(80);
  });

  it("computes from the user's own recorded attempts only, and changes after an attempt", async () => {
    // Someone else's perfect attempts never count.
    await app.db.insert(examAttempts).values(
      Array.from({ length: 3 }, () => ({
        userId: other.id,
        score: 80,
        total: 80,
        perTopic: { rules: { correct: 80, total: 80 } },
        wrongQuestionIds: [],
      })),
    );
    const free = (await app.inject({ method: 'GET', url: '/api/exam/questions', headers: { cookie: me.cookie } })).json().data.data as ExamQuestion[];
    const post = (right: (i: number) => boolean) =>
      app.inject({
        method: 'POST',
        url: '/api/exam/attempts',
        headers: { cookie: me.cookie },
        payload: { answers: free.map((q, i) => ({ question_id: q.question_id, answer_id: q.answers.find((a) => a.correct === right(i))!.answer_id })) },
      });
    expect((await post(() => false)).statusCode).toBe(200);
    const one = await readiness(me.cookie);
    // 5 answers: not enough for a score yet.
    expect(one).toMatchObject({ score: null, attempts_considered: 1, answers_considered: 5, next_step: 'take-first-exam' });
    expect(one.history).toEqual([expect.objectContaining({ score: 0, total: 5, mode: 'exam' })]);

    expect((await post(() => true)).statusCode).toBe(200);
    const two = await readiness(me.cookie);
    expect(two).toMatchObject({ attempts_considered: 2, answers_considered: 10 });
    // Every answered topic: newest all right (w 1), the older all wrong (w 0.8) → 1 / 1.8 = 56 %.
    const answered = two.per_topic.filter((t) => t.total > 0);
    expect(answered.length).toBeGreaterThan(0);
    for (const t of answered) expect(t).toMatchObject({ rate: 56, below_pass: true });
    expect(two.score).toBe(56);
    expect(two.next_step).toBe('practice-topic');
    expect(two.weak_topics).toContain(two.next_topic);
    expect(two.history.map((h) => h.score)).toEqual([0, 5]);
    // The other user still sees only their own.
    const theirs = await readiness(other.cookie);
    expect(theirs).toMatchObject({ attempts_considered: 3, score: 100 });
    expect(theirs.history.map((h) => h.total)).toEqual([80, 80, 80]);
  });

  it('counts the review questions due today, not the later ones', async () => {
    const user = await createConfirmedUser(app, 'ready-review@example.com');
    await app.db.insert(examAttempts).values({
      userId: user.id,
      score: 76,
      total: 80,
      perTopic: Object.fromEntries(EXAM_TOPICS.map((t) => [t, { correct: 19, total: 20 }])),
      wrongQuestionIds: ['q001', 'q002', 'q003', 'q004'],
    });
    await app.db.insert(examReviewItems).values([
      { userId: user.id, questionId: 'q001', dueOn: '2020-01-01', missedOn: '2020-01-01' },
      { userId: user.id, questionId: 'q002', dueOn: '2999-01-01', missedOn: '2020-01-01' },
      { userId: other.id, questionId: 'q003', dueOn: '2020-01-01', missedOn: '2020-01-01' },
    ]);
    const r = await readiness(user.cookie);
    expect(r).toMatchObject({ score: 95, weak_topics: [], review_due: 1, next_step: 'review-due' });
  });

  it('counts only the answers given: a timed simulation finished after 3 answers is 3 answers, not 80', async () => {
    const user = await createConfirmedUser(app, 'ready-timed@example.com');
    const card = await saveSandboxCard(app, user.cookie);
    const paid = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { cookie: user.cookie },
      payload: { 'user-pm': card, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': 'ready-timed-tx' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const bank = (await app.inject({ method: 'GET', url: '/api/exam/questions', headers: { cookie: user.cookie } })).json().data.data as ExamQuestion[];
    const rightOf = (id: string) => bank.find((q) => q.question_id === id)!.answers.find((a) => a.correct)!.answer_id;
    const simulate = async (answered: number) => {
      const run = (await app.inject({ method: 'POST', url: '/api/exam/simulation', headers: { cookie: user.cookie } })).json().data as ExamSimulation;
      const answers = run.question_ids.slice(0, answered).map((id) => ({ question_id: id, answer_id: rightOf(id) }));
      const res = await app.inject({ method: 'POST', url: '/api/exam/simulation/submit', headers: { cookie: user.cookie }, payload: { answers } });
      expect(res.statusCode, res.body).toBe(200);
      // The exam's own score still counts the open questions as missed: 3 of 80.
      expect(res.json().data.attempt).toMatchObject({ score: answered, total: 80, passed: false });
      return run.question_ids.slice(0, answered);
    };

    await simulate(3);
    const three = await readiness(user.cookie);
    expect(three).toMatchObject({ score: null, answers_considered: 3, attempts_considered: 1, next_step: 'take-first-exam' });
    expect(three.per_topic.reduce((n, t) => n + t.total, 0)).toBe(3);
    expect(three.per_topic.every((t) => t.correct === t.total)).toBe(true);

    // Twelve more, all right: enough answers for a score, and it is every answer given right.
    await simulate(12);
    const fifteen = await readiness(user.cookie);
    expect(fifteen).toMatchObject({ score: 100, answers_considered: 15, attempts_considered: 2, weak_topics: [] });
    for (const t of fifteen.per_topic) expect(t.rate === null || t.rate === 100, t.topic).toBe(true);
  });
});
