import { asc, eq, sql } from 'drizzle-orm';
import type { RentalCharge, OwnerPayoutsResponse, RentalChargesResponse } from '@medallion/contracts/rental-payments';
import type { Database } from '@medallion/db/client';
import { rentalCharges, rentalClaims, rentalPayouts, rentals } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { NON_PAYMENT_END_HOURS } from '@medallion/contracts/rental-states';
import { mayEndForNonPayment } from './end-rental-for-non-payment';

const toCharge = (c: typeof rentalCharges.$inferSelect): RentalCharge => ({
  kind: c.kind,
  week: c.week,
  'amount-cents': c.amountCents,
  'due-date': c.dueDate,
  status: c.status,
  attempts: c.attempts,
  'next-attempt-at': c.nextAttemptAt?.toISOString() ?? null,
  'paid-at': c.paidAt?.toISOString() ?? null,
  'failure-message': c.failureMessage,
  'refunded-cents': c.refundedCents,
  'refund-status': c.refundStatus,
  'refunded-at': c.refundStatus === 'succeeded' ? c.updatedAt.toISOString() : null,
});

/** Every charge and refund of a rental, for its driver and its owner (anyone else: 404). */
export async function listRentalCharges(db: Database, userId: string, rentalId: string, now: Date): Promise<RentalChargesResponse['data']> {
  if (!isUuid(rentalId)) throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
  const [rental] = await db.select().from(rentals).where(eq(rentals.id, rentalId));
  if (!rental || (rental.driverId !== userId && rental.ownerId !== userId)) throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
  const rows = await db.select().from(rentalCharges).where(eq(rentalCharges.rentalId, rentalId)).orderBy(asc(rentalCharges.kind), asc(rentalCharges.week));
  const [claim] = await db.select().from(rentalClaims).where(eq(rentalClaims.rentalId, rentalId));
  const isOwner = rental.ownerId === userId;
  const unpaidSince = isOwner && rental.status === 'payment_failed' ? rental.paymentFailedAt : null;
  return {
    'rental-id': rental.id,
    charges: rows.map(toCharge),
    'may-end-for-non-payment': isOwner && (await mayEndForNonPayment(db, rentalId, now)),
    'may-end-for-non-payment-at': unpaidSince ? new Date(unpaidSince.getTime() + NON_PAYMENT_END_HOURS * 3600_000).toISOString() : null,
    claim: claim
      ? {
          'amount-cents': claim.amountCents,
          status: claim.decidedAt ? 'decided' : (claim.answer ?? 'open'),
          'withheld-cents': claim.withheldCents,
        }
      : null,
  };
}

/** What is due to an owner (paid weeks not yet transferred) and what was paid out to their connected account. */
export async function listOwnerPayouts(db: Database, ownerId: string): Promise<OwnerPayoutsResponse['data']> {
  const rows = await db
    .select({
      rentalId: rentalCharges.rentalId,
      week: rentalCharges.week,
      amountCents: rentalPayouts.amountCents,
      status: rentalPayouts.status,
      paidAt: rentalPayouts.paidAt,
    })
    .from(rentalPayouts)
    .innerJoin(rentalCharges, eq(rentalCharges.id, rentalPayouts.rentalChargeId))
    .where(eq(rentalPayouts.ownerId, ownerId))
    .orderBy(sql`${rentalPayouts.createdAt} desc`);
  const sum = (paid: boolean) => rows.filter((r) => (r.status === 'paid') === paid).reduce((s, r) => s + r.amountCents, 0);
  return {
    'due-cents': sum(false),
    'paid-cents': sum(true),
    payouts: rows.map((r) => ({
      'rental-id': r.rentalId,
      week: r.week,
      'amount-cents': r.amountCents,
      status: r.status,
      'paid-at': r.paidAt?.toISOString() ?? null,
    })),
  };
}
