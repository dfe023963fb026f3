import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendSearchDigests, type DigestOptions } from './send-search-digest';

/** A round may run this long before another server may take over its lease. */
const DIGEST_LEASE_MS = 10 * 60_000;

export function digestOptionsFor(app: FastifyInstance): DigestOptions {
  return { mailer: app.mailer, publicUrl: app.config.PUBLIC_URL, leaseMs: DIGEST_LEASE_MS };
}

/**
 * Runs a saved-search digest round every SAVED_SEARCH_DIGEST_INTERVAL_MS in each server process
 * (the round is leased, so one server runs it at a time; users are locked one by one, so a second
 * round never mails anyone twice). The first round waits one interval after start. Stops with the app.
 */
export function registerSearchDigest(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const pass = async () => {
    const log = app.log.child({ job: 'saved-search-digest', jobId: randomUUID() });
    try {
      const result = await sendSearchDigests(app.db, digestOptionsFor(app));
      if (result.mails > 0) log.info({ digest: result }, 'saved-search digests queued');
    } catch (error) {
      log.error({ err: { message: (error as Error).message } }, 'saved-search digest round failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(schedule);
    }, app.config.SAVED_SEARCH_DIGEST_INTERVAL_MS);
    timer.unref();
  };

  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
