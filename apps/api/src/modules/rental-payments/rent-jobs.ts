import type { FastifyInstance } from 'fastify';
import { registerIntervalJob } from '../../lib/interval-job';
import { runRentRound, type RentServices } from './charge-due-rent';
import { payOutOwners } from './pay-out-owners';

export const rentServicesFor = (app: FastifyInstance): RentServices => ({ mailer: app.mailer, publicUrl: app.config.PUBLIC_URL });

/**
 * The rentals' money round in every server process, every RENT_JOB_INTERVAL_MS (decision 0015): the
 * weekly rent due today and the retries, then what is due to owners paid out. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so servers share the work and each week is charged once.
 */
export function registerRentJobs(app: FastifyInstance): void {
  registerIntervalJob(app, {
    name: 'rent',
    intervalMs: app.config.RENT_JOB_INTERVAL_MS,
    async round(log) {
      const { rent, payouts } = await runRentJobRound(app, new Date());
      if (rent.charged + rent.declined + rent.needsAction + payouts.paid + payouts.failed + payouts.waiting > 0) log.info({ rent, payouts }, 'rent round');
    },
  });
}

/** One round of the rentals' money as of `now`: the rent due and the retries, then the owners' payouts. */
export async function runRentJobRound(app: FastifyInstance, now: Date) {
  const leaseMs = app.config.PAYMENT_PROCESSING_LEASE_MS;
  const rent = await runRentRound(app.db, app.payments, rentServicesFor(app), { now, leaseMs });
  const payouts = await payOutOwners(app.db, app.payments, { now, leaseMs }, rentServicesFor(app));
  return { rent, payouts };
}
