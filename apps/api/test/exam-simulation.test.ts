import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import { examAttempts, examRuns } from '@medallion/db/schema';
import type { ExamQuestion, ExamSimulation, ExamSimulationResult } from '@medallion/contracts/exam';
import { EXAM_TOPIC_WEIGHTS } from '@medallion/contracts/exam-draw';
import { examQuestionsSeedStep } from '../src/modules/exam/seed-exam-questions';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, signedInStaff } from './helpers/auth';
import { saveSandboxCard } from './helpers/payments';

describe('timed simulation, topic attempts and the staff setting of its length', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  await runSeed(app.db, [examQuestionsSeedStep]);
  const { cookie: staff } = await signedInStaff(app, 'sim-staff@example.com', 'Staff');
  const unpaid = await createConfirmedUser(app, 'sim-unpaid@example.com');
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
  const alice = await createConfirmedUser(app, 'sim-alice@example.com');
  const bob = await createConfirmedUser(app, 'sim-bob@example.com');
  await buy(alice.cookie, 'sim-tx-alice');
  await buy(bob.cookie, 'sim-tx-bob');

  const bank = (await app
    .inject({ method: 'GET', url: '/api/exam/questions', headers: { cookie: alice.cookie } })
    .then((r) => r.json().data.data)) as ExamQuestion[];
  const byId = new Map(bank.map((q) => [q.question_id, q]));
  const right = (id: string) => byId.get(id)!.answers.find((a) => a.correct)!.answer_id;
  const wrongOf = (id: string) => byId.get(id)!.answers.find((a) => !a.correct)!.answer_id;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const start = (cookie: string) => call('POST', '/api/exam/simulation', cookie);
  const current = async (cookie: string) => (await call('GET', '/api/exam/simulation', cookie)).json().data as ExamSimulation | null;
  const submit = (cookie: string, payload: object = {}) => call('POST', '/api/exam/simulation/submit', cookie, payload);
  const clearRuns = () => app.db.delete(examRuns);
  const attemptsOf = (userId: string) =>
    app.db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.userId, userId), eq(examAttempts.mode, 'timed')));

  it('starts one shuffled run per user, answers it again unchanged, and continues it after a reload', async () => {
    await clearRuns();
    expect(await current(alice.cookie)).toBeNull();
    const first = await start(alice.cookie);
    expect(first.statusCode, first.body).toBe(200);
    const run = first.json().data as ExamSimulation;
    expect(run.question_ids).toHaveLength(80);
    expect(new Set(run.question_ids).size).toBe(80);
    // 80 of the pool, drawn by the topic weights (contracts/exam-draw.ts).
    for (const id of run.question_ids) expect(byId.has(id), id).toBe(true);
    const topics = new Map<string, number>();
    for (const id of run.question_ids) topics.set(byId.get(id)!.topic, (topics.get(byId.get(id)!.topic) ?? 0) + 1);
    expect(Object.fromEntries(topics)).toEqual(EXAM_TOPIC_WEIGHTS);
    for (const id of run.question_ids)
      expect([...run.answer_order[id]!].sort()).toEqual(
        byId
          .get(id)!
          .answers.map((a) => a.answer_id)
          .sort(),
      );
    expect(run.minutes).toBe(90);
    expect(new Date(run.deadline_at).getTime() - new Date(run.started_at).getTime()).toBe(90 * 60_000);

    // Start again, or read it: the same run (order and answers), the deadline on the server clock.
    const again = (await start(alice.cookie)).json().data as ExamSimulation;
    expect(again.run_id).toBe(run.run_id);
    expect(again.question_ids).toEqual(run.question_ids);
    expect(again.answer_order).toEqual(run.answer_order);
    const saved = await call('PUT', '/api/exam/simulation/answers', alice.cookie, {
      answers: [
        { question_id: run.question_ids[0], answer_id: wrongOf(run.question_ids[0]!) },
        { question_id: run.question_ids[1], answer_id: right(run.question_ids[1]!) },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.answered).toBe(2);
    // A changed mind replaces the choice.
    await call('PUT', '/api/exam/simulation/answers', alice.cookie, {
      answers: [{ question_id: run.question_ids[0], answer_id: right(run.question_ids[0]!) }],
    });
    const reloaded = (await current(alice.cookie))!;
    expect(reloaded.run_id).toBe(run.run_id);
    expect(reloaded.question_ids).toEqual(run.question_ids);
    expect(reloaded.deadline_at).toBe(run.deadline_at);
    expect(new Map(reloaded.answers.map((a) => [a.question_id, a.answer_id]))).toEqual(
      new Map([
        [run.question_ids[0], right(run.question_ids[0]!)],
        [run.question_ids[1], right(run.question_ids[1]!)],
      ]),
    );

    // Another user's order is their own (80! orders: equal only by a vanishing chance), and they never see Alice's run.
    const bobs = (await start(bob.cookie)).json().data as ExamSimulation;
    expect(bobs.run_id).not.toBe(run.run_id);
    expect(bobs.question_ids).not.toEqual(run.question_ids);
    expect(bobs.answers).toEqual([]);
    // An answer of Alice's run that is not an answer of the question is refused.
    const foreign = await call('PUT', '/api/exam/simulation/answers', alice.cookie, {
      answers: [{ question_id: run.question_ids[0], answer_id: right(run.question_ids[1]!) }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().key).toBe('exam.simulationAnswerInvalid');
    const unknown = await call('PUT', '/api/exam/simulation/answers', alice.cookie, { answers: [{ question_id: 'q999', answer_id: 'x' }] });
    expect(unknown.statusCode).toBe(400);
  });

  it('grades on the server: unanswered is wrong, a score sent by the client is ignored, per-topic results and the review', async () => {
    await clearRuns();
    const run = (await start(alice.cookie)).json().data as ExamSimulation;
    // 61 right (a pass), the rest: 10 wrong and 9 unanswered.
    const answers = [
      ...run.question_ids.slice(0, 61).map((id) => ({ question_id: id, answer_id: right(id) })),
      ...run.question_ids.slice(61, 71).map((id) => ({ question_id: id, answer_id: wrongOf(id) })),
    ];
    await call('PUT', '/api/exam/simulation/answers', alice.cookie, { answers: answers.slice(0, 40) });
    const before = (await attemptsOf(alice.id)).length;
    const res = await submit(alice.cookie, { answers: answers.slice(40), score: 80, passed: true, total: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as ExamSimulationResult;
    expect(result.attempt).toMatchObject({ score: 61, total: 80, passed: true, mode: 'timed' });
    expect(result.attempt.duration_seconds).toBe(result.duration_seconds);
    expect(result.review.map((r) => r.question_id)).toEqual(run.question_ids);
    expect(result.review.filter((r) => r.chosen_answer_id === null)).toHaveLength(9);
    for (const r of result.review) {
      expect(r.correct_answer_id).toBe(right(r.question_id));
      expect(r.topic).toBe(byId.get(r.question_id)!.topic);
      expect(r.correct).toBe(r.chosen_answer_id === r.correct_answer_id);
    }
    const topics = result.attempt.per_topic;
    expect(Object.values(topics).reduce((n, t) => n + t.total, 0)).toBe(80);
    expect(Object.values(topics).reduce((n, t) => n + t.correct, 0)).toBe(61);
    const rows = await attemptsOf(alice.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ mode: 'timed', score: 61 });
    // The run is gone: a reload shows none, a second submit finds nothing.
    expect(await current(alice.cookie)).toBeNull();
    const twice = await submit(alice.cookie);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().key).toBe('exam.simulationNotFound');
    expect(await attemptsOf(alice.id)).toHaveLength(before + 1);

    // Exactly 60 right fails (above 60 passes).
    const next = (await start(alice.cookie)).json().data as ExamSimulation;
    const sixty = next.question_ids.slice(0, 60).map((id) => ({ question_id: id, answer_id: right(id) }));
    const fail = (await submit(alice.cookie, { answers: sixty })).json().data as ExamSimulationResult;
    expect(fail.attempt).toMatchObject({ score: 60, passed: false });
  });

  it('submitted twice at once makes one attempt', async () => {
    await clearRuns();
    await start(bob.cookie);
    const before = (await attemptsOf(bob.id)).length;
    const results = await Promise.all([submit(bob.cookie), submit(bob.cookie), submit(bob.cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    expect(await attemptsOf(bob.id)).toHaveLength(before + 1);
  });

  it('refuses answers after the deadline (plus its grace) and grades only what was saved by then', async () => {
    await clearRuns();
    const run = (await start(alice.cookie)).json().data as ExamSimulation;
    const [a, b] = run.question_ids;
    await call('PUT', '/api/exam/simulation/answers', alice.cookie, { answers: [{ question_id: a, answer_id: right(a!) }] });
    // The deadline passed 11 seconds ago (past the 10-second grace).
    const past = new Date(Date.now() - 11_000);
    await app.db
      .update(examRuns)
      .set({ startedAt: new Date(past.getTime() - 90 * 60_000), deadlineAt: past })
      .where(eq(examRuns.userId, alice.id));
    const late = await call('PUT', '/api/exam/simulation/answers', alice.cookie, { answers: [{ question_id: b, answer_id: right(b!) }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().key).toBe('exam.simulationTimeUp');
    const res = await submit(alice.cookie, { answers: [{ question_id: b, answer_id: right(b!) }] });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as ExamSimulationResult;
    expect(result.attempt.score).toBe(1);
    expect(result.duration_seconds).toBe(90 * 60);
  });

  it('needs a session and paid access to start; another user cannot reach a run', async () => {
    await clearRuns();
    expect((await call('GET', '/api/exam/simulation')).statusCode).toBe(401);
    expect((await call('POST', '/api/exam/simulation')).statusCode).toBe(401);
    const refused = await start(unpaid.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', key: 'exam.accessRequired' });
    expect(await current(unpaid.cookie)).toBeNull();
    // Alice's run is hers: Bob's and the unpaid user's calls touch only their own (none).
    await start(alice.cookie);
    expect(await current(unpaid.cookie)).toBeNull();
    expect((await submit(unpaid.cookie)).statusCode).toBe(404);
    expect((await call('PUT', '/api/exam/simulation/answers', unpaid.cookie, { answers: [] })).statusCode).toBe(404);
    expect(await current(alice.cookie)).not.toBeNull();
  });

  it('lets staff set the length (1–240 minutes), drivers not; new runs use it, /exam/modes shows it', async () => {
    await clearRuns();
    const get = (cookie?: string) => call('GET', '/api/admin/exam/settings', cookie);
    const put = (body: object, cookie = staff) => call('PUT', '/api/admin/exam/settings', cookie, body);
    expect((await get(staff)).json().data).toEqual({ timed_minutes: 90 });
    expect((await get(alice.cookie)).statusCode).toBe(403);
    expect((await put({ timed_minutes: 30 }, alice.cookie)).statusCode).toBe(403);
    expect((await get()).statusCode).toBe(401);
    for (const bad of [0, 241, 1.5, -5, '30', null]) {
      const res = await put({ timed_minutes: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().fields?.timed_minutes?.key).toBe('examTimedMinutesRange');
    }
    expect((await put({})).statusCode).toBe(400);
    const ok = await put({ timed_minutes: 45 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ timed_minutes: 45 });
    const modes = (await call('GET', '/api/exam/modes')).json().data;
    expect(modes.timed_minutes).toBe(45);
    expect(modes.question_count).toBe(80);
    expect(modes.topics.reduce((n: number, t: { count: number }) => n + t.count, 0)).toBe(bank.length);
    for (const t of modes.topics) expect(t.count).toBe(bank.filter((q) => q.topic === t.topic).length);
    const run = (await start(alice.cookie)).json().data as ExamSimulation;
    expect(run.minutes).toBe(45);
    expect(new Date(run.deadline_at).getTime() - new Date(run.started_at).getTime()).toBe(45 * 60_000);
    await put({ timed_minutes: 90 });
    // A running simulation keeps its own length.
    expect((await current(alice.cookie))!.minutes).toBe(45);
  });

  it("stores practice attempts with their mode ('topic'), the spec's run as 'exam'", async () => {
    const topic = bank.filter((q) => q.topic === 'safety');
    const answers = topic.map((q) => ({ question_id: q.question_id, answer_id: right(q.question_id) }));
    const res = await call('POST', '/api/exam/attempts', alice.cookie, { answers, mode: 'topic' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ mode: 'topic', score: topic.length, total: topic.length });
    const plain = await call('POST', '/api/exam/attempts', alice.cookie, { answers });
    expect(plain.json().data.mode).toBe('exam');
    const bad = await call('POST', '/api/exam/attempts', alice.cookie, { answers, mode: 'timed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields?.mode?.key).toBe('examModeInvalid');
    const list = (await call('GET', '/api/exam/attempts', alice.cookie)).json().data.data as Array<{ mode: string }>;
    expect(list.slice(0, 2).map((a) => a.mode)).toEqual(['exam', 'topic']);
  });
});
