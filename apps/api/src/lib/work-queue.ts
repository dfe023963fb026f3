/** The queue is full: the caller should answer "busy, try again" rather than wait. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

export interface WorkQueueOptions {
  /** How many jobs run at once. */
  concurrency: number;
  /** How many jobs may wait per lane; one more is refused with {@link QueueFullError}. */
  maxWaiting: number;
  /** Slots beyond `concurrency` that only the priority lane may use (0 unless given). */
  reservedForPriority?: number;
}

export type Lane = 'priority' | 'normal';

/**
 * A bounded queue for expensive work (password hashing, picture decoding): at most `concurrency` jobs
 * run at once (plus `reservedForPriority` slots only the priority lane may take), at most `maxWaiting`
 * wait in each lane, and a job that would wait beyond that is refused at once (QueueFullError), so a
 * flood costs its senders a quick refusal instead of everyone a long wait. Waiting jobs of the
 * `priority` lane start before any of the `normal` lane; within a lane, in order of arrival. A slot
 * that frees is handed to a waiting job at once, so a newcomer never overtakes the queue. In-process:
 * each instance bounds its own CPU.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: Record<Lane, Array<() => void>> = { priority: [], normal: [] };
  private readonly reserved: number;

  constructor(private readonly options: WorkQueueOptions) {
    this.reserved = options.reservedForPriority ?? 0;
    if (!(options.concurrency >= 1) || !(options.maxWaiting >= 0) || !(this.reserved >= 0)) {
      throw new Error('WorkQueue: concurrency ≥ 1, maxWaiting ≥ 0, reservedForPriority ≥ 0');
    }
  }

  /** Jobs running now and waiting per lane (for tests and metrics). */
  get load(): { running: number; priority: number; normal: number } {
    return { running: this.running, priority: this.waiting.priority.length, normal: this.waiting.normal.length };
  }

  private canStart(lane: Lane): boolean {
    return this.running < this.options.concurrency + (lane === 'priority' ? this.reserved : 0);
  }

  /** Whether a job of `lane` would be taken now (run or wait), for callers that refuse before any other work. */
  hasRoom(lane: Lane = 'normal'): boolean {
    return this.canStart(lane) || this.waiting[lane].length < this.options.maxWaiting;
  }

  /** Runs `job` when a slot is free; throws QueueFullError at once when its lane is full. */
  async run<T>(job: () => Promise<T>, lane: Lane = 'normal'): Promise<T> {
    if (this.canStart(lane) && this.waiting[lane].length === 0) {
      this.running++;
    } else {
      const queue = this.waiting[lane];
      if (queue.length >= this.options.maxWaiting) throw new QueueFullError(`the ${lane} queue is full`);
      // Started by dispatch(), which counts it as running.
      await new Promise<void>((start) => queue.push(start));
    }
    try {
      return await job();
    } finally {
      this.running--;
      this.dispatch();
    }
  }

  private dispatch(): void {
    for (const lane of ['priority', 'normal'] as const) {
      while (this.waiting[lane].length > 0 && this.canStart(lane)) {
        this.running++;
        this.waiting[lane].shift()!();
      }
    }
  }
}
