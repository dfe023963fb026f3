import { AsyncLocalStorage } from 'node:async_hooks';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { AppError } from '../../lib/app-error';
import { QueueFullError, WorkQueue, type Lane } from '../../lib/work-queue';

/** What a refused password check tells the client to wait before trying again (Retry-After, seconds). */
export const PASSWORD_BUSY_RETRY_AFTER_S = 2;

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
  /**
   * Refuses (503, as a full queue would) a check that could not wait now in the normal lane: called before
   * any database work by a sign-in that cannot have the priority lane, so a flood is refused for the cost
   * of parsing its request.
   */
  assertRoom(): void;
  /** The queue, for tests and metrics. */
  queue: WorkQueue;
}

const busy = () => new AppError('SERVICE_UNAVAILABLE', 'auth.busy').retryAfter(PASSWORD_BUSY_RETRY_AFTER_S);

const lane = new AsyncLocalStorage<Lane>();
/** Accounts with a sign-in in the priority lane now: one each, so one account cannot fill the lane. */
const prioritized = new Set<string>();

/**
 * Runs `work` (a sign-in to the account `account`) with its password checks in the priority lane when
 * `priority` (a browser that signed in to this account before, known-browsers.ts), so the owner gets in
 * while strangers flood the normal lane. One sign-in per account at a time has it; others of the same
 * account wait in the normal lane.
 */
export async function withPasswordPriority<T>(priority: boolean, account: string, work: () => Promise<T>): Promise<T> {
  const key = account.toLowerCase();
  if (!priority || prioritized.has(key)) return work();
  prioritized.add(key);
  try {
    return await lane.run('priority', work);
  } finally {
    prioritized.delete(key);
  }
}

/**
 * better-auth's scrypt hash and verify (the same format, so stored hashes stay valid), run through a
 * bounded queue: `concurrency` at once (and one more slot for the priority lane), `maxWaiting` waiting per lane, and anything beyond refused at
 * once with 503 SERVICE_UNAVAILABLE and Retry-After. Every password better-auth checks or sets goes
 * through here (sign-in, sign-up, reset, change, the checks before account changes, and the dummy hash
 * of a sign-in with an unknown address), so a flood of wrong passwords from many addresses cannot queue
 * a real sign-in behind hundreds of hashes (issue #33): the libuv thread pool stays free for the rest.
 * Wraps the functions only: the lockout and the limits around a check stay where they are.
 */
export function boundedPasswordHashing(options: { concurrency: number; maxWaiting: number }): PasswordHashing {
  // One more slot for the priority lane: the owner's check never waits for a stranger's to end.
  const queue = new WorkQueue({ ...options, reservedForPriority: 1 });
  const run = async <T>(job: () => Promise<T>): Promise<T> => {
    try {
      return await queue.run(job, lane.getStore() ?? 'normal');
    } catch (error) {
      if (error instanceof QueueFullError) throw busy();
      throw error;
    }
  };
  return {
    queue,
    assertRoom() {
      if (!queue.hasRoom('normal')) throw busy();
    },
    hash: (password) => run(() => hashPassword(password)),
    verify: (input) => run(() => verifyPassword(input)),
  };
}
