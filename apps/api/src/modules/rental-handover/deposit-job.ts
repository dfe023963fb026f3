import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEPOSIT_REFUND_HOURS } from '@medallion/contracts/rental-states';
import type { Database } from '@medallion/db/client';
import { rentals } from '@medallion/db/schema';
import { registerIntervalJob } from '../../lib/interval-job';
import { claimRoundLease, releaseRoundLease } from '../../lib/round-lease';
import { resolveUnansweredClaims } from './rental-claims';
import { settleDeposit, type SettleServices } from './settle-deposit';

/**
 * One round of the deposits: unanswered claims resolved (they stand), then every deposit due back
 * refunded and its rental closed: a resolved claim's remainder, or all of it DEPOSIT_REFUND_HOURS after a
 * return without a claim. Safe to run on several servers at once: each rental's settlement takes its
 * own lease and the lifecycle moves each rental once.
 */
export async function runDepositRound(db: Database, services: SettleServices, now: Date) {
  const unanswered = await resolveUnansweredClaims(db, services, now);
  const due = await db
    .select({ id: rentals.id })
    .from(rentals)
    .where(
      or(
        eq(rentals.status, 'claim_resolved'),
        and(
          eq(rentals.status, 'returned'),
          sql`${rentals.returnedAt} <= ${new Date(now.getTime() - DEPOSIT_REFUND_HOURS * 3_600_000).toISOString()}::timestamptz`,
        ),
      ),
    )
    .orderBy(rentals.returnedAt)
    .limit(500);
  let settled = 0;
  let failed = 0;
  for (const { id } of due) {
    const outcome = await settleDeposit(db, services, id, now);
    if (outcome === 'settled') settled += 1;
    if (outcome === 'refundFailed') failed += 1;
  }
  return { unanswered, settled, failed };
}

export const settleServicesFor = (app: FastifyInstance): SettleServices => ({
  gateway: app.payments,
  mailer: app.mailer,
  publicUrl: app.config.PUBLIC_URL,
  leaseMs: app.config.PAYMENT_PROCESSING_LEASE_MS,
});

/**
 * The deposits' round in every server process, every RENT_JOB_INTERVAL_MS: a leased round (one server at
 * a time, `lib/round-lease.ts`), not a person, refunds the deposit 72 hours after a return without claim.
 */
export function registerDepositJob(app: FastifyInstance): void {
  registerIntervalJob(app, {
    name: 'rental-deposits',
    intervalMs: app.config.RENT_JOB_INTERVAL_MS,
    async round(log) {
      const result = await runDepositJobRound(app, new Date());
      if (result && result.unanswered + result.settled + result.failed > 0) log.info(result, 'deposit round');
    },
  });
}

/** One leased round of the deposits as of `now` (null: another server is running one). */
export async function runDepositJobRound(app: FastifyInstance, now: Date) {
  const lease = await claimRoundLease(app.db, 'rental-deposit-round', app.config.PAYMENT_PROCESSING_LEASE_MS);
  if (!lease) return null;
  try {
    return await runDepositRound(app.db, settleServicesFor(app), now);
  } finally {
    await releaseRoundLease(app.db, 'rental-deposit-round', lease);
  }
}
