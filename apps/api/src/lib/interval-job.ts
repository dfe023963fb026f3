import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Runs `round` every `intervalMs` in this server process: the first round one interval after the app is
 * ready, the next one interval after the previous ended (never two at once in a process). A failed round
 * is logged and the schedule goes on. Stops with the app, waiting for a round under way.
 */
export function registerIntervalJob(app: FastifyInstance, job: { name: string; intervalMs: number; round: (log: FastifyBaseLogger) => Promise<void> }): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const pass = async () => {
    const log = app.log.child({ job: job.name, jobId: randomUUID() });
    try {
      await job.round(log);
    } catch (error) {
      log.error({ err: { message: (error as Error).message } }, `${job.name} round failed`);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(schedule);
    }, job.intervalMs);
    timer.unref();
  };

  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
