import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import { examQuestionStats, examReviewItems } from '@medallion/db/schema';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { examQuestionsSeedStep } from '../src/modules/exam/seed-exam-questions';
import { addDays, examToday } from '../src/modules/exam/exam-day';
import { recordAnswers } from '../src/modules/exam/record-answers';
import { getReviewQueue } from '../src/modules/exam/review-queue';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, signedInStaff } from './helpers/auth';
import { saveSandboxCard } from './helpers/payments';

describe('exam answers, the review queue and question statistics', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', EXAM_PROMO_CODE: 'TLC500' });
  await runSeed(app.db, [examQuestionsSeedStep]);
  const unpaid = await createConfirmedUser(app, 'review-unpaid@example.com');
  const other = await createConfirmedUser(app, 'review-other@example.com');
  const paid = await createConfirmedUser(app, 'review-paid@example.com');
  const { cookie: staff } = await signedInStaff(app, 'stats@example.com', 'Stats Staff');
  {
    const card = await saveSandboxCard(app, paid.cookie);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { cookie: paid.cookie },
      payload: { 'user-pm': card, 'payment-amount': 1500, 'transaction-type': 'exam', 'referal-code': 'tlc500', 'transaction-id': 'exam-review-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const bank = (
    await app.inject({ method: 'GET', url: '/api/exam/questions', headers: { cookie: paid.cookie } }).then((r) => r.json().data.data as ExamQuestion[])
  ).reduce((m, q) => m.set(q.question_id, q), new Map<string, ExamQuestion>());
  const answerOf = (questionId: string, correct: boolean) => bank.get(questionId)!.answers.find((a) => a.correct === correct)!.answer_id;
  const post = (cookie: string | undefined, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/exam/answers', headers: cookie ? { cookie } : {}, payload: payload as object });
  const review = (cookie: string) => app.inject({ method: 'GET', url: '/api/exam/review', headers: { cookie } });
  const item = async (userId: string, questionId: string) =>
    (
      await app.db
        .select()
        .from(examReviewItems)
        .where(and(eq(examReviewItems.userId, userId), eq(examReviewItems.questionId, questionId)))
    )[0];
  const stats = async (questionId: string) => (await app.db.select().from(examQuestionStats).where(eq(examQuestionStats.questionId, questionId)))[0];

  it('knows the New York date, whatever the server zone', () => {
    // 03:30 UTC on March 10 is still March 9 in New York (UTC-5 then), 05:30 UTC is March 10.
    expect(examToday(new Date('2026-03-10T03:30:00Z'))).toBe('2026-03-09');
    expect(examToday(new Date('2026-03-10T05:30:00Z'))).toBe('2026-03-10');
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('schedules a missed question: due at once, tomorrow after a right answer that day, gone after 2 later days', async () => {
    const q = 'q010';
    const day1 = '2026-05-04';
    await recordAnswers(app.db, paid.id, [{ questionId: q, correct: false }], day1);
    expect(await item(paid.id, q)).toMatchObject({ dueOn: day1, missedOn: day1, rightDays: 0, lastRightOn: null });
    expect((await getReviewQueue(app.db, paid.id, day1)).due).toContain(q);
    // Right on the day of the miss: not counted, due tomorrow.
    await recordAnswers(app.db, paid.id, [{ questionId: q, correct: true }], day1);
    expect(await item(paid.id, q)).toMatchObject({ dueOn: '2026-05-05', rightDays: 0, lastRightOn: null });
    expect((await getReviewQueue(app.db, paid.id, day1)).due).not.toContain(q);
    expect(await getReviewQueue(app.db, paid.id, day1)).toMatchObject({ upcoming: 1, total: 1, next_due_on: '2026-05-05' });
    expect((await getReviewQueue(app.db, paid.id, '2026-05-05')).due).toEqual([q]);
    // Right on a later day: counted once, however often that day; due 3 days later.
    await recordAnswers(app.db, paid.id, [{ questionId: q, correct: true }], '2026-05-05');
    await recordAnswers(app.db, paid.id, [{ questionId: q, correct: true }], '2026-05-05');
    expect(await item(paid.id, q)).toMatchObject({ dueOn: '2026-05-08', rightDays: 1, lastRightOn: '2026-05-05' });
    // Right on a second later day: graduated, the row is gone.
    await recordAnswers(app.db, paid.id, [{ questionId: q, correct: true }], '2026-05-08');
    expect(await item(paid.id, q)).toBeUndefined();
    expect(await getReviewQueue(app.db, paid.id, '2026-05-08')).toEqual({ due: [], upcoming: 0, total: 0, next_due_on: null });
    // A right answer to a question that is not in the queue changes nothing there.
    await recordAnswers(app.db, paid.id, [{ questionId: q, correct: true }], '2026-05-09');
    expect(await item(paid.id, q)).toBeUndefined();
  });

  it('starts over when a queued question is missed again', async () => {
    const q = 'q011';
    await recordAnswers(app.db, paid.id, [{ questionId: q, correct: false }], '2026-06-01');
    await recordAnswers(app.db, paid.id, [{ questionId: q, correct: true }], '2026-06-02');
    expect(await item(paid.id, q)).toMatchObject({ rightDays: 1, dueOn: '2026-06-05' });
    await recordAnswers(app.db, paid.id, [{ questionId: q, correct: false }], '2026-06-05');
    expect(await item(paid.id, q)).toMatchObject({ dueOn: '2026-06-05', missedOn: '2026-06-05', rightDays: 0, lastRightOn: null });
    // Only the first answer per question counts in one call.
    await recordAnswers(
      app.db,
      paid.id,
      [
        { questionId: q, correct: true },
        { questionId: q, correct: false },
      ],
      '2026-06-06',
    );
    expect(await item(paid.id, q)).toMatchObject({ rightDays: 1, lastRightOn: '2026-06-06' });
    await app.db.delete(examReviewItems).where(eq(examReviewItems.userId, paid.id));
  });

  it('grades POST /exam/answers on the server and queues the misses of today, for this user only', async () => {
    const res = await post(paid.cookie, {
      mode: 'exam',
      answers: [
        { question_id: 'q020', answer_id: answerOf('q020', false) },
        { question_id: 'q021', answer_id: answerOf('q021', true) },
        // A second try of q020 is not a first try: ignored.
        { question_id: 'q020', answer_id: answerOf('q020', true) },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      recorded: 2,
      results: [
        { question_id: 'q020', correct: false },
        { question_id: 'q021', correct: true },
      ],
    });
    const mine = await review(paid.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({ due: ['q020'], upcoming: 0, total: 1, next_due_on: null });
    expect(await item(paid.id, 'q020')).toMatchObject({ dueOn: examToday(), missedOn: examToday() });
    // Isolation: another user's queue is their own.
    expect((await review(other.cookie)).json().data).toEqual({ due: [], upcoming: 0, total: 0, next_due_on: null });
    expect((await app.inject({ method: 'GET', url: '/api/exam/review' })).statusCode).toBe(401);
  });

  it('counts parallel answers atomically: 10 parallel posts add 10', async () => {
    const before = (await stats('q001')) ?? { answered: 0, correct: 0 };
    const users = [unpaid, other, paid];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(users[i % users.length]!.cookie, { mode: 'review', answers: [{ question_id: 'q001', answer_id: answerOf('q001', i % 2 === 0) }] }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const after = await stats('q001');
    expect(after!.answered - before.answered).toBe(10);
    expect(after!.correct - before.correct).toBe(5);
  });

  it('refuses bad input with a 4xx and records nothing', async () => {
    const before = await stats('q002');
    const ok = { question_id: 'q002', answer_id: answerOf('q002', true) };
    const cases: Array<[unknown, number]> = [
      [{ mode: 'exam', answers: [{ question_id: 'q999', answer_id: ok.answer_id }] }, 404],
      [{ mode: 'exam', answers: [{ question_id: 'q002', answer_id: answerOf('q003', true) }] }, 404],
      [{ mode: 'exam', answers: [{ question_id: 'q002', answer_id: '00000000-0000-0000-0000-000000000000' }] }, 404],
      [{ mode: 'exam', answers: [{ question_id: 'q002', answer_id: 'not-a-uuid' }] }, 404],
      [{ mode: 'exam', answers: [ok, { question_id: 'q040', answer_id: answerOf('q040', true) }] }, 404],
      [{ mode: 'exam', answers: [{ question_id: 'q00\u00002', answer_id: ok.answer_id }] }, 400],
      [{ mode: 'exam', answers: [{ question_id: 'q'.repeat(5000), answer_id: ok.answer_id }] }, 400],
      [{ mode: 'exam', answers: Array.from({ length: 81 }, () => ok) }, 400],
      [{ mode: 'exam', answers: [] }, 400],
      [{ mode: 'cram', answers: [ok] }, 400],
      [{ mode: 'exam', answers: [{ question_id: 2, answer_id: true }] }, 400],
      [{ mode: 'exam', answers: 'q002' }, 400],
      [{ answers: [ok] }, 400],
      [null, 400],
    ];
    for (const [payload, status] of cases) {
      const res = await post(unpaid.cookie, payload);
      expect(res.statusCode, `${JSON.stringify(payload)?.slice(0, 120)} → ${res.body}`).toBe(status);
    }
    // The paid question without access, alone: 404, and with access: fine.
    expect((await post(unpaid.cookie, { mode: 'topic', answers: [{ question_id: 'q040', answer_id: answerOf('q040', false) }] })).statusCode).toBe(404);
    expect(await item(unpaid.id, 'q040')).toBeUndefined();
    expect((await post(paid.cookie, { mode: 'topic', answers: [{ question_id: 'q040', answer_id: answerOf('q040', false) }] })).statusCode).toBe(200);
    expect((await post(undefined, { mode: 'exam', answers: [ok] })).statusCode).toBe(401);
    expect(await stats('q002')).toEqual(before);
  });

  it('shows staff, per question, first-try answers, right answers and reports; drivers get 403', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/exam/questions/issue',
      headers: { cookie: other.cookie },
      payload: { question_id: 'q001', issue: { selectedList: ['outdated'], otherIssue: '' } },
    });
    await app.inject({
      method: 'POST',
      url: '/api/exam/questions/issue',
      headers: { cookie: unpaid.cookie },
      payload: { question_id: 'q001', issue: { selectedList: ['spelling'], otherIssue: '' } },
    });
    const [first] = await app.inject({ method: 'GET', url: '/api/admin/exam/reports', headers: { cookie: staff } }).then((r) => r.json().data);
    await app.inject({ method: 'POST', url: `/api/admin/exam/reports/${first.reports[0].report_id}/resolve`, headers: { cookie: staff } });

    const res = await app.inject({ method: 'GET', url: '/api/admin/exam/question-stats', headers: { cookie: staff } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as Array<{ question_id: string; answered: number; correct: number; open_reports: number; total_reports: number }>;
    expect(rows).toHaveLength(bank.size);
    const q1 = rows.find((r) => r.question_id === 'q001')!;
    const s1 = await stats('q001');
    expect(q1).toEqual({ question_id: 'q001', answered: s1!.answered, correct: s1!.correct, open_reports: 1, total_reports: 2 });
    expect(rows.find((r) => r.question_id === 'q079')).toEqual({ question_id: 'q079', answered: 0, correct: 0, open_reports: 0, total_reports: 0 });

    expect((await app.inject({ method: 'GET', url: '/api/admin/exam/question-stats', headers: { cookie: paid.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/exam/question-stats' })).statusCode).toBe(401);
  });
});
