import type { FastifyInstance } from 'fastify';
import { registerIntervalJob } from '../../lib/interval-job';
import { expireRentalRequests } from './decide-rental-request';
import { expireAgreements } from './expire-agreements';

/** How often each server looks for requests the owner did not answer in 48 hours and agreements not accepted in time. */
export const RENTAL_EXPIRY_INTERVAL_MS = 5 * 60_000;

/**
 * The rental expiry round, in every server process: each expiry is one conditional UPDATE of the
 * lifecycle, so servers running it together expire (and e-mail) each request once.
 */
export function registerRentalExpiry(app: FastifyInstance): void {
  registerIntervalJob(app, {
    name: 'rental-expiry',
    intervalMs: RENTAL_EXPIRY_INTERVAL_MS,
    round: async (log) => {
      const { requests, agreements } = await runRentalExpiryRound(app, new Date());
      if (requests || agreements) log.info({ requests, agreements }, 'rental requests and agreements expired');
    },
  });
}

/** One expiry round as of `now`: requests unanswered for 48 hours, agreements not accepted in time. */
export async function runRentalExpiryRound(app: FastifyInstance, now: Date) {
  const deps = { db: app.db, mailer: app.mailer, storage: app.storage, publicUrl: app.config.PUBLIC_URL };
  const requests = await expireRentalRequests(deps, now);
  const agreements = await expireAgreements(deps, now);
  return { requests, agreements };
}
