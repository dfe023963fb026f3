// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExamQuestionsResponse, ExamRun } from '@medallion/contracts/exam';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drawExamIds } from '@medallion/contracts/exam-draw';
import { ExamRunner } from '@/features/exam/components/exam-runner';
import { LOCAL_RUN_KEY, serializeLocalRun, type RunAnswer } from '@/features/exam/lib/exam-run-store';
import { examQuestion } from './support/exam-questions';
import { fakeApi, renderWithApp } from './support/render';

const question = examQuestion;
const QUESTIONS = [1, 2, 3, 4, 5].map(question);
const questionsResponse: ExamQuestionsResponse = { data: { data: QUESTIONS, total: 80, pool_size: 80, full_access: false, access_expiry: null } };
const right = (n: number): RunAnswer => ({ question_id: `q${n}`, answer_id: `q${n}-right` });
const wrong = (n: number): RunAnswer => ({ question_id: `q${n}`, answer_id: `q${n}-wrong` });
const keep = (position: number, answers: RunAnswer[]) => window.localStorage.setItem(LOCAL_RUN_KEY, serializeLocalRun({ position, answers }));
const kept = () => JSON.parse(window.localStorage.getItem(LOCAL_RUN_KEY) ?? 'null') as { position: number; answers: RunAnswer[] } | null;

