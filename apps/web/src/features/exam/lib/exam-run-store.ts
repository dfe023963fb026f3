import type { ExamQuestion } from '@medallion/contracts/exam';
import { EXAM_QUESTION_COUNT } from '@medallion/contracts/exam-constants';
import { drawExam, isExamSeed } from '@medallion/contracts/exam-draw';
import { gradeAnswer } from '@medallion/contracts/exam-grading';
import type { WrongAnswer } from '../components/result-dialog';

/*
 * Resume of the spec's 80-question run (mode `exam`): what is kept between visits (its draw: the seed,
 * and the server's question ids; the position and answers), and how a kept run becomes the runner's
 * state again. Guests keep it in this browser (localStorage, a versioned key read
 * with suspicion: anything odd counts as no run); signed-in users on the server (PUT /exam/run), saved
 * one call at a time so an older save never lands after a newer one. No zod here: the page's first
 * load must not carry it.
 */

export interface RunAnswer {
  question_id: string;
  answer_id: string;
}

/**
 * What a run's exam was drawn with: its seed (drawExam from the pool the browser holds, offline too),
 * and from the server the draw itself (`question_ids`, as far as the user may read it) and its length.
 * A run kept before the pool has no seed: its draw is the server's, or the free preview for a guest.
 */
export interface RunDraw {
  seed?: number;
  question_ids?: string[];
  total?: number;
}

/** A run as kept: its draw, how many questions are behind, and the first-try answers given. */
export interface KeptRun extends RunDraw {
  position: number;
  answers: RunAnswer[];
  /** The server's grade (signed in); a guest's run is graded here from the questions. */
  score?: number;
  wrong_question_ids?: string[];
}

/** The runner's state rebuilt from a kept run. */
export interface RestoredRun {
  /** The run's draw (the runner goes on with it). */
  draw: RunDraw;
  /** The question to show next (0-based); `total` or more means the run is over. */
  index: number;
  score: number;
  answers: RunAnswer[];
  wrong: WrongAnswer[];
}

export const LOCAL_RUN_KEY = 'medallion.exam-run.v1';
const MAX_ANSWERS = EXAM_QUESTION_COUNT;
const ID = /^[\w-]{1,60}$/;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage refused (privacy settings)
  }
}

const isAnswer = (value: unknown): value is RunAnswer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RunAnswer).question_id === 'string' &&
  typeof (value as RunAnswer).answer_id === 'string' &&
  ID.test((value as RunAnswer).question_id) &&
  ID.test((value as RunAnswer).answer_id);

/** The kept guest run from its stored text; null for none, another version or anything malformed. */
export function parseLocalRun(raw: string | null | undefined): KeptRun | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { v, mode, seed, position, answers } = value as Record<string, unknown>;
  if (v !== 1 || mode !== 'exam') return null;
  if (seed !== undefined && !isExamSeed(seed)) return null;
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 0 || position > MAX_ANSWERS) return null;
  if (!Array.isArray(answers) || answers.length > position || !answers.every(isAnswer)) return null;
  return { ...(seed !== undefined && { seed }), position, answers: answers.map((a) => ({ question_id: a.question_id, answer_id: a.answer_id })) };
}

export function serializeLocalRun(run: KeptRun): string {
  return JSON.stringify({ v: 1, mode: 'exam', seed: run.seed, position: run.position, answers: run.answers, updated_at: new Date().toISOString() });
}

/**
 * A run's exam from the pool this browser holds: the server's draw when it is known (in its order,
 * the questions the user may read), else drawn here from the seed (drawExam; the free preview opens
 * every draw, so a run without a seed still has it).
 */
export function runExam(pool: readonly ExamQuestion[], draw: RunDraw): ExamQuestion[] {
  if (draw.question_ids) {
    const byId = new Map(pool.map((q) => [q.question_id, q]));
    return draw.question_ids.flatMap((id) => byId.get(id) ?? []);
  }
  return drawExam(pool, draw.seed ?? 0);
}

