/** The queue is full: the caller should answer "busy, try again" rather than wait. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

export interface WorkQueueOptions {
  /** How many jobs run at once. */
  concurrency: number;
  /** How many jobs may wait per lane; one more is refused with {@link QueueFullError}. */
  maxWaiting: number;
}

export type Lane = 'priority' | 'normal';

interface Waiter {
  start: () => void;
}

/**
 * A bounded queue for expensive work (password hashing, picture decoding): at most `concurrency` jobs
 * run at once, at most `maxWaiting` wait in each lane, and a job that would wait beyond that is refused
 * at once (QueueFullError), so a flood costs its senders a quick refusal instead of everyone a long
 * wait. Waiting jobs of the `priority` lane start before any of the `normal` lane; within a lane, in
 * order of arrival. In-process: each instance bounds its own CPU.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: Record<Lane, Waiter[]> = { priority: [], normal: [] };

  constructor(private readonly options: WorkQueueOptions) {
    if (!(options.concurrency >= 1) || !(options.maxWaiting >= 0)) throw new Error('WorkQueue: concurrency ≥ 1 and maxWaiting ≥ 0');
  }

  /** Jobs running now and waiting per lane (for tests and metrics). */
  get load(): { running: number; priority: number; normal: number } {
    return { running: this.running, priority: this.waiting.priority.length, normal: this.waiting.normal.length };
  }

  /** Runs `job` when a slot is free; throws QueueFullError at once when its lane is full. */
  async run<T>(job: () => Promise<T>, lane: Lane = 'normal'): Promise<T> {
    if (this.running >= this.options.concurrency) {
      const queue = this.waiting[lane];
      if (queue.length >= this.options.maxWaiting) throw new QueueFullError(`the ${lane} queue is full`);
      // The slot is handed over by the job that ends (running stays counted), so no newcomer takes it first.
      await new Promise<void>((start) => queue.push({ start }));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.priority.shift() ?? this.waiting.normal.shift();
      if (next) next.start();
      else this.running--;
    }
  }
}
