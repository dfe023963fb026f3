import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { RENT_UNPAID_END_HOURS } from '@medallion/contracts/rental-payments';
import type { Database, DbExecutor } from '@medallion/db/client';
import { rentalCharges, rentals } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { applyRentalEvent, CHARGED_RENTAL_STATUS } from './rental-lifecycle-port';

/** Whether a rental has a week still unpaid 72 hours after its first decline (the owner may then end it). */
export async function mayEndForNonPayment(db: DbExecutor, rentalId: string, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - RENT_UNPAID_END_HOURS * 3600_000);
  const [overdue] = await db
    .select({ id: rentalCharges.id })
    .from(rentalCharges)
    .where(
      and(
        eq(rentalCharges.rentalId, rentalId),
        eq(rentalCharges.kind, 'week'),
        inArray(rentalCharges.status, ['due', 'needs_action', 'failed']),
        lte(rentalCharges.firstFailedAt, cutoff),
      ),
    )
    .limit(1);
  return overdue !== undefined;
}

/**
 * The owner ends an active rental whose rent is unpaid 72 hours after the first decline (the lifecycle's
 * `endedForNonPayment`, which also ends weekly charging). Before that: 409. Someone else's rental: 404.
 */
export async function endRentalForNonPayment(db: Database, ownerId: string, rentalId: string, now: Date) {
  if (!isUuid(rentalId)) throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
  return db.transaction(async (tx) => {
    const [rental] = await tx.select().from(rentals).where(eq(rentals.id, rentalId)).for('update');
    if (!rental || rental.ownerId !== ownerId) throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
    if (rental.status !== CHARGED_RENTAL_STATUS || !(await mayEndForNonPayment(tx, rentalId, now))) {
      throw new AppError('CONFLICT', 'rentalPayment.notOverdue');
    }
    await applyRentalEvent(tx, rentalId, 'endedForNonPayment');
    const [after] = await tx.select({ id: rentals.id, status: rentals.status }).from(rentals).where(eq(rentals.id, rentalId));
    // Weeks not charged yet are not charged any more.
    await tx
      .update(rentalCharges)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(rentalCharges.rentalId, rentalId), eq(rentalCharges.status, 'due'), eq(rentalCharges.attempts, 0)));
    return after!;
  });
}
