import type { FastifyInstance } from 'fastify';
import { runDepositJobRound } from '../rental-handover/deposit-job';
import { runRentJobRound } from '../rental-payments/rent-jobs';
import { runRentalExpiryRound } from '../rentals/rental-expiry-job';

/** Every rental job's round now, in the order a day runs them: expiries, rent and payouts, deposits. */
export async function runRentalJobsNow(app: FastifyInstance) {
  const now = new Date();
  const expiry = await runRentalExpiryRound(app, now);
  const { rent, payouts } = await runRentJobRound(app, now);
  const deposits = await runDepositJobRound(app, now);
  return { expiry, rent, payouts, deposits };
}
