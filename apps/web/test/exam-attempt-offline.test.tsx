// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ExamQuestionsResponse } from '@medallion/contracts/exam';
import { afterEach, describe, expect, it } from 'vitest';
import { ExamRunner } from '@/features/exam/components/exam-runner';
import { readAttempts } from '@/features/exam/lib/attempt-queue';
import { examQuestion } from './support/exam-questions';
import { fakeApi, renderWithApp } from './support/render';

const QUESTIONS = [examQuestion(1), examQuestion(2)];
const questionsResponse: ExamQuestionsResponse = { data: { data: QUESTIONS, total: 80, pool_size: 80, full_access: false, access_expiry: null } };

afterEach(() => window.localStorage.clear());

describe('an exam finished offline (decision 0012)', () => {
  it('shows the result with "saved on this device", keeps the attempt with its key and sends it once when back online', async () => {
    let online = false;
    const attempts: Array<{ attempt_key?: string; mode?: string; answers: unknown[] }> = [];
    fakeApi({
      'GET /api/auth/session': () => ({
        body: { user: { id: 'u1', name: 'Dana', email: 'd@example.com', role: 'user', status: 'CONFIRMED', twoFactorEnabled: false }, token: null },
      }),
      'GET /api/exam/questions': () => ({ body: questionsResponse }),
      'GET /api/exam/questions/saved': () => ({ status: 404, body: {} }),
      'GET /api/exam/questions/issue': () => ({ body: { data: { data: [] } } }),
      'POST /api/exam/answers': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { body: { data: { recorded: 1, results: [] } } };
      },
      'POST /api/exam/attempts': ({ body }) => {
        attempts.push(body as (typeof attempts)[number]);
        if (!online) throw new TypeError('Failed to fetch');
        return {
          body: {
            data: {
              attempt_id: 'a1',
              score: 1,
              total: 1,
              passed: false,
              per_topic: {},
              wrong_question_ids: [],
              created_at: '',
              mode: 'topic',
              duration_seconds: null,
            },
          },
        };
      },
      'GET /api/exam/attempts': () => ({ body: { data: [] } }),
      'GET /api/exam/readiness': () => ({ status: 404, body: {} }),
      'GET /api/exam/review': () => ({ body: { data: { due: [], upcoming: 0, total: 0, next_due_on: null } } }),
    });
    await renderWithApp(<ExamRunner signedIn practice={{ questions: QUESTIONS.slice(0, 1), onRestart: () => undefined, mode: 'topic' }} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Right answer 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    // The result is the runner's own, with the line that it waits on this device.
    expect((await screen.findByTestId('result-kept-offline')).textContent).toBe('Saved on this device — it will be sent when you are back online');
    expect(screen.getByRole('dialog').textContent).toContain('1 of 1');
    await waitFor(() => expect(readAttempts()).toHaveLength(1));
    const [kept] = readAttempts();
    expect(kept).toMatchObject({ user: 'u1', mode: 'topic', answers: [{ question_id: 'q1', answer_id: 'q1-right' }] });
    expect(attempts.map((a) => a.attempt_key)).toEqual([kept!.key]);

    // Back online: the answers' trigger sends the kept attempt with the same key, and it leaves the queue.
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(readAttempts()).toEqual([]));
    expect(attempts.map((a) => a.attempt_key)).toEqual([kept!.key, kept!.key]);
    expect(attempts[1]).toMatchObject({ mode: 'topic', answers: [{ question_id: 'q1', answer_id: 'q1-right' }] });
  });
});
