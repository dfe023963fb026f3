import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import { examAnswerKeys, examQuestionStats, examReviewItems } from '@medallion/db/schema';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { examQuestionsSeedStep } from '../src/modules/exam/seed-exam-questions';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';

/**
 * Issue #34, the offline exam: answers given offline are queued in the browser and sent when the
 * connection returns, each with a key the browser made. A resend (a lost reply), a retry and two tabs
 * flushing the same queue, in turn or in parallel, must count each answer once.
 */
describe('exam answers with keys (the offline queue): each key counts once', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  await runSeed(app.db, [examQuestionsSeedStep]);
  const alice = await createConfirmedUser(app, 'keys-alice@example.com');
  const bob = await createConfirmedUser(app, 'keys-bob@example.com');
  const bank = new Map(
    (await app.inject({ method: 'GET', url: '/api/exam/questions' }).then((r) => r.json().data.data as ExamQuestion[])).map((q) => [q.question_id, q]),
  );
  const answerOf = (questionId: string, correct: boolean) => bank.get(questionId)!.answers.find((a) => a.correct === correct)!.answer_id;
  const post = (cookie: string, answers: Array<{ question_id: string; answer_id: string; key?: string }>) =>
    app.inject({ method: 'POST', url: '/api/exam/answers', headers: { cookie }, payload: { mode: 'exam', answers } });
  const log = (cookie?: string) => app.inject({ method: 'GET', url: '/api/exam/answers', headers: cookie ? { cookie } : {} });
  const stats = async (questionId: string) =>
    (await app.db.select().from(examQuestionStats).where(eq(examQuestionStats.questionId, questionId)))[0] ?? { answered: 0 };
  const keyRows = async (userId: string) => app.db.select().from(examAnswerKeys).where(eq(examAnswerKeys.userId, userId));

  it('counts a keyed answer once when it is sent again, and lists it in GET /exam/answers', async () => {
    const key = randomUUID();
    const before = (await stats('q002')).answered;
    const answer = { question_id: 'q002', answer_id: answerOf('q002', false), key };
    const first = await post(alice.cookie, [answer]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ recorded: 1, results: [{ question_id: 'q002', correct: false }] });
    const again = await post(alice.cookie, [answer]);
    expect(again.statusCode, again.body).toBe(200);
    // The grade is answered again (the browser may show it), but nothing is counted twice.
    expect(again.json().data).toEqual({ recorded: 0, results: [{ question_id: 'q002', correct: false }] });
    expect((await stats('q002')).answered - before).toBe(1);
    const listed = await log(alice.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('private, no-store');
    expect(listed.json().data.answers).toEqual([{ key, question_id: 'q002', correct: false, recorded_at: expect.any(String) }]);
  });

  it('counts a batch resent with one more answer only for the new one', async () => {
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    const batch = ['q003', 'q004'].map((q, i) => ({ question_id: q, answer_id: answerOf(q, true), key: keys[i]! }));
    expect((await post(alice.cookie, batch)).json().data.recorded).toBe(2);
    const more = await post(alice.cookie, [...batch, { question_id: 'q005', answer_id: answerOf('q005', true), key: keys[2]! }]);
    expect(more.json().data.recorded).toBe(1);
    expect((await keyRows(alice.id)).map((r) => r.key).sort()).toEqual(expect.arrayContaining([...keys].sort()));
  });

  it('counts parallel duplicates once: 8 requests (two tabs, retries) with the same 10 keys add 10', async () => {
    const user = await createConfirmedUser(app, 'keys-parallel@example.com');
    const answers = ['q001', 'q002', 'q003', 'q004', 'q005'].flatMap((q) => [{ question_id: q, answer_id: answerOf(q, false), key: randomUUID() }]);
    // Five questions (the free ones) answered twice each over two "runs": ten answers, ten keys.
    const second = answers.map((a) => ({ ...a, answer_id: answerOf(a.question_id, true), key: randomUUID() }));
    const before = await Promise.all(answers.map((a) => stats(a.question_id)));
    const sends = Array.from({ length: 8 }, (_, i) => post(user.cookie, i % 2 === 0 ? answers : second));
    // Reversed batches too: the keys are taken in one order whatever the request's, so none deadlocks.
    sends.push(post(user.cookie, [...answers].reverse()), post(user.cookie, [...second].reverse()));
    const results = await Promise.all(sends);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(results.reduce((sum, r) => sum + (r.json().data.recorded as number), 0)).toBe(10);
    const after = await Promise.all(answers.map((a) => stats(a.question_id)));
    // Other tests of this file answer these questions too, but not at the same time (files run their tests in turn).
    after.forEach((s, i) => expect(s.answered - before[i]!.answered).toBe(2));
    expect(await keyRows(user.id)).toHaveLength(10);
    expect((await log(user.cookie)).json().data.answers).toHaveLength(10);
    // Right after wrong on the same New York day: the misses stay queued (due tomorrow), counted once.
    const queued = await app.db.select().from(examReviewItems).where(eq(examReviewItems.userId, user.id));
    expect(queued).toHaveLength(5);
  });

  it("keeps keys per user: the same key from another account is that account's own answer", async () => {
    const key = randomUUID();
    expect((await post(alice.cookie, [{ question_id: 'q001', answer_id: answerOf('q001', true), key }])).json().data.recorded).toBe(1);
    expect((await post(bob.cookie, [{ question_id: 'q001', answer_id: answerOf('q001', true), key }])).json().data.recorded).toBe(1);
    const bobs = (await log(bob.cookie)).json().data.answers as Array<{ key: string }>;
    expect(bobs.map((a) => a.key)).toEqual([key]);
    // Neither sees the other's log.
    const alices = (await log(alice.cookie)).json().data.answers as Array<{ key: string; question_id: string }>;
    expect(alices.every((a) => a.key !== key || a.question_id === 'q001')).toBe(true);
    expect(await app.db.select().from(examAnswerKeys).where(eq(examAnswerKeys.key, key))).toHaveLength(2);
  });

  it('refuses a key that is not a UUID with a 400 on the field, and the log without sign-in with a 401', async () => {
    const res = await post(alice.cookie, [{ question_id: 'q001', answer_id: answerOf('q001', true), key: 'not-a-key' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { 'answers.0.key': { key: 'exam.answerKeyInvalid' } } });
    expect((await log()).statusCode).toBe(401);
  });

  it('forgets the keys with the account', async () => {
    const user = await createConfirmedUser(app, 'keys-gone@example.com');
    await post(user.cookie, [{ question_id: 'q001', answer_id: answerOf('q001', true), key: randomUUID() }]);
    expect(await keyRows(user.id)).toHaveLength(1);
    const res = await app.inject({ method: 'DELETE', url: '/api/users', headers: { cookie: user.cookie }, payload: { password: 'Secret123' } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await keyRows(user.id)).toHaveLength(0);
  });
});
