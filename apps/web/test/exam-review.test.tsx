// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExamQuestionStat } from '@medallion/contracts/admin';
import type { ExamQuestionsResponse, ExamReview } from '@medallion/contracts/exam';
import { afterEach, describe, expect, it } from 'vitest';
import { ExamQuestions } from '@/features/admin/components/exam-questions';
import { ExamRunner } from '@/features/exam/components/exam-runner';
import { readQueue } from '@/features/exam/lib/answer-queue';
import { ReviewExam } from '@/features/exam/components/review-exam';
import { formatReviewDate, isTomorrow, nextDay, newYorkToday } from '@/features/exam/lib/review-dates';
import { examQuestion } from './support/exam-questions';
import { fakeApi, renderWithApp } from './support/render';

const question = examQuestion;
const QUESTIONS = [question(1), question(2), question(3)];
const questionsResponse: ExamQuestionsResponse = { data: { data: QUESTIONS, total: 80, pool_size: 80, full_access: false, access_expiry: null } };

afterEach(() => window.localStorage.clear());

describe('review dates', () => {
  it('takes the New York date and knows tomorrow', () => {
    // 02:00 UTC on Nov 25 is still Nov 24 in New York.
    expect(newYorkToday(new Date('2026-11-25T02:00:00Z'))).toBe('2026-11-24');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(isTomorrow('2026-11-25', new Date('2026-11-25T02:00:00Z'))).toBe(true);
    expect(isTomorrow('2026-11-26', new Date('2026-11-25T02:00:00Z'))).toBe(false);
    expect(formatReviewDate('2026-11-25', 'en')).toBe('Wednesday, November 25');
    expect(formatReviewDate('2026-11-25', 'ru')).toBe('среда, 25 ноября');
  });
});

describe('the review queue on the web', () => {
  it('records each first try in the background with its key (a failure is not shown, the answer waits in the queue), under the run mode', async () => {
    const posted: unknown[] = [];
    fakeApi({
      'GET /api/auth/session': () => ({
        body: { user: { id: 'u1', name: 'Dana', email: 'd@example.com', role: 'user', status: 'CONFIRMED', twoFactorEnabled: false }, token: null },
      }),
      'GET /api/exam/questions': () => ({ body: questionsResponse }),
      'GET /api/exam/questions/saved': () => ({ status: 404, body: {} }),
      'GET /api/exam/questions/issue': () => ({ body: { data: { data: [] } } }),
      'POST /api/exam/answers': ({ body }) => {
        posted.push(body);
        return posted.length === 1 ? { body: { data: { recorded: 1, results: [] } } } : { status: 500, body: {} };
      },
      'GET /api/exam/review': () => ({ body: { data: { due: [], upcoming: 0, total: 0, next_due_on: null } } }),
    });
    await renderWithApp(<ExamRunner signedIn practice={{ questions: QUESTIONS.slice(0, 2), onRestart: () => undefined, mode: 'review' }} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Wrong answer 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Right answer 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    const key = expect.stringMatching(/^[0-9a-f-]{36}$/);
    expect(posted).toEqual([
      { mode: 'review', answers: [{ question_id: 'q1', answer_id: 'q1-wrong', key }] },
      { mode: 'review', answers: [{ question_id: 'q2', answer_id: 'q2-right', key }] },
    ]);
    // The failed one waits in this browser for the next send (features/exam/lib/answer-queue.ts).
    await waitFor(() => expect(readQueue().map((a) => a.question_id)).toEqual(['q2']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('runs the due questions it may take and counts the locked ones', async () => {
    const review: ExamReview = { due: ['q3', 'q1', 'q40'], upcoming: 2, total: 5, next_due_on: '2030-01-01' };
    fakeApi({
      'GET /api/exam/questions': () => ({ body: questionsResponse }),
      'GET /api/exam/questions/saved': () => ({ status: 404, body: {} }),
      'GET /api/exam/questions/issue': () => ({ body: { data: { data: [] } } }),
      'GET /api/exam/review': () => ({ body: { data: review } }),
    });
    await renderWithApp(<ReviewExam signedIn />, { path: '/exam?mode=review' });
    expect(await screen.findByRole('heading', { name: 'Reviewing 2 questions due today' })).toBeTruthy();
    expect(screen.getByTestId('question-text').textContent).toContain('Question text 3?');
    expect(screen.getByTestId('exam-progress').textContent).toBe('Question 1 of 2');
    expect(screen.getByTestId('review-banner').textContent).toContain('1 more question due for review is locked');
  });

  it('says when the next review is when nothing is due', async () => {
    fakeApi({
      'GET /api/exam/questions': () => ({ body: questionsResponse }),
      'GET /api/exam/review': () => ({ body: { data: { due: [], upcoming: 1, total: 1, next_due_on: '2030-01-02' } } }),
    });
    await renderWithApp(<ReviewExam signedIn />, { path: '/exam?mode=review' });
    expect(await screen.findByRole('heading', { name: 'Nothing due today' })).toBeTruthy();
    expect(screen.getByTestId('review-empty').textContent).toBe('Your next review is on Wednesday, January 2.');
    expect(screen.queryByTestId('question-text')).toBeNull();
  });
});

describe('staff question statistics', () => {
  it('shows answers, % right and reports per question, sortable by % right and by reports', async () => {
    const stats: ExamQuestionStat[] = [
      { question_id: 'q1', answered: 10, correct: 9, open_reports: 0, total_reports: 1 },
      { question_id: 'q2', answered: 4, correct: 1, open_reports: 2, total_reports: 3 },
      { question_id: 'q3', answered: 0, correct: 0, open_reports: 0, total_reports: 0 },
    ];
    fakeApi({
      'GET /api/admin/exam/questions': () => ({ body: { data: QUESTIONS } }),
      'GET /api/admin/exam/question-stats': () => ({ body: { data: stats } }),
    });
    await renderWithApp(<ExamQuestions />, { path: '/admin/exam?tab=questions' });
    const ids = () => screen.getAllByTestId('admin-question').map((row) => row.querySelector('h2')?.textContent);
    await waitFor(() => expect(screen.getAllByTestId('question-right').map((e) => e.textContent)).toEqual(['90%', '25%', 'no data yet']));
    expect(within(screen.getAllByTestId('admin-question')[1]!).getByTestId('question-reports').textContent).toBe('2 open / 3 total');

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'right' } });
    expect(ids().map((t) => t?.slice(0, 10))).toEqual(['Question 2', 'Question 1', 'Question 3']);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'reports' } });
    expect(ids().map((t) => t?.slice(0, 10))).toEqual(['Question 2', 'Question 1', 'Question 3']);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'order' } });
    expect(ids().map((t) => t?.slice(0, 10))).toEqual(['Question 1', 'Question 2', 'Question 3']);
  });
});
