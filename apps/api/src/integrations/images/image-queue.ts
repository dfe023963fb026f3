import sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { QueueFullError, WorkQueue } from '../../lib/work-queue';

/** What a refused upload tells the client to wait before saving again (Retry-After, seconds). */
export const IMAGE_BUSY_RETRY_AFTER_S = 2;

/**
 * The process's queue for decoding uploaded pictures: decoding a photo takes a core for a while (a
 * 25-megapixel PNG about a third of a second), so at most IMAGE_CONCURRENCY run at once, each with one
 * libvips thread, and IMAGE_QUEUE may wait; beyond that an upload is refused at once (503 with
 * Retry-After) instead of queueing the whole server behind it (issue #33). One queue per process, like
 * the cores it protects; `configureImageQueue` (app start) sets its size.
 */
let queue = new WorkQueue({ concurrency: 1, maxWaiting: 8 });

export function configureImageQueue(options: { concurrency: number; maxWaiting: number }): void {
  queue = new WorkQueue(options);
  // libvips' threads per picture: one, so IMAGE_CONCURRENCY is also the number of cores pictures take.
  sharp.concurrency(1);
}

/** The queue's load now (for tests and metrics). */
export function imageQueueLoad(): WorkQueue['load'] {
  return queue.load;
}

/** Runs one picture's decoding when its turn comes; 503 `image.busy` with Retry-After when too many wait. */
export async function inImageQueue<T>(job: () => Promise<T>): Promise<T> {
  try {
    return await queue.run(job);
  } catch (error) {
    if (error instanceof QueueFullError) throw new AppError('SERVICE_UNAVAILABLE', 'image.busy').retryAfter(IMAGE_BUSY_RETRY_AFTER_S);
    throw error;
  }
}
