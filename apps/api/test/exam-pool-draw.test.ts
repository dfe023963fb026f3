import { describe, expect, it } from 'vitest';
import { EXAM_FREE_QUESTIONS, EXAM_QUESTION_COUNT, type ExamQuestion, type ExamRun, type ExamSimulation } from '@medallion/contracts/exam';
import { drawExamIds, EXAM_MAP_READING_WEIGHT, EXAM_TOPIC_WEIGHTS } from '@medallion/contracts/exam-draw';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { POOL_200, seedFixturePool } from './helpers/exam-pool';
import { saveSandboxCard } from './helpers/payments';

/**
 * Issue #34: the bank is a pool (here a 200-question fixture pool); the spec's run and the timed
 * simulation each draw 80 by the topic weights, remember their draw, and refuse answers outside it.
 */
describe('exams drawn from a 200-question pool', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  await seedFixturePool(app.db);
  const buy = async (cookie: string, tx: string) => {
    const card = await saveSandboxCard(app, cookie);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { cookie },
      payload: { 'user-pm': card, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': tx },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const paid = await createConfirmedUser(app, 'pool-paid@example.com');
  const paid2 = await createConfirmedUser(app, 'pool-paid2@example.com');
  const unpaid = await createConfirmedUser(app, 'pool-unpaid@example.com');
  await buy(paid.cookie, 'pool-tx-1');
  await buy(paid2.cookie, 'pool-tx-2');

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const questionsOf = async (cookie?: string) => (await call('GET', '/api/exam/questions', cookie)).json().data;
  const pool = (await questionsOf(paid.cookie)).data as ExamQuestion[];
  const byId = new Map(pool.map((q) => [q.question_id, q]));
  const right = (id: string) => ({ question_id: id, answer_id: byId.get(id)!.answers.find((a) => a.correct)!.answer_id });
  const wrong = (id: string) => ({ question_id: id, answer_id: byId.get(id)!.answers.find((a) => !a.correct)!.answer_id });
  const topicsOf = (ids: readonly string[]) => {
    const counts: Record<string, number> = {};
    for (const id of ids) counts[byId.get(id)!.topic] = (counts[byId.get(id)!.topic] ?? 0) + 1;
    return counts;
  };
  const mapsOf = (ids: readonly string[]) => ids.filter((id) => byId.get(id)!.map).length;
  const putRun = (cookie: string, payload: object) => call('PUT', '/api/exam/run', cookie, { mode: 'exam', ...payload });
  const getRun = async (cookie: string) => (await call('GET', '/api/exam/run?mode=exam', cookie)).json().data as ExamRun | null;
  const checkDraw = (ids: readonly string[]) => {
    expect(ids).toHaveLength(EXAM_QUESTION_COUNT);
    expect(new Set(ids).size).toBe(EXAM_QUESTION_COUNT);
    expect(topicsOf(ids)).toEqual(EXAM_TOPIC_WEIGHTS);
    expect(mapsOf(ids)).toBe(EXAM_MAP_READING_WEIGHT);
  };

  it('sends the whole pool with access, only the free 5 without; total is the exam, pool_size the pool', async () => {
    expect(pool).toHaveLength(200);
    const full = await questionsOf(paid.cookie);
    expect(full).toMatchObject({ total: EXAM_QUESTION_COUNT, pool_size: 200, full_access: true });
    for (const body of [await questionsOf(unpaid.cookie), await questionsOf(undefined)]) {
      expect(body).toMatchObject({ total: EXAM_QUESTION_COUNT, pool_size: 200, full_access: false });
      expect((body.data as ExamQuestion[]).map((q) => q.position)).toEqual([1, 2, 3, 4, 5]);
    }
    // Nothing of a paid question reaches a browser without access (texts, answers, ids).
    const raw = (await call('GET', '/api/exam/questions', unpaid.cookie)).body;
    for (const q of pool.filter((x) => x.position > EXAM_FREE_QUESTIONS).slice(0, 50)) {
      expect(raw).not.toContain(`"${q.question_id}"`);
      expect(raw).not.toContain(q.answers[0]!.answer_id);
    }
  });

  it('draws 80 distinct questions by the weights for a run, resumes the same draw, and answers by it', async () => {
    const started = await putRun(paid.cookie, { position: 0, answers: [] });
    expect(started.statusCode, started.body).toBe(200);
    const run = started.json().data as ExamRun;
    checkDraw(run.question_ids);
    expect(run.total).toBe(EXAM_QUESTION_COUNT);
    expect(run.seed).toEqual(expect.any(Number));
    // The spec's run opens with the free preview, and the browser draws the same exam from the seed.
    expect(run.question_ids.slice(0, 5).map((id) => byId.get(id)!.position)).toEqual([1, 2, 3, 4, 5]);
    expect(drawExamIds(pool, run.seed!)).toEqual(run.question_ids);
    // Questions past position 80 of the pool are drawn like any other.
    expect(run.question_ids.some((id) => byId.get(id)!.position > EXAM_QUESTION_COUNT)).toBe(true);

    const answers = [right(run.question_ids[0]!), wrong(run.question_ids[1]!), ...run.question_ids.slice(2, 10).map(right)];
    const saved = await putRun(paid.cookie, { position: 10, answers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ seed: run.seed, question_ids: run.question_ids, score: 9, wrong_question_ids: [run.question_ids[1]] });
    // Resume: the same draw, the same answers.
    expect(await getRun(paid.cookie)).toMatchObject({ seed: run.seed, question_ids: run.question_ids, position: 10, score: 9 });
    // A save with the same seed keeps it too.
    expect((await putRun(paid.cookie, { seed: run.seed, position: 10, answers })).json().data.question_ids).toEqual(run.question_ids);
  });

  it('refuses answers outside the draw, beyond the position, and paid questions without access, with a 4xx', async () => {
    const run = (await getRun(paid.cookie))!;
    const outside = pool.find((q) => !run.question_ids.includes(q.question_id))!.question_id;
    const answers = run.question_ids.slice(0, 10).map(right);
    const res = await putRun(paid.cookie, { position: 11, answers: [...answers, right(outside)] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ key: 'exam.runQuestionNotDrawn', fields: { 'answers.10.question_id': expect.anything() } });
    const ahead = await putRun(paid.cookie, { position: 10, answers: [...answers.slice(0, 9), right(run.question_ids[20]!)] });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().key).toBe('exam.runInvalid');
    expect((await putRun(paid.cookie, { position: 81, answers })).statusCode).toBe(400);
    for (const seed of [-1, 1.5, 2 ** 31, '5', null]) {
      const bad = await putRun(paid.cookie, { seed, position: 0, answers: [] });
      expect(bad.statusCode, JSON.stringify(seed)).toBe(400);
      expect(bad.json().fields.seed.key).toBe('runSeed');
    }
    // The run is as it was.
    expect(await getRun(paid.cookie)).toMatchObject({ seed: run.seed, position: 10 });
  });

  it('draws a new exam after the finished one is recorded', async () => {
    const run = (await getRun(paid.cookie))!;
    const answers = run.question_ids.map(right);
    expect((await putRun(paid.cookie, { position: 79, answers: answers.slice(0, 79) })).statusCode).toBe(200);
    // The finished run's attempt answers its own exam: a question outside the draw is refused, the run stays.
    const outside = pool.find((q) => !run.question_ids.includes(q.question_id))!.question_id;
    const foreign = await call('POST', '/api/exam/attempts', paid.cookie, { answers: [...answers.slice(0, 79), right(outside)] });
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(foreign.json()).toMatchObject({ key: 'exam.runQuestionNotDrawn', fields: { 'answers.79.question_id': expect.anything() } });
    expect((await getRun(paid.cookie))?.position).toBe(79);
    const attempt = await call('POST', '/api/exam/attempts', paid.cookie, { answers });
    expect(attempt.statusCode, attempt.body).toBe(200);
    expect(attempt.json().data).toMatchObject({ score: 80, total: 80, passed: true });
    expect(await getRun(paid.cookie)).toBeNull();
    const next = (await putRun(paid.cookie, { position: 0, answers: [] })).json().data as ExamRun;
    checkDraw(next.question_ids);
    expect(next.seed).not.toBe(run.seed);
    expect(next.question_ids).not.toEqual(run.question_ids);
    expect(new Set(next.question_ids.slice(EXAM_FREE_QUESTIONS))).not.toEqual(new Set(run.question_ids.slice(EXAM_FREE_QUESTIONS)));
    // Another seed in a save starts another exam (a new run begun in the browser).
    const other = (await putRun(paid.cookie, { seed: 12345, position: 0, answers: [] })).json().data as ExamRun;
    expect(other.seed).toBe(12345);
    expect(other.question_ids).toEqual(drawExamIds(pool, 12345));
    // The same seed gives another user the same exam (the draw is the seed's, on the server as in a browser).
    expect((await putRun(paid2.cookie, { seed: 12345, position: 0, answers: [] })).json().data.question_ids).toEqual(other.question_ids);
    await call('DELETE', '/api/exam/run?mode=exam', paid.cookie);
    await call('DELETE', '/api/exam/run?mode=exam', paid2.cookie);
  });

  it('gives a user without access the free preview of the draw, and the rest of the same run once access is bought', async () => {
    const late = await createConfirmedUser(app, 'pool-late@example.com');
    const started = (await putRun(late.cookie, { position: 0, answers: [] })).json().data as ExamRun;
    expect(started.total).toBe(EXAM_QUESTION_COUNT);
    expect(started.question_ids.map((id) => byId.get(id)!.position)).toEqual([1, 2, 3, 4, 5]);
    const five = started.question_ids.map(right);
    expect((await putRun(late.cookie, { position: 5, answers: five })).statusCode).toBe(200);
    // A paid question is refused without access (as unknown: nothing about it is told).
    const paidQuestion = pool.find((q) => q.position > EXAM_FREE_QUESTIONS)!.question_id;
    const refused = await putRun(late.cookie, { position: 5, answers: [...five.slice(0, 4), right(paidQuestion)] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().key).toBe('exam.questionNotFound');
    expect((await putRun(late.cookie, { position: 6, answers: five })).statusCode).toBe(404);
    // After buying, the same run continues: the same seed, its whole draw.
    await buy(late.cookie, 'pool-tx-late');
    const after = (await getRun(late.cookie))!;
    expect(after).toMatchObject({ seed: started.seed, position: 5, score: 5 });
    checkDraw(after.question_ids);
    expect(after.question_ids.slice(0, 5)).toEqual(started.question_ids);
    expect(after.question_ids).toEqual(drawExamIds(pool, started.seed!));
    const sixth = await putRun(late.cookie, { position: 6, answers: [...five, right(after.question_ids[5]!)] });
    expect(sixth.statusCode, sixth.body).toBe(200);
  });

  it('draws 80 by the weights for each timed simulation, a new draw each time', async () => {
    const first = (await call('POST', '/api/exam/simulation', paid.cookie)).json().data as ExamSimulation;
    checkDraw(first.question_ids);
    expect((await call('GET', '/api/exam/simulation', paid.cookie)).json().data.question_ids).toEqual(first.question_ids);
    const outside = pool.find((q) => !first.question_ids.includes(q.question_id))!.question_id;
    const refused = await call('PUT', '/api/exam/simulation/answers', paid.cookie, { answers: [right(outside)] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().key).toBe('exam.simulationAnswerInvalid');
    const result = await call('POST', '/api/exam/simulation/submit', paid.cookie, { answers: first.question_ids.slice(0, 70).map(right) });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().data.attempt).toMatchObject({ score: 70, total: 80, passed: true });
    const second = (await call('POST', '/api/exam/simulation', paid.cookie)).json().data as ExamSimulation;
    checkDraw(second.question_ids);
    expect(new Set(second.question_ids)).not.toEqual(new Set(first.question_ids));
    expect((await call('POST', '/api/exam/simulation/submit', paid.cookie, {})).statusCode).toBe(200);
  });

  it('counts the exam as 80 in the modes panel and readiness, topics across the whole pool', async () => {
    const modes = (await call('GET', '/api/exam/modes')).json().data;
    expect(modes.question_count).toBe(EXAM_QUESTION_COUNT);
    expect(Object.fromEntries(modes.topics.map((t: { topic: string; count: number }) => [t.topic, t.count]))).toEqual(POOL_200);
    const readiness = (await call('GET', '/api/exam/readiness', paid.cookie)).json().data;
    expect(Object.fromEntries(readiness.per_topic.map((t: { topic: string; exam_questions: number }) => [t.topic, t.exam_questions]))).toEqual(
      EXAM_TOPIC_WEIGHTS,
    );
  });

  it('grades, reviews and saves questions from anywhere in the pool', async () => {
    const far = pool.filter((q) => q.position > 150).slice(0, 3);
    const answered = await call('POST', '/api/exam/answers', paid2.cookie, { mode: 'topic', answers: far.map((q) => wrong(q.question_id)) });
    expect(answered.statusCode, answered.body).toBe(200);
    const review = (await call('GET', '/api/exam/review', paid2.cookie)).json().data;
    expect(review.due).toEqual(expect.arrayContaining(far.map((q) => q.question_id)));
    const topic = await call('POST', '/api/exam/attempts', paid2.cookie, { mode: 'review', answers: far.map((q) => right(q.question_id)) });
    expect(topic.json().data).toMatchObject({ score: 3, total: 3 });
    expect((await call('POST', '/api/exam/questions/save', paid2.cookie, { question_id: far[0]!.question_id })).json().data.saved).toBe(true);
    // Without access, a question past the preview stays out of reach.
    expect((await call('POST', '/api/exam/answers', unpaid.cookie, { mode: 'exam', answers: [right(far[0]!.question_id)] })).statusCode).toBe(404);
    expect((await call('POST', '/api/exam/questions/save', unpaid.cookie, { question_id: far[0]!.question_id })).statusCode).toBe(404);
  });
});