/** The stored text (what useSyncExternalStore compares), null when there is none or no storage. */
export function readLocalRunText(): string | null {
  try {
    return storage()?.getItem(LOCAL_RUN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeLocalRun(run: KeptRun): void {
  try {
    storage()?.setItem(LOCAL_RUN_KEY, serializeLocalRun(run));
  } catch {
    // Full or refused: the run simply is not kept.
  }
}

export function clearLocalRun(): void {
  try {
    storage()?.removeItem(LOCAL_RUN_KEY);
  } catch {
    // nothing kept then
  }
}

/**
 * The runner's state from a kept run and the pool the user may read now (the run's exam is drawn from
 * it: runExam). A run that does not fit it (an answer to a question outside its exam or with an unknown
 * answer, a question twice, answers beyond the position) is dropped: null, as is an empty run. Answers
 * to questions beyond the user's access now (signed-in, access ended) are kept for the attempt; the run
 * stops at the paywall.
 */
export function restoreRun(run: KeptRun, pool: readonly ExamQuestion[], examTotal: number): RestoredRun | null {
  const total = run.total ?? examTotal;
  if (run.position <= 0 || run.answers.length > run.position || total <= 0) return null;
  const exam = runExam(pool, run);
  const numberOf = new Map(exam.map((q, i) => [q.question_id, i + 1]));
  const byId = new Map(exam.map((q) => [q.question_id, q]));
  const seen = new Set<string>();
  let score = 0;
  const graded: WrongAnswer[] = [];
  for (const a of run.answers) {
    if (seen.has(a.question_id)) return null;
    seen.add(a.question_id);
    const question = byId.get(a.question_id);
    if (!question) {
      if (run.score === undefined) return null; // a guest's run only holds questions they can read
      continue;
    }
    const grade = gradeAnswer(question, a.answer_id);
    if (grade === 'not-its-answer') {
      if (run.score === undefined) return null;
      continue; // the server graded it (the question was edited since)
    }
    if (grade === 'right') score += 1;
    else graded.push({ question, answerId: a.answer_id, number: numberOf.get(question.question_id)! });
  }
  const serverWrong = run.wrong_question_ids ? new Set(run.wrong_question_ids) : null;
  const chosenOf = new Map(run.answers.map((a) => [a.question_id, a.answer_id]));
  const wrong = serverWrong
    ? run.answers.flatMap((a) => {
        const question = byId.get(a.question_id);
        return question && serverWrong.has(a.question_id)
          ? [{ question, answerId: chosenOf.get(a.question_id)!, number: numberOf.get(question.question_id)! }]
          : [];
      })
    : graded;
  const draw: RunDraw = { ...(run.seed !== undefined && { seed: run.seed }), ...(run.question_ids && { question_ids: run.question_ids }), total };
  return { draw, index: Math.min(run.position, total), score: run.score ?? score, answers: run.answers.map((a) => ({ ...a })), wrong };
}

/** Of a guest run kept in this browser and the account's run, the one further along (the account's on a tie). */
export function furtherRun<T extends KeptRun>(local: T | null, server: T | null): { run: T | null; source: 'local' | 'server' | null } {
  if (local && (!server || local.position > server.position)) return { run: local, source: 'local' };
  return server ? { run: server, source: 'server' } : { run: null, source: null };
}

type Op = { kind: 'save'; run: KeptRun } | { kind: 'delete' };

/**
 * The signed-in run's calls, one at a time in order: a save waiting behind a running call is replaced
 * by a newer save (only the latest position matters), a delete waits for the saves before it. Failures
 * never reach the exam: `onSaveFailed` hears of them (the runner keeps a copy in this browser).
 */
export function createRunSync(calls: {
  save: (run: KeptRun) => Promise<unknown>;
  remove: () => Promise<unknown>;
  onSaveFailed?: (run: KeptRun, error: unknown) => void;
  onSaved?: (run: KeptRun) => void;
}) {
  const queue: Op[] = [];
  let running: Promise<void> | null = null;
  const waiters: Array<() => void> = [];

  const pump = async () => {
    await Promise.resolve(); // `running` is set before the first call's answer can end the loop
    for (let op = queue.shift(); op; op = queue.shift()) {
      try {
        if (op.kind === 'save') {
          await calls.save(op.run);
          calls.onSaved?.(op.run);
        } else {
          await calls.remove();
        }
      } catch (error) {
        if (op.kind === 'save') calls.onSaveFailed?.(op.run, error);
      }
    }
    running = null;
    for (const resolve of waiters.splice(0)) resolve();
  };
  const start = () => {
    running ??= pump();
  };

  return {
    save(run: KeptRun) {
      const last = queue.at(-1);
      if (last?.kind === 'save') last.run = run;
      else queue.push({ kind: 'save', run });
      start();
    },
    remove() {
      // Saves not yet sent are moot once the run is removed.
      while (queue.at(-1)?.kind === 'save') queue.pop();
      queue.push({ kind: 'delete' });
      start();
    },
    /** Resolves once every call asked for so far has been answered. */
    idle(): Promise<void> {
      return running ? new Promise((resolve) => waiters.push(resolve)) : Promise.resolve();
    },
  };
}