beforeAll(() => {
  // jsdom draws no modal dialogs: the intro popup only needs the calls to exist.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => window.localStorage.clear());

const progress = () => screen.getByTestId('exam-progress').textContent;
const score = () => screen.getByTestId('exam-score').textContent;

describe('ExamRunner resume', () => {
  it("continues a guest's run where it stopped, with its score, and keeps it after each answer", async () => {
    keep(2, [wrong(1), right(2)]);
    fakeApi({ 'GET /api/exam/questions': () => ({ body: questionsResponse }) });
    await renderWithApp(<ExamRunner signedIn={false} />, { path: '/exam' });
    const notice = await screen.findByTestId('resume-notice');
    expect(notice.textContent).toContain('Continuing where you left off — question 3');
    expect(progress()).toBe('Question 3 of 80');
    expect(score()).toBe('Score: 1');
    expect(screen.queryByRole('dialog', { name: 'Before you start' })).toBeNull();
    expect(screen.getByTestId('question-text').textContent).toContain('Question text 3?');

    fireEvent.click(screen.getByRole('radio', { name: 'Right answer 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.queryByTestId('resume-notice')).toBeNull();
    expect(kept()).toMatchObject({ position: 3, answers: [wrong(1), right(2), right(3)] });
    await waitFor(() => expect(progress()).toBe('Question 4 of 80'));
    expect(score()).toBe('Score: 2');
  });

  it('starts over only after the confirm, clearing the run', async () => {
    keep(5, [1, 2, 3, 4, 5].map(right));
    fakeApi({ 'GET /api/exam/questions': () => ({ body: questionsResponse }) });
    await renderWithApp(<ExamRunner signedIn={false} />, { path: '/exam' });
    const notice = await screen.findByTestId('resume-notice');
    expect(notice.textContent).toContain('question 6');
    // Question 6 without access: the paywall, as before the reload.
    expect(await screen.findByRole('heading', { name: 'Enhance Your Experience!' })).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Start over' }));
    fireEvent.click(within(notice).getByRole('button', { name: 'Keep going' }));
    expect(kept()?.position).toBe(5);
    fireEvent.click(within(notice).getByRole('button', { name: 'Start over' }));
    expect(within(notice).getByText(/Your answers and score so far will be cleared/)).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Yes, start over' }));
    expect(kept()).toBeNull();
    expect(screen.queryByTestId('resume-notice')).toBeNull();
    expect(progress()).toBe('Question 1 of 80');
    expect(score()).toBe('Score: 0');
    expect(screen.getByRole('dialog', { name: 'Before you start' })).toBeTruthy();
  });

  it('ignores a kept run that does not fit the questions', async () => {
    keep(2, [right(1), { question_id: 'q9', answer_id: 'q9-right' }]);
    fakeApi({ 'GET /api/exam/questions': () => ({ body: questionsResponse }) });
    await renderWithApp(<ExamRunner signedIn={false} />, { path: '/exam' });
    await screen.findByTestId('question-text');
    expect(screen.getByRole('dialog', { name: 'Before you start' })).toBeTruthy();
    expect(progress()).toBe('Question 1 of 80');
    expect(screen.queryByTestId('resume-notice')).toBeNull();
  });

  it("signed in, continues the account's run with the server's score, and saves each answer on the account", async () => {
    keep(1, [right(1)]);
    const run: ExamRun = {
      mode: 'exam',
      seed: 7,
      question_ids: QUESTIONS.map((q) => q.question_id),
      total: 80,
      position: 3,
      answers: [right(1), wrong(2), right(3)],
      score: 2,
      wrong_question_ids: ['q2'],
      updated_at: '',
    };
    const puts: unknown[] = [];
    fakeApi({
      'GET /api/exam/questions': () => ({ body: questionsResponse }),
      'GET /api/exam/questions/saved': () => ({ body: { data: { data: [] } } }),
      'GET /api/exam/questions/issue': () => ({ body: { data: { data: [] } } }),
      'GET /api/exam/run': () => ({ body: { data: run } }),
      'PUT /api/exam/run': ({ body }) => {
        puts.push(body);
        return { body: { data: run } };
      },
      // Each first try also goes to the review queue and the question's statistics.
      'POST /api/exam/answers': () => ({ body: { data: { recorded: 1, results: [{ question_id: 'q4', correct: true }] } } }),
    });
    await renderWithApp(<ExamRunner signedIn />, { path: '/exam' });
    expect((await screen.findByTestId('resume-notice')).textContent).toContain('question 4');
    expect(score()).toBe('Score: 2');
    // The browser's run was behind the account's: dropped, not uploaded.
    expect(kept()).toBeNull();
    expect(puts).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Wrong answer 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(puts).toEqual([{ mode: 'exam', seed: 7, position: 4, answers: [right(1), wrong(2), right(3), wrong(4)] }]));
  });

  it("after sign-in, uploads this browser's run when it is further along", async () => {
    keep(5, [1, 2, 3, 4, 5].map(right));
    const puts: unknown[] = [];
    fakeApi({
      'GET /api/exam/questions': () => ({ body: questionsResponse }),
      'GET /api/exam/questions/saved': () => ({ body: { data: { data: [] } } }),
      'GET /api/exam/questions/issue': () => ({ body: { data: { data: [] } } }),
      'GET /api/exam/run': () => ({ body: { data: null } }),
      'PUT /api/exam/run': ({ body }) => {
        puts.push(body);
        return { body: { data: { ...(body as object), score: 5, wrong_question_ids: [], updated_at: '' } } };
      },
    });
    await renderWithApp(<ExamRunner signedIn />, { path: '/exam' });
    expect((await screen.findByTestId('resume-notice')).textContent).toContain('question 6');
    expect(await screen.findByRole('heading', { name: 'Unlock Full Access!' })).toBeTruthy();
    await waitFor(() => expect(puts).toEqual([{ mode: 'exam', position: 5, answers: [1, 2, 3, 4, 5].map(right) }]));
    await waitFor(() => expect(kept()).toBeNull());
  });
});

describe('ExamRunner with a pool larger than the exam (issue #34)', () => {
  const POOL = Array.from({ length: 120 }, (_, i) => question(i + 1));
  const poolResponse: ExamQuestionsResponse = { data: { data: POOL, total: 80, pool_size: 120, full_access: true, access_expiry: null } };
  const text = (id: string) => POOL.find((q) => q.question_id === id)!.question;
  const signedInApi = (run: ExamRun | null, puts: unknown[]) =>
    fakeApi({
      'GET /api/exam/questions': () => ({ body: poolResponse }),
      'GET /api/exam/questions/saved': () => ({ body: { data: { data: [] } } }),
      'GET /api/exam/questions/issue': () => ({ body: { data: { data: [] } } }),
      'GET /api/exam/run': () => ({ body: { data: run } }),
      'PUT /api/exam/run': ({ body }) => {
        puts.push(body);
        return { body: { data: { ...(run ?? {}), ...(body as object), score: 0, wrong_question_ids: [], updated_at: '' } } };
      },
      'POST /api/exam/answers': () => ({ body: { data: { recorded: 1, results: [] } } }),
    });

  it('runs an exam of 80 drawn from the pool by a seed that each save carries', async () => {
    const puts: Array<{ seed: number; position: number; answers: RunAnswer[] }> = [];
    signedInApi(null, puts);
    await renderWithApp(<ExamRunner signedIn />, { path: '/exam' });
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(progress()).toBe('Question 1 of 80');
    for (let n = 1; n <= 6; n++) {
      await waitFor(() => expect(progress()).toBe(`Question ${n} of 80`));
      fireEvent.click(screen.getByRole('radio', { name: /^Wrong answer/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    }
    await waitFor(() => expect(puts.at(-1)?.position).toBe(6));
    const seed = puts[0]!.seed;
    expect(puts.every((p) => p.seed === seed)).toBe(true);
    const exam = drawExamIds(POOL, seed);
    expect(puts.at(-1)!.answers.map((a) => a.question_id)).toEqual(exam.slice(0, 6));
    await waitFor(() => expect(progress()).toBe('Question 7 of 80'));
    expect(screen.getByTestId('question-text').textContent).toContain(text(exam[6]!));
  });

  it("continues the account's run by its own draw", async () => {
    const exam = drawExamIds(POOL, 9);
    const answers = exam.slice(0, 5).map((id) => ({ question_id: id, answer_id: `${id}-right` }));
    const run: ExamRun = { mode: 'exam', seed: 9, question_ids: exam, total: 80, position: 5, answers, score: 5, wrong_question_ids: [], updated_at: '' };
    const puts: unknown[] = [];
    signedInApi(run, puts);
    await renderWithApp(<ExamRunner signedIn />, { path: '/exam' });
    expect((await screen.findByTestId('resume-notice')).textContent).toContain('question 6');
    expect(progress()).toBe('Question 6 of 80');
    expect(screen.getByTestId('question-text').textContent).toContain(text(exam[5]!));
    fireEvent.click(screen.getByRole('radio', { name: /^Right answer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(puts).toEqual([{ mode: 'exam', seed: 9, position: 6, answers: [...answers, { question_id: exam[5], answer_id: `${exam[5]}-right` }] }]),
    );
  });

  it("follows the server's draw of the same seed when this browser's pool is older, loading the pool again", async () => {
    const stale: ExamQuestionsResponse = { data: { ...poolResponse.data, data: POOL.slice(0, 100), pool_size: 100 } };
    let questionLoads = 0;
    const puts: Array<{ seed: number; position: number; answers: RunAnswer[] }> = [];
    fakeApi({
      'GET /api/exam/questions': () => ({ body: questionLoads++ === 0 ? stale : poolResponse }),
      'GET /api/exam/questions/saved': () => ({ body: { data: { data: [] } } }),
      'GET /api/exam/questions/issue': () => ({ body: { data: { data: [] } } }),
      'GET /api/exam/run': () => ({ body: { data: null } }),
      'PUT /api/exam/run': ({ body }) => {
        const sent = body as { seed: number; position: number; answers: RunAnswer[] };
        puts.push(sent);
        // The server's pool is the whole 120: its draw of the seed.
        const question_ids = drawExamIds(POOL, sent.seed);
        return { body: { data: { mode: 'exam', ...sent, question_ids, total: 80, score: 0, wrong_question_ids: [], updated_at: '' } } };
      },
      'POST /api/exam/answers': () => ({ body: { data: { recorded: 1, results: [] } } }),
    });
    await renderWithApp(<ExamRunner signedIn />, { path: '/exam' });
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    for (let n = 1; n <= 5; n++) {
      await waitFor(() => expect(progress()).toBe(`Question ${n} of 80`));
      fireEvent.click(screen.getByRole('radio', { name: /^Wrong answer/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    }
    const server = drawExamIds(POOL, puts[0]!.seed);
    // The browser's own draw (from 100 questions) is not the server's (from 120).
    expect(drawExamIds(POOL.slice(0, 100), puts[0]!.seed)).not.toEqual(server);
    await waitFor(() => expect(questionLoads).toBe(2));
    await waitFor(() => expect(screen.getByTestId('question-text').textContent).toContain(text(server[5]!)));
    expect(progress()).toBe('Question 6 of 80');
    fireEvent.click(screen.getByRole('radio', { name: /^Right answer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(puts.at(-1)?.position).toBe(6));
    expect(puts.at(-1)!.answers.at(-1)!.question_id).toBe(server[5]);
  });
});
