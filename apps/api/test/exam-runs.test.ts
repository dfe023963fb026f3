import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import { examRuns } from '@medallion/db/schema';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { examQuestionsSeedStep } from '../src/modules/exam/seed-exam-questions';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { saveSandboxCard } from './helpers/payments';

describe('exam runs in progress (resume)', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  await runSeed(app.db, [examQuestionsSeedStep]);
  const unpaid = await createConfirmedUser(app, 'run-unpaid@example.com');
  const other = await createConfirmedUser(app, 'run-other@example.com');
  const paid = await createConfirmedUser(app, 'run-paid@example.com');
  {
    const card = await saveSandboxCard(app, paid.cookie);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { cookie: paid.cookie },
      payload: { 'user-pm': card, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': 'exam-run-test-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const bank: ExamQuestion[] = (await app.inject({ method: 'GET', url: '/api/exam/questions', headers: { cookie: paid.cookie } }).then((r) => r.json())).data
    .data;
  const byPosition = (n: number) => bank.find((q) => q.position === n)!;
  const right = (n: number) => ({ question_id: byPosition(n).question_id, answer_id: byPosition(n).answers.find((a) => a.correct)!.answer_id });
  const wrongAnswer = (n: number) => ({ question_id: byPosition(n).question_id, answer_id: byPosition(n).answers.find((a) => !a.correct)!.answer_id });

  const put = (cookie: string | undefined, payload: unknown) =>
    app.inject({ method: 'PUT', url: '/api/exam/run', headers: cookie ? { cookie } : {}, payload: payload as object });
  const get = (cookie: string | undefined, mode = 'exam') =>
    app.inject({ method: 'GET', url: `/api/exam/run?mode=${mode}`, headers: cookie ? { cookie } : {} });
  const del = (cookie: string | undefined, mode = 'exam') =>
    app.inject({ method: 'DELETE', url: `/api/exam/run?mode=${mode}`, headers: cookie ? { cookie } : {} });

  it('is null before a run, saves, reads back graded by the server, and deletes', async () => {
    expect((await get(unpaid.cookie)).json()).toEqual({ data: null });
    const answers = [right(1), wrongAnswer(2), right(3)];
    const saved = await put(unpaid.cookie, { mode: 'exam', position: 3, answers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ mode: 'exam', position: 3, answers, score: 2, wrong_question_ids: [byPosition(2).question_id] });
    const read = await get(unpaid.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toContain('no-store');
    expect(read.json().data).toMatchObject({ position: 3, answers, score: 2, wrong_question_ids: [byPosition(2).question_id] });
    expect(Date.parse(read.json().data.updated_at)).toBeGreaterThan(Date.now() - 60_000);
    // Saving again replaces the run (one row per user and mode).
    const next = await put(unpaid.cookie, { mode: 'exam', position: 4, answers: [...answers, right(4)] });
    expect(next.json().data).toMatchObject({ position: 4, score: 3 });
    expect(await app.db.select().from(examRuns).where(eq(examRuns.userId, unpaid.id))).toHaveLength(1);
    expect((await del(unpaid.cookie)).json()).toEqual({ data: { deleted: true } });
    expect((await get(unpaid.cookie)).json()).toEqual({ data: null });
    expect((await del(unpaid.cookie)).json()).toEqual({ data: { deleted: false } });
  });

  it('never takes a score or wrong list from the client', async () => {
    const res = await put(unpaid.cookie, { mode: 'exam', position: 2, answers: [wrongAnswer(1), wrongAnswer(2)], score: 80, wrong_question_ids: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ score: 0, wrong_question_ids: [byPosition(1).question_id, byPosition(2).question_id] });
    expect((await get(unpaid.cookie)).json().data.score).toBe(0);
    await del(unpaid.cookie);
  });

  it('needs a session', async () => {
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await put(undefined, { mode: 'exam', position: 0, answers: [] })).statusCode).toBe(401);
    expect((await del(undefined)).statusCode).toBe(401);
  });

  it('refuses bad input with a 4xx, never a 500', async () => {
    const bad: Array<[unknown, number]> = [
      [{ mode: 'exam', position: 1, answers: [{ question_id: 'q999', answer_id: 'x' }] }, 404],
      [{ mode: 'exam', position: 1, answers: [{ question_id: 'q0\u00001', answer_id: right(1).answer_id }] }, 400],
      [{ mode: 'exam', position: 1, answers: [{ question_id: right(1).question_id, answer_id: 'a\u0000' }] }, 400],
      [{ mode: 'exam', position: 2, answers: [right(1), right(1)] }, 400],
      [{ mode: 'exam', position: 1, answers: [{ question_id: right(1).question_id, answer_id: right(2).answer_id }] }, 400],
      [{ mode: 'exam', position: 1, answers: [right(1), right(2)] }, 400],
      [{ mode: 'exam', position: -1, answers: [] }, 400],
      [{ mode: 'exam', position: 81, answers: [] }, 400],
      [{ mode: 'exam', position: 1.5, answers: [] }, 400],
      [{ mode: 'exam', position: '3', answers: [] }, 400],
      [{ mode: 'exam', position: 3, answers: 'q001' }, 400],
      [{ mode: 'exam', position: 3, answers: [{ question_id: 1, answer_id: 2 }] }, 400],
      [{ mode: 'exam', position: 3, answers: Array.from({ length: 5000 }, () => right(1)) }, 400],
      [{ mode: 'exam', position: 3, answers: [{ question_id: 'x'.repeat(100_000), answer_id: 'y' }] }, 400],
      [{ mode: 'timed', position: 0, answers: [] }, 400],
      [{ mode: 'nope', position: 0, answers: [] }, 400],
      [{ position: 0, answers: [] }, 400],
      [null, 400],
    ];
    for (const [payload, status] of bad) {
      const res = await put(unpaid.cookie, payload);
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 200)} → ${res.body}`).toBe(status);
      expect(res.json().key).toEqual(expect.any(String));
    }
    expect((await put(unpaid.cookie, { mode: 'timed', position: 0, answers: [] })).json().key).toBe('exam.runModeUnsupported');
    expect((await get(unpaid.cookie, 'nope')).statusCode).toBe(400);
    expect((await del(unpaid.cookie, 'x\u0000')).statusCode).toBe(400);
    expect((await get(unpaid.cookie)).json().data).toBeNull();
  });

  it('takes answers only for the questions the user may take: the free 5 without access', async () => {
    const five = [1, 2, 3, 4, 5].map(right);
    const ok = await put(unpaid.cookie, { mode: 'exam', position: 5, answers: five });
    expect(ok.statusCode, ok.body).toBe(200);
    // Question 6 and a position past the free questions need access.
    const locked = await put(unpaid.cookie, { mode: 'exam', position: 6, answers: [...five, right(6)] });
    expect(locked.statusCode).toBe(404);
    expect(locked.json().key).toBe('exam.questionNotFound');
    expect((await put(unpaid.cookie, { mode: 'exam', position: 6, answers: five })).statusCode).toBe(404);
    expect((await get(unpaid.cookie)).json().data.position).toBe(5);
    // With access, the whole exam: the 80 questions the run drew from the pool.
    const started = await put(paid.cookie, { mode: 'exam', position: 0, answers: [] });
    expect(started.statusCode, started.body).toBe(200);
    const drawn = started.json().data.question_ids as string[];
    expect(drawn).toHaveLength(80);
    const all = drawn.map((id) => right(bank.find((q) => q.question_id === id)!.position));
    const full = await put(paid.cookie, { mode: 'exam', position: 80, answers: all });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data).toMatchObject({ position: 80, score: 80, wrong_question_ids: [] });
    await del(unpaid.cookie);
    await del(paid.cookie);
  });

  it("keeps each user's run apart", async () => {
    await put(unpaid.cookie, { mode: 'exam', position: 2, answers: [right(1), right(2)] });
    expect((await get(other.cookie)).json().data).toBeNull();
    expect((await del(other.cookie)).json().data.deleted).toBe(false);
    await put(other.cookie, { mode: 'exam', position: 1, answers: [wrongAnswer(1)] });
    expect((await get(unpaid.cookie)).json().data).toMatchObject({ position: 2, score: 2 });
    expect((await get(other.cookie)).json().data).toMatchObject({ position: 1, score: 0 });
    // Another mode of the same user is another run (and none is stored by this route).
    expect((await get(unpaid.cookie, 'timed')).json().data).toBeNull();
    await del(unpaid.cookie);
    await del(other.cookie);
  });

  it('is removed when the attempt is recorded', async () => {
    const answers = [1, 2, 3, 4, 5].map(right);
    await put(unpaid.cookie, { mode: 'exam', position: 5, answers });
    await put(other.cookie, { mode: 'exam', position: 1, answers: [right(1)] });
    const attempt = await app.inject({ method: 'POST', url: '/api/exam/attempts', headers: { cookie: unpaid.cookie }, payload: { answers } });
    expect(attempt.statusCode, attempt.body).toBe(200);
    expect((await get(unpaid.cookie)).json().data).toBeNull();
    // Only the caller's run.
    expect((await get(other.cookie)).json().data).toMatchObject({ position: 1 });
    await del(other.cookie);
  });

  it('lets concurrent saves meet in one row (the last write wins), never a 500', async () => {
    const saves = Array.from({ length: 12 }, (_, i) => {
      const position = (i % 5) + 1;
      return put(paid.cookie, { mode: 'exam', position, answers: Array.from({ length: position }, (_, k) => right(k + 1)) });
    });
    const results = await Promise.all(saves);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const rows = await app.db.select().from(examRuns).where(eq(examRuns.userId, paid.id));
    expect(rows).toHaveLength(1);
    const run = (await get(paid.cookie)).json().data;
    expect(run.answers).toHaveLength(run.position);
    expect(run.score).toBe(run.position);
    await del(paid.cookie);
  });
});
