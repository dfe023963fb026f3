import { describe, expect, it, onTestFinished } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { buildApp } from '../src/app';
import { examQuestionsSeedStep } from '../src/modules/exam/seed-exam-questions';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, signedInStaff } from './helpers/auth';
import { examBank } from './helpers/exam-bank';

describe('staff: exam reports, question editing, promo codes', async () => {
  const { app, config } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  await runSeed(app.db, [examQuestionsSeedStep]);
  const { cookie: staff } = await signedInStaff(app, 'editor@example.com', 'Editor');
  const driver = await createConfirmedUser(app, 'reporter@example.com');
  const get = (url: string, cookie = staff) => app.inject({ method: 'GET', url, headers: { cookie } });

  it('is staff only', async () => {
    for (const url of ['/api/admin/exam/reports', '/api/admin/promo-codes', '/api/admin/exam/questions']) {
      expect((await get(url, driver.cookie)).statusCode, url).toBe(403);
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('lists open reports grouped by question and resolves them', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/exam/questions/issue',
      headers: { cookie: driver.cookie },
      payload: { question_id: 'q002', issue: { selectedList: ['outdated'], otherIssue: 'The rule changed' } },
    });
    const res = await get('/api/admin/exam/reports');
    expect(res.statusCode).toBe(200);
    const [group] = res.json().data;
    expect(group.question.question_id).toBe('q002');
    expect(group.reports[0]).toMatchObject({ issues: ['outdated'], other_issue: 'The rule changed', reporter_email: 'reporter@example.com' });
    const resolved = await app.inject({ method: 'POST', url: `/api/admin/exam/reports/${group.reports[0].report_id}/resolve`, headers: { cookie: staff } });
    expect(resolved.statusCode).toBe(200);
    expect((await get('/api/admin/exam/reports')).json().data).toEqual([]);
    expect(
      (await app.inject({ method: 'POST', url: `/api/admin/exam/reports/${group.reports[0].report_id}/resolve`, headers: { cookie: staff } })).statusCode,
    ).toBe(404);
  });

  it('lists every question for staff, whatever their exam access', async () => {
    const res = await get('/api/admin/exam/questions');
    expect(res.statusCode).toBe(200);
    // The whole pool (the spec's 80 and the questions drawn after them), in the bank's order.
    const pool = examBank.questions.length;
    expect(res.json().data).toHaveLength(pool);
    expect(res.json().data.map((q: ExamQuestion) => q.question_id)).toEqual(examBank.questions.map((q) => q.id));
    expect(res.json().data[pool - 1].position).toBe(pool);
  });

  it('edits a question in both languages; exactly one correct answer', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/exam/questions' })).json().data.data[0] as ExamQuestion;
    const body = {
      topic: before.topic,
      question: { en: `${before.question} (edited)`, ru: `${before.question_rus} (изм.)` },
      explanation: { en: before.explanation, ru: before.explanation_rus },
      source: before.source,
      answers: before.answers.map((a, i) => ({ en: a.answer, ru: a.answer_rus, correct: i === 0 })),
    };
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/admin/exam/questions/${before.question_id}`, headers: { cookie: staff }, payload });
    const two = await put({ ...body, answers: body.answers.map((a) => ({ ...a, correct: true })) });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Mark exactly one answer as correct.');
    expect((await put({ ...body, question: { en: 'x', ru: '' } })).json().message).toBe('Fill in this text in English and in Russian.');
    const ok = await put(body);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await app.inject({ method: 'GET', url: '/api/exam/questions' })).json().data.data[0] as ExamQuestion;
    expect(after.question).toBe(`${before.question} (edited)`);
    expect(after.answers.map((a) => a.correct)).toEqual([true, false, false, false]);
    expect(after.answers.map((a) => a.answer_id)).toEqual(before.answers.map((a) => a.answer_id));
    expect((await app.inject({ method: 'PUT', url: '/api/admin/exam/questions/q999', headers: { cookie: staff }, payload: body })).statusCode).toBe(404);
  });

  it('another server process on the same database shows an edit within a few seconds', async () => {
    // A second app on the same database: its own question bank in memory, as another process has.
    const other = await buildApp({ config, database: app.database, serveWeb: false });
    await other.ready();
    onTestFinished(() => other.close());
    const first = async (server = other) => (await server.inject({ method: 'GET', url: '/api/exam/questions' })).json().data.data[0] as ExamQuestion;
    const before = await first();
    const edited = `${before.question} (edited elsewhere)`;
    const ok = await app.inject({
      method: 'PUT',
      url: `/api/admin/exam/questions/${before.question_id}`,
      headers: { cookie: staff },
      payload: {
        topic: before.topic,
        question: { en: edited, ru: before.question_rus },
        explanation: { en: before.explanation, ru: before.explanation_rus },
        source: before.source,
        answers: before.answers.map((a) => ({ en: a.answer, ru: a.answer_rus, correct: a.correct })),
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // The editing process at once; the other one within seconds (polled, no fixed sleep).
    expect((await first(app)).question).toBe(edited);
    const started = Date.now();
    let seen = await first();
    while (seen.question !== edited && Date.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await first();
    }
    expect(seen.question).toBe(edited);
  });

  it('creates, changes and deactivates promo codes; a deactivated code stops discounting', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: { cookie: staff },
      payload: { code: 'spring', discount_cents: 800, max_redemptions: 100, expires_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ code: 'SPRING', discount_cents: 800, active: true, redemptions: 0 });
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: { cookie: staff }, payload: { code: 'SPRING', discount_cents: 100 } }))
        .statusCode,
    ).toBe(409);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: { cookie: staff },
      payload: { code: 'TOOLONG1', discount_cents: 100 },
    });
    expect(bad.json().message).toBe('A promo code has 6 letters or digits.');
    expect((await app.inject({ method: 'GET', url: '/api/exam/promo-check?code=spring' })).json().data).toMatchObject({ valid: true, price_cents: 1200 });
    const off = await app.inject({ method: 'PATCH', url: '/api/admin/promo-codes/spring', headers: { cookie: staff }, payload: { active: false } });
    expect(off.json().data.active).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/exam/promo-check?code=spring' })).json().data.valid).toBe(false);
    const codes = (await get('/api/admin/promo-codes')).json().data.map((c: { code: string }) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['SPRING', 'TLC500']));
  });
});
