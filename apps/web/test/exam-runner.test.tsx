// @vitest-environment jsdom
import { act, fireEvent, screen, within, waitFor } from '@testing-library/react';
import type { ExamQuestionsResponse } from '@medallion/contracts/exam';
import { describe, expect, it, vi } from 'vitest';
import { ExamRunner } from '@/features/exam/components/exam-runner';
import { examQuestion } from './support/exam-questions';
import { fakeApi, renderWithApp } from './support/render';

const question = examQuestion;

const QUESTIONS = [question(1), question(2)];

async function renderPractice() {
  const response: ExamQuestionsResponse = {
    data: { data: QUESTIONS, total: QUESTIONS.length, pool_size: QUESTIONS.length, full_access: false, access_expiry: null },
  };
  fakeApi({ 'GET /api/exam/questions': () => ({ body: response }) });
  const onRestart = vi.fn();
  await renderWithApp(<ExamRunner signedIn={false} practice={{ questions: QUESTIONS, onRestart }} />, { path: '/exam' });
  await screen.findByTestId('question-text');
  return { onRestart };
}

const answer = (text: string) => screen.getByRole('radio', { name: text });
const button = (name: string) => screen.getByRole('button', { name });

describe('ExamRunner', () => {
  it('keeps Submit disabled until an answer is chosen', async () => {
    await renderPractice();
    expect(screen.getByTestId('question-text').textContent).toContain('Question text 1?');
    expect(button('Submit')).toHaveProperty('disabled', true);
    fireEvent.click(answer('Right answer 1'));
    expect(button('Submit')).toHaveProperty('disabled', false);
  });

  it('after a wrong answer shows the explanation, marks the right answer and waits for Next', async () => {
    await renderPractice();
    fireEvent.click(answer('Wrong answer 1'));
    fireEvent.click(button('Submit'));

    const explanation = screen.getByTestId('explanation');
    expect(explanation.textContent).toContain('Because rule 1 says so.');
    expect(answer('Right answer 1').closest('label')?.dataset.result).toBe('correct');
    expect(answer('Wrong answer 1').closest('label')?.dataset.result).toBe('wrong');
    expect(answer('Right answer 1')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('exam-score').textContent).toBe('Score: 0');

    fireEvent.click(button('Next'));
    await waitFor(() => expect(screen.getByTestId('question-text').textContent).toContain('Question text 2?'));
    expect(screen.getByTestId('exam-progress').textContent).toBe('Question 2 of 2');
    expect(screen.queryByTestId('explanation')).toBeNull();
  });

  it('after a right answer counts it and moves on by itself', async () => {
    await renderPractice();
    fireEvent.click(answer('Right answer 1'));
    fireEvent.click(button('Submit'));
    expect(screen.getByText('Correct!')).toBeTruthy();
    expect(screen.getByTestId('exam-score').textContent).toBe('Score: 1');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('question-text').textContent).toContain('Question text 2?'));
  });

  it('shows the questions and answers in Russian when the switch is turned', async () => {
    await renderPractice();
    fireEvent.click(screen.getByRole('radio', { name: 'Русский' }));
    expect(screen.getByTestId('question-text').textContent).toContain('Вопрос 1?');
    expect(answer('Верно 1')).toBeTruthy();
  });

  it('ends with the result: the score and a way to practice again', async () => {
    const { onRestart } = await renderPractice();
    fireEvent.click(answer('Right answer 1'));
    fireEvent.click(button('Submit'));
    await waitFor(() => expect(screen.getByTestId('question-text').textContent).toContain('Question text 2?'));
    fireEvent.click(answer('Wrong answer 2'));
    fireEvent.click(button('Submit'));
    fireEvent.click(button('Next'));

    const result = await screen.findByRole('dialog', {}, { timeout: 3000 });
    expect(within(result).getByText('Practice complete')).toBeTruthy();
    expect(within(result).getByText('You got 1 of 2 right.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(result).getByRole('button', { name: 'Practice again' }));
      await Promise.resolve();
    });
    expect(onRestart).toHaveBeenCalledTimes(1);
  });
});
