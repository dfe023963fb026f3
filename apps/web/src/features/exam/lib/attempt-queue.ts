import type { ExamAttemptMode } from '@medallion/contracts/exam';
import { ATTEMPT_QUEUE_KEY, ID, type IsFinal, oneAtATime, readStoredList, UUID, writeStoredList } from './answer-queue';

export { ATTEMPT_QUEUE_KEY };

/*
 * Finished exams waiting to reach the server (POST /exam/attempts), beside the answers: an exam
 * finished offline (or whose send failed on the way) is kept here with a key made when it was finished,
 * and sent with the answers' flush (the `online` event, the next answer, the next visit). The server
 * records a key once per user (exam_attempts.attempt_key), so a resend after a lost reply, or two tabs,
 * record the attempt once.
 */

export interface QueuedAttempt {
  key: string;
  user: string;
  mode: ExamAttemptMode;
  answers: Array<{ question_id: string; answer_id: string }>;
}

/** A few finished exams at most (the oldest go first). */
const MAX_ATTEMPTS = 20;
/** An exam's sheet: 80 questions, and the server takes at most twice that. */
const MAX_SHEET = 160;
const ATTEMPT_MODES: readonly string[] = ['exam', 'topic', 'review'];

const isSheetAnswer = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return typeof a.question_id === 'string' && ID.test(a.question_id) && typeof a.answer_id === 'string' && ID.test(a.answer_id);
};

const isQueuedAttempt = (value: unknown): value is QueuedAttempt => {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return (
    typeof a.key === 'string' &&
    UUID.test(a.key) &&
    typeof a.user === 'string' &&
    a.user.length > 0 &&
    typeof a.mode === 'string' &&
    ATTEMPT_MODES.includes(a.mode) &&
    Array.isArray(a.answers) &&
    a.answers.length > 0 &&
    a.answers.length <= MAX_SHEET &&
    a.answers.every(isSheetAnswer)
  );
};

/** The finished exams as stored; anything malformed is left out. */
export function readAttempts(): QueuedAttempt[] {
  return readStoredList(ATTEMPT_QUEUE_KEY, isQueuedAttempt);
}

function writeAttempts(queue: QueuedAttempt[]): void {
  writeStoredList(ATTEMPT_QUEUE_KEY, queue, MAX_ATTEMPTS);
}

/** A finished exam with its key, kept until the server has answered for it. */
export function enqueueAttempt(attempt: Omit<QueuedAttempt, 'key'>): QueuedAttempt {
  const queued = { ...attempt, answers: attempt.answers.map(({ question_id, answer_id }) => ({ question_id, answer_id })), key: crypto.randomUUID() };
  writeAttempts([...readAttempts(), queued]);
  return queued;
}

/** Takes a finished exam out of the queue (recorded, or refused for good). */
export function removeQueuedAttempt(key: string): void {
  writeAttempts(readAttempts().filter((a) => a.key !== key));
}

export type SendAttempt = (attempt: Omit<QueuedAttempt, 'user'>) => Promise<void>;

const flushAttemptQueue = oneAtATime();

/**
 * Sends the user's kept finished exams, one request each with its key, one flush at a time in this tab.
 * Resolves with how many were recorded (or refused for good); a failed send stops the flush and keeps
 * the rest unless the failure is final.
 */
export function flushAttempts(user: string, send: SendAttempt, isFinal: IsFinal): Promise<number> {
  return flushAttemptQueue(async () => {
    let sent = 0;
    for (;;) {
      const next = readAttempts().find((a) => a.user === user);
      if (!next) return sent;
      try {
        await send({ key: next.key, mode: next.mode, answers: next.answers });
      } catch (error) {
        if (!isFinal(error)) return sent;
      }
      removeQueuedAttempt(next.key);
      sent += 1;
    }
  });
}
