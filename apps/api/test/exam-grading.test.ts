import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runSeed } from '@medallion/db/seed';
import { examAttempts, examQuestionStats, examReviewItems, examRuns } from '@medallion/db/schema';
import type { ExamQuestion, ExamRun, ExamSimulation, ExamSimulationResult } from '@medallion/contracts/exam';
import { examQuestionsSeedStep } from '../src/modules/exam/seed-exam-questions';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { saveSandboxCard } from './helpers/payments';

/**
 * Every way of taking the exam grades through one grader (packages/contracts/src/exam-grading.ts) and
 * agrees on an answer of another question: refused where answers come in (a 4xx, nothing recorded), and
 * wrong, never right, where one was kept before (a question edited since).
 */
describe('the exam modes agree on an answer of another question', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  await runSeed(app.db, [examQuestionsSeedStep]);
  const user = await createConfirmedUser(app, 'grading-modes@example.com');
  const card = await saveSandboxCard(app, user.cookie);
  const paid = await app.inject({
    method: 'POST',
    url: '/api/payments/create-payment-intent',
    headers: { cookie: user.cookie },
    payload: { 'user-pm': card, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': 'grading-modes-tx' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const bank = (await app.inject({ method: 'GET', url: '/api/exam/questions', headers: { cookie: user.cookie } })).json().data.data as ExamQuestion[];
  const [a, b] = bank as [ExamQuestion, ExamQuestion];
  const rightOf = (q: ExamQuestion) => q.answers.find((x) => x.correct)!.answer_id;
  // Question a answered with question b's correct answer; b answered right.
  const foreign = [
    { question_id: a.question_id, answer_id: rightOf(b) },
    { question_id: b.question_id, answer_id: rightOf(b) },
  ];
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const nothingRecorded = async () => {
    expect(await app.db.select().from(examAttempts).where(eq(examAttempts.userId, user.id))).toEqual([]);
    expect(await app.db.select().from(examQuestionStats).where(eq(examQuestionStats.questionId, a.question_id))).toEqual([]);
    expect(await app.db.select().from(examReviewItems).where(eq(examReviewItems.userId, user.id))).toEqual([]);
  };

  it.each([
    ['an attempt of the exam (POST /exam/attempts)', 'POST', '/api/exam/attempts', { answers: foreign }],
    ['a topic attempt (POST /exam/attempts, mode topic)', 'POST', '/api/exam/attempts', { answers: foreign, mode: 'topic' }],
    ['the answer log (POST /exam/answers)', 'POST', '/api/exam/answers', { answers: foreign }],
    ['the run in progress (PUT /exam/run)', 'PUT', '/api/exam/run', { mode: 'exam', position: 2, answers: foreign }],
  ] as const)('%s refuses it and records nothing', async (_, method, url, payload) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    await nothingRecorded();
    expect((await call('GET', '/api/exam/run?mode=exam')).json().data).toBeNull();
  });

  it('the timed simulation refuses it when saved and when sent with Finish, and the run stays', async () => {
    const run = (await call('POST', '/api/exam/simulation')).json().data as ExamSimulation;
    const save = await call('PUT', '/api/exam/simulation/answers', { answers: foreign });
    expect(save.statusCode, save.body).toBe(400);
    const submit = await call('POST', '/api/exam/simulation/submit', { answers: foreign });
    expect(submit.statusCode, submit.body).toBe(400);
    await nothingRecorded();
    expect(((await call('GET', '/api/exam/simulation')).json().data as ExamSimulation).run_id).toBe(run.run_id);
  });

  it('an answer of another question kept before is graded wrong by the run and by the simulation alike', async () => {
    // The simulation: kept in its row (as if the question was edited after it was saved). Its draw
    // (80 of the pool) is made to hold a and b, as its first two questions.
    const timed = and(eq(examRuns.userId, user.id), eq(examRuns.mode, 'timed'));
    const [row] = await app.db.select({ questionIds: examRuns.questionIds }).from(examRuns).where(timed);
    const others = row!.questionIds.filter((id) => id !== a.question_id && id !== b.question_id);
    await app.db
      .update(examRuns)
      .set({ answers: foreign, questionIds: [a.question_id, b.question_id, ...others].slice(0, row!.questionIds.length) })
      .where(timed);
    const submit = await call('POST', '/api/exam/simulation/submit', {});
    expect(submit.statusCode, submit.body).toBe(200);
    const result = submit.json().data as ExamSimulationResult;
    expect(result.review.find((r) => r.question_id === a.question_id)).toMatchObject({ chosen_answer_id: rightOf(b), correct: false });
    expect(result.review.find((r) => r.question_id === b.question_id)).toMatchObject({ correct: true });
    expect(result.attempt).toMatchObject({ score: 1 });
    expect(result.attempt.wrong_question_ids).toContain(a.question_id);

    // The run of the spec's exam: kept in its row the same way, graded on reading.
    await app.db.insert(examRuns).values({ userId: user.id, mode: 'exam', questionIds: [a.question_id, b.question_id], answers: foreign, position: 2 });
    const kept = (await call('GET', '/api/exam/run?mode=exam')).json().data as ExamRun;
    expect(kept).toMatchObject({ score: 1, wrong_question_ids: [a.question_id] });
  });
});
