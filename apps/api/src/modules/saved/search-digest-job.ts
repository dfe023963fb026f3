import type { FastifyInstance } from 'fastify';
import { registerIntervalJob } from '../../lib/interval-job';
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
  registerIntervalJob(app, {
    name: 'saved-search-digest',
    intervalMs: app.config.SAVED_SEARCH_DIGEST_INTERVAL_MS,
    round: async (log) => {
      const result = await sendSearchDigests(app.db, digestOptionsFor(app));
      if (result.mails > 0) log.info({ digest: result }, 'saved-search digests queued');
    },
  });
}
