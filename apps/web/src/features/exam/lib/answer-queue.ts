import type { ExamMode } from '@medallion/contracts/exam';

/*
 * First-try answers waiting to reach the server (issue #34: practice offline). Every answer of a
 * signed-in user is put here with a key made in the browser (a UUID), then sent; it leaves the queue
 * when the server has answered for it. Offline, or when a send fails on the way, it stays and goes with
 * the next send (when the connection returns, the next answer, the next visit). The server counts a key
 * once per user (exam_answer_keys), so a resend after a lost reply, or two tabs sending the same queue,
 * never count an answer twice. Kept in localStorage per user: another account signed in on this browser
 * never sends them. No zod: the exam's first load must not carry it.
 */

export interface QueuedAnswer {
  key: string;
  user: string;
  mode: ExamMode;
  question_id: string;
  answer_id: string;
}

export const ANSWER_QUEUE_KEY = 'medallion.exam-answers.v1';
/** More than a few runs' worth is not kept (the oldest go first). */
const MAX_QUEUED = 400;
export const ID = /^[\w-]{1,60}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MODES: readonly string[] = ['exam', 'timed', 'topic', 'review'];

export function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const isQueued = (value: unknown): value is QueuedAnswer => {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return (
    typeof a.key === 'string' &&
    UUID.test(a.key) &&
    typeof a.user === 'string' &&
    a.user.length > 0 &&
    typeof a.mode === 'string' &&
    MODES.includes(a.mode) &&
    typeof a.question_id === 'string' &&
    ID.test(a.question_id) &&
    typeof a.answer_id === 'string' &&
    ID.test(a.answer_id)
  );
};

/** A list kept in localStorage under `key`, as stored; anything malformed is left out. */
export function readStoredList<T>(key: string, isValid: (value: unknown) => value is T): T[] {
  const raw = storage()?.getItem(key);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isValid) : [];
  } catch {
    return [];
  }
}

/** Stores the list's newest `max` items (an empty list removes it); storage full or refused keeps nothing. */
export function writeStoredList(key: string, list: readonly unknown[], max: number): void {
  const store = storage();
  if (!store) return;
  try {
    if (list.length === 0) store.removeItem(key);
    else store.setItem(key, JSON.stringify(list.slice(-max)));
  } catch {
    // Storage full or refused: what was to be kept is sent now or not at all.
  }
}

/**
 * One flush at a time in this tab, per queue: a flush started meanwhile waits for the one under way and
 * then runs (sending what is left).
 */
export function oneAtATime(): (run: () => Promise<number>) => Promise<number> {
  let flushing: Promise<number> | null = null;
  return (run) => {
    const next = (flushing ?? Promise.resolve(0)).then(run, run);
    flushing = next;
    void next.finally(() => {
      if (flushing === next) flushing = null;
    });
    return next;
  };
}

/** The queue as stored; anything malformed is left out. */
export function readQueue(): QueuedAnswer[] {
  return readStoredList(ANSWER_QUEUE_KEY, isQueued);
}

function writeQueue(queue: QueuedAnswer[]): void {
  writeStoredList(ANSWER_QUEUE_KEY, queue, MAX_QUEUED);
}

/** A new answer with its key. */
export function enqueueAnswer(answer: Omit<QueuedAnswer, 'key'>): QueuedAnswer {
  const queued = { ...answer, key: crypto.randomUUID() };
  writeQueue([...readQueue(), queued]);
  return queued;
}

/** Takes answers out of the queue by key (sent, or refused for good). */
export function removeQueued(keys: ReadonlySet<string>): void {
  writeQueue(readQueue().filter((a) => !keys.has(a.key)));
}

export type SendAnswers = (mode: ExamMode, answers: Array<{ question_id: string; answer_id: string; key: string }>) => Promise<void>;

/** Whether a failed send means "never": a refusal (4xx) other than signed out or too many requests. */
export type IsFinal = (error: unknown) => boolean;

const flushQueue = oneAtATime();

/**
 * Sends the user's queued answers, one request per mode (at most 80 each), one flush at a time in
 * this tab (a call meanwhile waits for it and then sends what is left). Resolves with how many were
 * sent; a failed send keeps its answers unless the failure is final.
 */
export function flushAnswers(user: string, send: SendAnswers, isFinal: IsFinal): Promise<number> {
  return flushQueue(async () => {
    let sent = 0;
    for (;;) {
      const mine = readQueue().filter((a) => a.user === user);
      const mode = mine[0]?.mode;
      if (!mode) return sent;
      const batch = mine.filter((a) => a.mode === mode).slice(0, 80);
      const keys = new Set(batch.map((a) => a.key));
      try {
        await send(
          mode,
          batch.map(({ question_id, answer_id, key }) => ({ question_id, answer_id, key })),
        );
      } catch (error) {
        if (!isFinal(error)) return sent;
      }
      removeQueued(keys);
      sent += batch.length;
    }
  });
}

/** Where the finished exams kept offline wait (lib/attempt-queue.ts, loaded only when there are some or one is finished). */
export const ATTEMPT_QUEUE_KEY = 'medallion.exam-attempts.v1';

/** Whether this browser holds finished exams to send (a cheap look before loading their queue's code). */
export function hasQueuedAttempts(): boolean {
  return Boolean(storage()?.getItem(ATTEMPT_QUEUE_KEY));
}
