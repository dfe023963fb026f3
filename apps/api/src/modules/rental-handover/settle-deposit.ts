import { and, eq } from 'drizzle-orm';
import { DEPOSIT_REFUND_HOURS } from '@medallion/contracts/rental-states';
import type { Database } from '@medallion/db/client';
import { rentalCharges, rentalClaims, rentals } from '@medallion/db/schema';
import type { PaymentGateway } from '../../integrations/payments/gateway';
import type { Mailer } from '../../integrations/mail/mailer';
import { claimRoundLease, releaseRoundLease } from '../../lib/round-lease';
import { refundDeposit } from '../rental-payments/refund-deposit';
import { applyRentalEventIfAllowed } from '../rentals/rental-lifecycle';
import { depositRefundedEmails } from './handover-emails';
import { rentalMailBase } from './rental-parties';

export interface SettleServices {
  gateway: PaymentGateway;
  mailer: Mailer;
  publicUrl: string;
  /** How long one settlement may hold the rental's lease before another server may take over. */
  leaseMs: number;
}

export type SettleOutcome = 'settled' | 'notDue' | 'busy' | 'refundFailed';

/**
 * Gives the deposit back and closes the rental, once: after a resolved claim (less what it withholds),
 * or DEPOSIT_REFUND_HOURS after a return without a claim (all of it). The money moves only through the
 * money side's `refundDeposit` (gateway key `rental:<id>:deposit-refund`). One settlement of a rental at
 * a time (a lease per rental, so parallel decisions and job runners never refund side by side); the
 * lifecycle's `depositSettled` closes it in the transaction that queues the e-mails, so they go once. A
 * refund that failed leaves the rental as it is: the next round of the deposit job tries again.
 */
export async function settleDeposit(db: Database, services: SettleServices, rentalId: string, now: Date): Promise<SettleOutcome> {
  const lease = await claimRoundLease(db, `rental-deposit:${rentalId}`, services.leaseMs);
  if (!lease) return 'busy';
  try {
    const [rental] = await db.select().from(rentals).where(eq(rentals.id, rentalId));
    if (!rental) return 'notDue';
    const noClaimDue =
      rental.status === 'returned' && rental.returnedAt !== null && rental.returnedAt.getTime() <= now.getTime() - DEPOSIT_REFUND_HOURS * 3_600_000;
    if (rental.status !== 'claim_resolved' && !noClaimDue) return 'notDue';
    const [claim] = await db.select().from(rentalClaims).where(eq(rentalClaims.rentalId, rentalId));
    const withheld = rental.status === 'claim_resolved' ? Math.min(claim?.withheldCents ?? 0, rental.depositCents) : 0;
    const [deposit] = await db
      .select()
      .from(rentalCharges)
      .where(and(eq(rentalCharges.rentalId, rentalId), eq(rentalCharges.kind, 'deposit')));
    let refunded = 0;
    if (deposit && deposit.status === 'succeeded') {
      const after = await refundDeposit(db, services.gateway, rentalId, withheld);
      if (after.refundStatus !== 'succeeded') return 'refundFailed';
      refunded = after.refundedCents;
    }
    // A deposit never collected (none, or not paid) has nothing to give back: the rental closes all the same.
    return await db.transaction(async (tx) => {
      const closed = await applyRentalEventIfAllowed(tx, rentalId, 'depositSettled', { by: 'system', now });
      if (!closed) return 'notDue' as const;
      const base = await rentalMailBase(tx, rental, services.publicUrl);
      for (const mail of depositRefundedEmails({ ...base, refundCents: refunded, keptCents: withheld })) await services.mailer.send(mail, tx);
      return 'settled' as const;
    });
  } finally {
    await releaseRoundLease(db, `rental-deposit:${rentalId}`, lease);
  }
}
