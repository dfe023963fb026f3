import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import { examAnswers, payments, questionReports } from '@medallion/db/schema';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { examQuestionsSeedStep } from '../src/modules/exam/seed-exam-questions';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';

describe('practice exam API', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', EXAM_PROMO_CODE: 'TLC500' });
  await runSeed(app.db, [examQuestionsSeedStep]);
  const unpaid = await createConfirmedUser(app, 'unpaid@example.com');
  const paid = await createConfirmedUser(app, 'paid@example.com');
  const year = new Date().getUTCFullYear() + 2;
  {
    const setup = await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie: paid.cookie } });
    const card = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm-setup',
      headers: { cookie: paid.cookie },
      payload: { 'client-secret': setup.json().data['client-secret'], number: '4242424242424242', exp_month: 12, exp_year: year, cvc: '123' },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { cookie: paid.cookie },
      payload: { 'user-pm': card.json().data.id, 'payment-amount': 1500, 'transaction-type': 'exam', 'referal-code': 'tlc500', 'transaction-id': 'exam-test-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const questions = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/exam/questions', headers: cookie ? { cookie } : {} }).then((r) => r.json().data);

  it('gives guests and unpaid users the first 5 questions and the total, paid users all 80', async () => {
    for (const cookie of [undefined, unpaid.cookie]) {
      const data = await questions(cookie);
      expect(data.total).toBe(80);
      expect(data.full_access).toBe(false);
      expect(data.access_expiry).toBeNull();
      expect(data.data.map((q: ExamQuestion) => q.position)).toEqual([1, 2, 3, 4, 5]);
    }
    const full = await questions(paid.cookie);
    expect(full.full_access).toBe(true);
    expect(new Date(full.access_expiry).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    expect(full.data).toHaveLength(80);
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
    await app.db.update(payments).set({ accessExpiry: new Date(Date.now() - 1000) }).where(eq(payments.userId, paid.id));
    expect((await questions(paid.cookie)).data).toHaveLength(5);
    await app.db.update(payments).set({ accessExpiry: new Date(Date.now() + 90 * 86_400_000) }).where(eq(payments.userId, paid.id));
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
});
