// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { drawExamIds } from '@medallion/contracts/exam-draw';
import {
  LOCAL_RUN_KEY,
  clearLocalRun,
  createRunSync,
  furtherRun,
  parseLocalRun,
  readLocalRunText,
  restoreRun,
  runExam,
  serializeLocalRun,
  writeLocalRun,
  type KeptRun,
} from '@/features/exam/lib/exam-run-store';

const q = (n: number): ExamQuestion => ({
  question_id: `q${String(n).padStart(3, '0')}`,
  position: n,
  topic: 'rules',
  map: null,
  question: `Question ${n}`,
  question_rus: `Вопрос ${n}`,
  explanation: '',
  explanation_rus: '',
  source: '',
  answers: ['a', 'b', 'c', 'd'].map((letter) => ({ answer_id: `${n}-${letter}`, answer: letter, answer_rus: letter, correct: letter === 'a' })),
});
const free = [1, 2, 3, 4, 5].map(q);
const right = (n: number) => ({ question_id: q(n).question_id, answer_id: `${n}-a` });
const wrong = (n: number) => ({ question_id: q(n).question_id, answer_id: `${n}-c` });

afterEach(() => window.localStorage.clear());

describe('the guest run kept in this browser', () => {
  it('round-trips through localStorage under a versioned key', () => {
    expect(readLocalRunText()).toBeNull();
    writeLocalRun({ position: 2, answers: [right(1), wrong(2)] });
    expect(LOCAL_RUN_KEY).toMatch(/v1$/);
    expect(parseLocalRun(readLocalRunText())).toEqual({ position: 2, answers: [right(1), wrong(2)] });
    clearLocalRun();
    expect(readLocalRunText()).toBeNull();
  });

  it('treats garbage as no run', () => {
    const ok = JSON.parse(serializeLocalRun({ position: 1, answers: [right(1)] }));
    const garbage: unknown[] = [
      '',
      'not json',
      'null',
      '42',
      '[]',
      JSON.stringify({ ...ok, v: 2 }),
      JSON.stringify({ ...ok, mode: 'timed' }),
      JSON.stringify({ ...ok, position: -1 }),
      JSON.stringify({ ...ok, position: 1.5 }),
      JSON.stringify({ ...ok, position: 81 }),
      JSON.stringify({ ...ok, position: '1' }),
      JSON.stringify({ ...ok, answers: 'q001' }),
      JSON.stringify({ ...ok, answers: [{ question_id: 'q001' }] }),
      JSON.stringify({ ...ok, answers: [{ question_id: '<script>', answer_id: 'x' }] }),
      JSON.stringify({ ...ok, answers: [right(1), right(2)] }),
    ];
    for (const raw of garbage) expect(parseLocalRun(raw as string), String(raw)).toBeNull();
    expect(parseLocalRun(null)).toBeNull();
    expect(parseLocalRun(JSON.stringify(ok))).toEqual({ position: 1, answers: [right(1)] });
  });
});

describe('restoreRun', () => {
  it("rebuilds the runner's state: next question, score and wrong answers", () => {
    const run = restoreRun({ position: 3, answers: [right(1), wrong(2), right(3)] }, free, 80)!;
    expect(run.index).toBe(3);
    expect(run.score).toBe(2);
    expect(run.answers).toEqual([right(1), wrong(2), right(3)]);
    expect(run.wrong.map((w) => [w.question.question_id, w.answerId])).toEqual([['q002', '2-c']]);
  });

  it("takes the server's grade when it has one", () => {
    const run = restoreRun({ position: 2, answers: [right(1), wrong(2)], score: 1, wrong_question_ids: ['q002'] }, free, 80)!;
    expect(run.score).toBe(1);
    expect(run.wrong.map((w) => w.question.question_id)).toEqual(['q002']);
    // Answers beyond what the user may read now (access ended) are kept for the attempt.
    const beyond = restoreRun({ position: 7, answers: [...[1, 2, 3, 4, 5].map(right), right(6), wrong(7)], score: 6, wrong_question_ids: ['q007'] }, free, 80)!;
    expect(beyond.index).toBe(7);
    expect(beyond.answers).toHaveLength(7);
    expect(beyond.wrong).toEqual([]);
  });

  it('drops a run that does not fit the questions', () => {
    expect(restoreRun({ position: 0, answers: [] }, free, 80)).toBeNull();
    expect(restoreRun({ position: 1, answers: [{ question_id: 'q999', answer_id: 'x' }] }, free, 80)).toBeNull();
    expect(restoreRun({ position: 1, answers: [{ question_id: 'q001', answer_id: '2-a' }] }, free, 80)).toBeNull();
    expect(restoreRun({ position: 2, answers: [right(1), right(1)] }, free, 80)).toBeNull();
    expect(restoreRun({ position: 1, answers: [right(1), right(2)] }, free, 80)).toBeNull();
  });

  it('ends a finished run at the total', () => {
    expect(restoreRun({ position: 5, answers: [1, 2, 3, 4, 5].map(right) }, free, 5)?.index).toBe(5);
  });
});

