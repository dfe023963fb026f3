import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import { examAnswers, examQuestions, payments, promoCodes, questionReports } from '@medallion/db/schema';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { examQuestionsSeedStep } from '../src/modules/exam/seed-exam-questions';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { saveSandboxCard } from './helpers/payments';

describe('practice exam API', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', EXAM_PROMO_CODE: 'TLC500' });
  await runSeed(app.db, [examQuestionsSeedStep]);
  const unpaid = await createConfirmedUser(app, 'unpaid@example.com');
  const paid = await createConfirmedUser(app, 'paid@example.com');
  {
    const card = await saveSandboxCard(app, paid.cookie);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { cookie: paid.cookie },
      payload: { 'user-pm': card, 'payment-amount': 1500, 'transaction-type': 'exam', 'referal-code': 'tlc500', 'transaction-id': 'exam-test-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const questions = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/exam/questions', headers: cookie ? { cookie } : {} }).then((r) => r.json().data);

  it('gives guests and unpaid users the first 5 questions and the exam length, paid users the whole pool', async () => {
    const poolSize = (await app.db.select({ id: examQuestions.id }).from(examQuestions)).length;
    expect(poolSize).toBeGreaterThanOrEqual(200);
    for (const cookie of [undefined, unpaid.cookie]) {
      const data = await questions(cookie);
      expect(data.total).toBe(80);
      expect(data.pool_size).toBe(poolSize);
      expect(data.full_access).toBe(false);
      expect(data.access_expiry).toBeNull();
      expect(data.data.map((q: ExamQuestion) => q.position)).toEqual([1, 2, 3, 4, 5]);
    }
    const full = await questions(paid.cookie);
    expect(full.full_access).toBe(true);
    expect(new Date(full.access_expiry).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    expect(full.total).toBe(80);
    expect(full.data).toHaveLength(poolSize);
    for (const q of full.data as ExamQuestion[]) {
      expect(q.answers).toHaveLength(4);
      expect(q.answers.filter((a) => a.correct)).toHaveLength(1);
      expect(q.question && q.question_rus && q.explanation && q.explanation_rus).toBeTruthy();
    }
  });

  it('never sends a locked question or its answers to a caller without access', async () => {
    const [locked] = await app.db.select().from(examAnswers).where(eq(examAnswers.questionId, 'q006'));
    for (const cookie of [undefined, unpaid.cookie]) {
      const res = await app.inject({ method: 'GET', url: '/api/exam/questions', headers: cookie ? { cookie } : {} });
      expect(res.body).not.toContain('"q006"');
      expect(res.body).not.toContain(locked!.id);
    }
    // An expired access is no access.
    await app.db
      .update(payments)
      .set({ accessExpiry: new Date(Date.now() - 1000) })
      .where(eq(payments.userId, paid.id));
    expect((await questions(paid.cookie)).data).toHaveLength(5);
    await app.db
      .update(payments)
      .set({ accessExpiry: new Date(Date.now() + 90 * 86_400_000) })
      .where(eq(payments.userId, paid.id));
  });

  it('saves and unsaves (toggle), lists saved questions, 404 "No saved questions" when none', async () => {
    const empty = await app.inject({ method: 'GET', url: '/api/exam/questions/saved', headers: { cookie: unpaid.cookie } });
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe('No saved questions');
    const save = (cookie: string, question_id: string) =>
      app.inject({ method: 'POST', url: '/api/exam/questions/save', headers: { cookie }, payload: { question_id } });
    const on = await save(unpaid.cookie, 'q002');
    expect(on.json().data).toMatchObject({ question_id: 'q002', saved: true });
    const list = await app.inject({ method: 'GET', url: '/api/exam/questions/saved', headers: { cookie: unpaid.cookie } });
    expect(list.json().data.data).toEqual([
      expect.objectContaining({ question_id: 'q002', record_id: on.json().data.record_id, question: expect.any(String) }),
    ]);
    expect((await save(unpaid.cookie, 'q002')).json().data).toEqual({ question_id: 'q002', saved: false, record_id: null });
    expect((await app.inject({ method: 'GET', url: '/api/exam/questions/saved', headers: { cookie: unpaid.cookie } })).statusCode).toBe(404);
    // Locked for this user, unknown, and without a session.
    expect((await save(unpaid.cookie, 'q040')).statusCode).toBe(404);
    expect((await save(paid.cookie, 'q040')).json().data.saved).toBe(true);
    expect((await save(paid.cookie, 'q999')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/exam/questions/save', payload: { question_id: 'q001' } })).statusCode).toBe(401);
  });

  it("removes a saved question after access has ended, and only the caller's own", async () => {
    const save = (cookie: string, question_id: string) =>
      app.inject({ method: 'POST', url: '/api/exam/questions/save', headers: { cookie }, payload: { question_id } });
    const savedIds = async (cookie: string) => {
      const res = await app.inject({ method: 'GET', url: '/api/exam/questions/saved', headers: { cookie } });
      return res.statusCode === 404 ? [] : (res.json().data.data as { question_id: string }[]).map((q) => q.question_id);
    };
    for (const id of ['q003', 'q006', 'q080']) expect((await save(paid.cookie, id)).json().data.saved).toBe(true);
    await app.db
      .update(payments)
      .set({ accessExpiry: new Date(Date.now() - 1000) })
      .where(eq(payments.userId, paid.id));
    try {
      expect((await questions(paid.cookie)).full_access).toBe(false);
      // Another account's toggle never touches this user's items: without access it is refused (404) and nothing changes.
      const other = await save(unpaid.cookie, 'q006');
      expect(other.statusCode).toBe(404);
      expect(await savedIds(paid.cookie)).toEqual(expect.arrayContaining(['q003', 'q006', 'q080']));
      // The owner removes saved questions past the free preview without access (and a free one too).
      for (const id of ['q080', 'q006', 'q003']) {
        const res = await save(paid.cookie, id);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toEqual({ question_id: id, saved: false, record_id: null });
      }
      expect(await savedIds(paid.cookie)).not.toContain('q003');
      expect(await savedIds(paid.cookie)).not.toContain('q006');
      expect(await savedIds(paid.cookie)).not.toContain('q080');
      // Saving a locked question again still needs access.
      expect((await save(paid.cookie, 'q006')).statusCode).toBe(404);
      expect(await savedIds(paid.cookie)).not.toContain('q006');
      expect((await save(unpaid.cookie, 'q006')).statusCode).toBe(404);
    } finally {
      await app.db
        .update(payments)
        .set({ accessExpiry: new Date(Date.now() + 90 * 86_400_000) })
        .where(eq(payments.userId, paid.id));
    }
  });

  it('takes one report per question, as JSON text or an object, and needs at least one issue', async () => {
    const report = (issue: unknown, question_id = 'q003') =>
      app.inject({ method: 'POST', url: '/api/exam/questions/issue', headers: { cookie: unpaid.cookie }, payload: { question_id, issue } });
    const none = await report(JSON.stringify({ selectedList: [], otherIssue: '  ' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select at least one issue or enter other issue');
    const ok = await report(JSON.stringify({ selectedList: ['spelling', 'outdated'], otherIssue: '' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await report({ selectedList: [], otherIssue: 'The map changed' })).statusCode).toBe(409);
    expect((await report({ selectedList: [], otherIssue: 'Typo in answer B' }, 'q004')).statusCode).toBe(200);
    const ids = await app.inject({ method: 'GET', url: '/api/exam/questions/issue', headers: { cookie: unpaid.cookie } });
    expect(ids.json().data.data.sort()).toEqual(['q003', 'q004']);
    const rows = await app.db.select().from(questionReports).where(eq(questionReports.questionId, 'q003'));
    expect(rows[0]).toMatchObject({ issues: ['spelling', 'outdated'], otherIssue: null, status: 'open' });
    expect((await report({ selectedList: ['spelling'] }, 'q050')).statusCode).toBe(404);
  });

  it('checks promo codes on the server: unknown, inactive, expired and used-up codes never discount', async () => {
    const check = (code: string) => app.inject({ method: 'GET', url: `/api/exam/promo-check?code=${code}` }).then((r) => r.json().data);
    expect(await check('tlc500')).toEqual({ valid: true, original_cents: 2000, discount_cents: 500, price_cents: 1500 });
    expect((await check('NOPE00')).valid).toBe(false);
    await app.db.insert(promoCodes).values([
      { code: 'OFF000', discountCents: 500, active: false },
      { code: 'OLD000', discountCents: 500, expiresAt: new Date(Date.now() - 1000) },
      { code: 'ONE000', discountCents: 700, maxRedemptions: 1 },
    ]);
    expect((await check('off000')).valid).toBe(false);
    expect((await check('old000')).valid).toBe(false);
    expect(await check('one000')).toMatchObject({ valid: true, price_cents: 1300 });

    const buyer = await createConfirmedUser(app, 'promo-buyer@example.com');
    const other = await createConfirmedUser(app, 'promo-other@example.com');
    const cardOf = (cookie: string) => saveSandboxCard(app, cookie);
    const buy = (cookie: string, pm: string, code: string, amount: number, tx: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/create-payment-intent',
        headers: { cookie },
        payload: { 'user-pm': pm, 'payment-amount': amount, 'transaction-type': 'exam', 'referal-code': code, 'transaction-id': tx },
      });
    const inactive = await buy(buyer.cookie, await cardOf(buyer.cookie), 'OFF000', 1500, 'promo-tx-1');
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe('Invalid promo code');
    const ok = await buy(buyer.cookie, await cardOf(buyer.cookie), 'one000', 1300, 'promo-tx-2');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.amount).toBe(1300);
    // Used up: the next buyer pays full price or is refused the discount.
    const usedUp = await buy(other.cookie, await cardOf(other.cookie), 'ONE000', 1300, 'promo-tx-3');
    expect(usedUp.statusCode).toBe(400);
    expect((await app.db.select().from(promoCodes).where(eq(promoCodes.code, 'ONE000')))[0]!.redemptions).toBe(1);
  });

  it('grades and stores attempts on the server (first try per question, pass above 60)', async () => {
    // An exam of 80 questions of the pool (without a run in progress, any 80 the user may take).
    const all = ((await questions(paid.cookie)).data as ExamQuestion[]).slice(0, 80);
    const answers = all.map((q, i) => ({
      question_id: q.question_id,
      answer_id: (i < 61 ? q.answers.find((a) => a.correct) : q.answers.find((a) => !a.correct))!.answer_id,
    }));
    // A second answer to the first question (a retry) does not count.
    answers.push({ question_id: all[0]!.question_id, answer_id: all[0]!.answers.find((a) => !a.correct)!.answer_id });
    const res = await app.inject({ method: 'POST', url: '/api/exam/attempts', headers: { cookie: paid.cookie }, payload: { answers } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ score: 61, total: 80, passed: true });
    expect(res.json().data.wrong_question_ids).toEqual(all.slice(61).map((q) => q.question_id));
    const perTopic = res.json().data.per_topic as Record<string, { correct: number; total: number }>;
    expect(Object.values(perTopic).reduce((n, t) => n + t.total, 0)).toBe(80);

    const sixty = answers.slice(0, 80).map((a, i) => (i === 60 ? { ...a, answer_id: all[60]!.answers.find((x) => !x.correct)!.answer_id } : a));
    const fail = await app.inject({ method: 'POST', url: '/api/exam/attempts', headers: { cookie: paid.cookie }, payload: { answers: sixty } });
    expect(fail.json().data).toMatchObject({ score: 60, passed: false });
    const list = await app.inject({ method: 'GET', url: '/api/exam/attempts', headers: { cookie: paid.cookie } });
    expect(list.json().data.data.map((a: { score: number }) => a.score)).toEqual([60, 61]);

    // Without access, answers to locked questions are refused; without a session, nothing is stored.
    const locked = await app.inject({ method: 'POST', url: '/api/exam/attempts', headers: { cookie: unpaid.cookie }, payload: { answers } });
    expect(locked.statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/exam/attempts', payload: { answers } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/exam/attempts', headers: { cookie: paid.cookie }, payload: { answers: [] } })).statusCode).toBe(400);
  });
  it("reads back one of the user's own attempts by id, and 404 for anyone else's", async () => {
    const free = (await questions(unpaid.cookie)).data as ExamQuestion[];
    const answers = free.map((q, i) => ({ question_id: q.question_id, answer_id: q.answers.find((a) => a.correct === (i % 2 === 0))!.answer_id }));
    const created = await app.inject({ method: 'POST', url: '/api/exam/attempts', headers: { cookie: unpaid.cookie }, payload: { answers } });
    expect(created.statusCode, created.body).toBe(200);
    const attempt = created.json().data;
    expect(attempt).toMatchObject({ score: 3, total: 5, wrong_question_ids: [free[1]!.question_id, free[3]!.question_id] });

    const mine = await app.inject({ method: 'GET', url: `/api/exam/attempts/${attempt.attempt_id}`, headers: { cookie: unpaid.cookie } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual(attempt);

    const theirs = await app.inject({ method: 'GET', url: `/api/exam/attempts/${attempt.attempt_id}`, headers: { cookie: paid.cookie } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'NOT_FOUND', key: 'exam.attemptNotFound', message: 'There is no such exam attempt.' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await app.inject({ method: 'GET', url: `/api/exam/attempts/${encodeURIComponent(id)}`, headers: { cookie: unpaid.cookie } });
      expect(res.statusCode, id).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: `/api/exam/attempts/${attempt.attempt_id}` })).statusCode).toBe(401);
  });
});
