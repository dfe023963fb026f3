// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExamQuestion, ExamSimulation, ExamSimulationResult } from '@medallion/contracts/exam';
import { ExamRunner } from '@/features/exam/components/exam-runner';
import { ResultDialog } from '@/features/exam/components/result-dialog';
import { SimulationResult } from '@/features/exam/components/simulation-result';
import { TimedSimulation } from '@/features/exam/components/timed-simulation';
import { examQuestion } from './support/exam-questions';
import { fakeApi, renderWithApp } from './support/render';

/** A map-reading question ("point A on the map"): it cannot be answered without its map. */
const MAP_QUESTION: ExamQuestion = {
  ...examQuestion(1),
  topic: 'geography',
  question: 'Which borough is point A on the map in?',
  map: { base: 'nyc', points: [{ label: 'A', lon: -73.7789, lat: 40.6398 }] },
};
const PLAIN = examQuestion(2);
const BANK = [MAP_QUESTION, PLAIN];

const mapIn = async (scope: HTMLElement) => within(scope).findByRole('img', { name: /Map for this question/ });

describe('a map question shows its map in every mode of the exam', () => {
  it("the runner (the spec's run, a topic, the review queue, a resumed run)", async () => {
    fakeApi({ 'GET /api/exam/questions': () => ({ body: { data: { data: BANK, total: 2, full_access: false, access_expiry: null } } }) });
    await renderWithApp(<ExamRunner signedIn={false} practice={{ questions: BANK, onRestart: () => {} }} />, { path: '/exam' });
    expect(await mapIn(document.body)).toBeTruthy();
  });

  it('the timed simulation', async () => {
    const run: ExamSimulation = {
      run_id: 'run-1',
      question_ids: ['q2', 'q1'],
      answer_order: { q1: ['q1-wrong', 'q1-right'], q2: ['q2-right', 'q2-wrong'] },
      answers: [],
      started_at: '2026-11-28T05:00:00.000Z',
      deadline_at: '2026-11-28T06:30:00.000Z',
      server_now: '2026-11-28T05:00:00.000Z',
      minutes: 90,
    };
    fakeApi({
      'GET /api/exam/questions': () => ({ body: { data: { data: BANK, total: 2, full_access: true, access_expiry: null } } }),
      'GET /api/exam/modes': () => ({ body: { data: { timed_minutes: 90, question_count: 2, topics: [] } } }),
      'GET /api/exam/simulation': () => ({ body: { data: run } }),
    });
    await renderWithApp(<TimedSimulation signedIn />, { path: '/exam?mode=timed' });
    const simulation = await screen.findByTestId('timed-simulation');
    // The plain question first: no map.
    expect(within(simulation).getByTestId('question-text').textContent).toContain('Question text 2?');
    expect(within(simulation).queryByTestId('exam-map')).toBeNull();
    within(simulation).getByRole('button', { name: /Next/ }).click();
    expect((await within(simulation).findByTestId('question-text')).textContent).toContain('point A on the map');
    expect(await mapIn(simulation)).toBeTruthy();
  });

  it("the simulation's review after Finish", async () => {
    const result: ExamSimulationResult = {
      attempt: {
        attempt_id: 'a1',
        score: 0,
        total: 2,
        passed: false,
        per_topic: { geography: { correct: 0, total: 1, answered: 0 }, rules: { correct: 0, total: 1, answered: 0 } },
        wrong_question_ids: ['q1', 'q2'],
        created_at: '2026-11-28T05:10:00.000Z',
        mode: 'timed',
        duration_seconds: 600,
      },
      duration_seconds: 600,
      review: [
        { question_id: 'q1', topic: 'geography', chosen_answer_id: null, correct_answer_id: 'q1-right', correct: false },
        { question_id: 'q2', topic: 'rules', chosen_answer_id: null, correct_answer_id: 'q2-right', correct: false },
      ],
    };
    await renderWithApp(<SimulationResult result={result} bank={new Map(BANK.map((q) => [q.question_id, q]))} onAgain={() => {}} />);
    const [mapItem, plainItem] = screen.getAllByTestId('review-item') as [HTMLElement, HTMLElement];
    expect(await mapIn(mapItem)).toBeTruthy();
    expect(within(plainItem).queryByTestId('exam-map')).toBeNull();
  });

  it("the run's result with the questions to review", async () => {
    await renderWithApp(<ResultDialog score={0} total={2} wrong={[{ question: MAP_QUESTION, answerId: 'q1-wrong', number: 1 }]} lang="en" />);
    expect(await mapIn(await screen.findByTestId('review-list'))).toBeTruthy();
  });
});
