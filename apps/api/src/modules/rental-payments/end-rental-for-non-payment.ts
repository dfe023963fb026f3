import { and, eq, lte, sql } from 'drizzle-orm';
import { NON_PAYMENT_END_HOURS } from '@medallion/contracts/rental-states';
import type { Database, DbExecutor } from '@medallion/db/client';
import { rentalCharges, rentals } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { applyRentalEvent } from '../rentals/rental-lifecycle';

/** Whether the owner may end the rental now: its rent unpaid 72 hours after the first decline (the core's guard, read for the page). */
export async function mayEndForNonPayment(db: DbExecutor, rentalId: string, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - NON_PAYMENT_END_HOURS * 3600_000);
  const [row] = await db
    .select({ id: rentals.id })
    .from(rentals)
    .where(and(eq(rentals.id, rentalId), eq(rentals.status, 'payment_failed'), lte(rentals.paymentFailedAt, cutoff)));
  return row !== undefined;
}

/**
 * The owner ends a rental whose rent is unpaid 72 hours after the first decline: the lifecycle's
 * `endForNonPayment` (its guard decides; earlier: 409, someone else's rental: 404), and the weeks not
 * charged yet are not charged any more.
 */
export async function endRentalForNonPayment(db: Database, ownerId: string, rentalId: string, now: Date) {
  if (!isUuid(rentalId)) throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
  return db.transaction(async (tx) => {
    const ended = await applyRentalEvent(tx, rentalId, 'endForNonPayment', { by: { owner: ownerId }, now });
    await tx
      .update(rentalCharges)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(rentalCharges.rentalId, rentalId), eq(rentalCharges.status, 'due'), eq(rentalCharges.attempts, 0)));
    return ended;
  });
}
