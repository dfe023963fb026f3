import { AsyncLocalStorage } from 'node:async_hooks';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { AppError } from '../../lib/app-error';
import { QueueFullError, WorkQueue, type Lane } from '../../lib/work-queue';

/** What a refused password check tells the client to wait before trying again (Retry-After, seconds). */
export const PASSWORD_BUSY_RETRY_AFTER_S = 2;

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
  /** The queue, for tests and metrics. */
  queue: WorkQueue;
}

const lane = new AsyncLocalStorage<Lane>();

/**
 * Runs `work` (a sign-in) with its password checks in the priority lane: for a browser that signed in to
 * this account before (known-browsers.ts), so its owner gets in while strangers flood the queue.
 */
export function withPasswordPriority<T>(priority: boolean, work: () => Promise<T>): Promise<T> {
  return priority ? lane.run('priority', work) : work();
}

/**
 * better-auth's scrypt hash and verify (the same format, so stored hashes stay valid), run through a
 * bounded queue: `concurrency` at once, `maxWaiting` waiting per lane, and anything beyond refused at
 * once with 503 SERVICE_UNAVAILABLE and Retry-After. Every password better-auth checks or sets goes
 * through here (sign-in, sign-up, reset, change, the checks before account changes, and the dummy hash
 * of a sign-in with an unknown address), so a flood of wrong passwords from many addresses cannot queue
 * a real sign-in behind hundreds of hashes (issue #33): the libuv thread pool stays free for the rest.
 * Wraps the functions only: the lockout and the limits around a check stay where they are.
 */
export function boundedPasswordHashing(options: { concurrency: number; maxWaiting: number }): PasswordHashing {
  const queue = new WorkQueue(options);
  const run = async <T>(job: () => Promise<T>): Promise<T> => {
    try {
      return await queue.run(job, lane.getStore() ?? 'normal');
    } catch (error) {
      if (error instanceof QueueFullError) throw new AppError('SERVICE_UNAVAILABLE', 'auth.busy').retryAfter(PASSWORD_BUSY_RETRY_AFTER_S);
      throw error;
    }
  };
  return {
    queue,
    hash: (password) => run(() => hashPassword(password)),
    verify: (input) => run(() => verifyPassword(input)),
  };
}
