import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import { examAttempts } from '@medallion/db/schema';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { examQuestionsSeedStep } from '../src/modules/exam/seed-exam-questions';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';

/**
 * The offline exam (decision 0012): an exam finished offline is kept in the browser with a key and sent
 * when the connection returns. A resend (a lost reply), a retry and two tabs sending it, in turn or in
 * parallel, must record the attempt once and answer the same attempt.
 */
describe('exam attempts with keys (finished offline): each key records one attempt', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  await runSeed(app.db, [examQuestionsSeedStep]);
  const alice = await createConfirmedUser(app, 'attempt-keys-alice@example.com');
  const bob = await createConfirmedUser(app, 'attempt-keys-bob@example.com');
  const bank = new Map(
    (await app.inject({ method: 'GET', url: '/api/exam/questions' }).then((r) => r.json().data.data as ExamQuestion[])).map((q) => [q.question_id, q]),
  );
  const answerOf = (questionId: string, correct: boolean) => bank.get(questionId)!.answers.find((a) => a.correct === correct)!.answer_id;
  const sheet = ['q001', 'q002', 'q003'].map((q, i) => ({ question_id: q, answer_id: answerOf(q, i !== 1) }));
  const post = (cookie: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/exam/attempts', headers: { cookie }, payload });
  const attemptsOf = (userId: string) => app.db.select().from(examAttempts).where(eq(examAttempts.userId, userId));

  it('records a resent attempt once and answers the same attempt again', async () => {
    const attempt_key = randomUUID();
    const first = await post(alice.cookie, { answers: sheet, mode: 'topic', attempt_key });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ score: 2, total: 3, mode: 'topic' });
    const again = await post(alice.cookie, { answers: sheet, mode: 'topic', attempt_key });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect((await attemptsOf(alice.id)).filter((a) => a.attemptKey === attempt_key)).toHaveLength(1);
    // Without a key (an older client) each request is an attempt of its own, as before.
    await post(alice.cookie, { answers: sheet, mode: 'topic' });
    await post(alice.cookie, { answers: sheet, mode: 'topic' });
    expect(await attemptsOf(alice.id)).toHaveLength(3);
  });

  it('records 10 parallel identical requests (two tabs, retries) once, all answering the same attempt', async () => {
    const user = await createConfirmedUser(app, 'attempt-keys-parallel@example.com');
    const attempt_key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => post(user.cookie, { answers: sheet, attempt_key })));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(results.map((r) => r.json().data.attempt_id)).size).toBe(1);
    expect(await attemptsOf(user.id)).toHaveLength(1);
  });

  it("keeps keys per user: the same key from another account is that account's own attempt", async () => {
    const attempt_key = randomUUID();
    const mine = await post(alice.cookie, { answers: sheet, attempt_key });
    const theirs = await post(bob.cookie, { answers: sheet, attempt_key });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.attempt_id).not.toBe(mine.json().data.attempt_id);
    expect(await attemptsOf(bob.id)).toHaveLength(1);
    expect(await app.db.select().from(examAttempts).where(eq(examAttempts.attemptKey, attempt_key))).toHaveLength(2);
  });

  it('refuses a key that is not a UUID with a 400 and a plain message, recording nothing', async () => {
    const user = await createConfirmedUser(app, 'attempt-keys-bad@example.com');
    const res = await post(user.cookie, { answers: sheet, attempt_key: 'not-a-key' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { attempt_key: { key: 'exam.attemptKeyInvalid', message: 'This exam result could not be saved. Reload the page and take the exam again.' } },
    });
    expect(await attemptsOf(user.id)).toHaveLength(0);
  });
});