describe('a run drawn from the pool (issue #34)', () => {
  const pool = Array.from({ length: 120 }, (_, i) => q(i + 1));
  const exam = drawExamIds(pool, 77);
  const n = (id: string) => Number(id.slice(1));

  it("goes by the server's draw when it has one, numbering questions by their place in it", () => {
    const ids = exam.slice(0, 8);
    const run = restoreRun(
      { seed: 77, question_ids: exam, total: 80, position: 8, answers: [...ids.slice(0, 7).map((id) => right(n(id))), wrong(n(ids[7]!))] },
      pool,
      80,
    )!;
    expect(run.index).toBe(8);
    expect(run.score).toBe(7);
    expect(run.wrong.map((w) => [w.question.question_id, w.number])).toEqual([[ids[7], 8]]);
    expect(run.draw).toEqual({ seed: 77, question_ids: exam, total: 80 });
    expect(runExam(pool, run.draw).map((x) => x.question_id)).toEqual(exam);
  });

  it("draws a guest's run from its seed, and drops one that answers a question outside its draw", () => {
    const ids = exam.slice(0, 7);
    const run = restoreRun({ seed: 77, position: 7, answers: ids.map((id) => wrong(n(id))) }, pool, 80)!;
    expect(run.wrong.map((w) => w.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(runExam(pool, { seed: 77 }).map((x) => x.question_id)).toEqual(exam);
    const outside = pool.find((x) => !exam.includes(x.question_id))!;
    expect(restoreRun({ seed: 77, position: 1, answers: [right(n(outside.question_id))] }, pool, 80)).toBeNull();
  });

  it('keeps the seed in this browser, and drops a kept run with a bad one', () => {
    writeLocalRun({ seed: 77, position: 1, answers: [right(1)] });
    expect(parseLocalRun(readLocalRunText())).toEqual({ seed: 77, position: 1, answers: [right(1)] });
    const ok = JSON.parse(serializeLocalRun({ seed: 77, position: 1, answers: [right(1)] }));
    for (const seed of [-1, 1.5, '7', 2 ** 31, null]) expect(parseLocalRun(JSON.stringify({ ...ok, seed }))).toBeNull();
  });
});

describe('furtherRun (after sign-in)', () => {
  const local: KeptRun = { position: 5, answers: [] };
  const server: KeptRun = { position: 3, answers: [] };
  it('keeps the run further along, the account on a tie', () => {
    expect(furtherRun(local, server)).toEqual({ run: local, source: 'local' });
    expect(furtherRun(server, local)).toEqual({ run: local, source: 'server' });
    expect(furtherRun(local, { ...local })).toEqual({ run: local, source: 'server' });
    expect(furtherRun(local, null).source).toBe('local');
    expect(furtherRun(null, server).source).toBe('server');
    expect(furtherRun(null, null)).toEqual({ run: null, source: null });
  });
});

describe('createRunSync (signed-in saves)', () => {
  function deferred() {
    let resolve!: () => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  }

  it('sends one call at a time, in order, keeping only the latest waiting save', async () => {
    const calls: string[] = [];
    const pending: Array<ReturnType<typeof deferred>> = [];
    const sync = createRunSync({
      save: (run) => {
        calls.push(`save ${run.position}`);
        const d = deferred();
        pending.push(d);
        return d.promise;
      },
      remove: () => {
        calls.push('delete');
        return Promise.resolve();
      },
    });
    sync.save({ position: 1, answers: [] });
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(['save 1']);
    // Behind the running save, the newer one replaces the older.
    sync.save({ position: 2, answers: [] });
    sync.save({ position: 3, answers: [] });
    expect(calls).toEqual(['save 1']);
    const idle = sync.idle();
    pending[0]!.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(['save 1', 'save 3']);
    sync.remove();
    pending[1]!.resolve();
    await idle;
    expect(calls).toEqual(['save 1', 'save 3', 'delete']);
  });

  it('never throws: a failed save is reported and the next call still goes', async () => {
    const failed: number[] = [];
    const saved: number[] = [];
    const sync = createRunSync({
      save: (run) => (run.position === 1 ? Promise.reject(new Error('offline')) : Promise.resolve()),
      remove: () => Promise.reject(new Error('offline')),
      onSaveFailed: (run) => failed.push(run.position),
      onSaved: (run) => saved.push(run.position),
    });
    sync.save({ position: 1, answers: [] });
    await sync.idle();
    sync.save({ position: 2, answers: [] });
    sync.remove();
    sync.save({ position: 3, answers: [] });
    await sync.idle();
    expect(failed).toEqual([1]);
    expect(saved).toEqual([3]);
    await expect(sync.idle()).resolves.toBeUndefined();
  });
});
