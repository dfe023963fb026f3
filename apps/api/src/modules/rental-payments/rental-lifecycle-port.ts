import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '@medallion/db/client';
import { rentals } from '@medallion/db/schema';

/**
 * The events of the rental lifecycle the money side fires. PLACEHOLDER until wt-rent-core's transition
 * service (`applyRentalEvent(db, rentalId, event)`, modules/rentals) is merged: then this file calls it.
 */
export type RentalMoneyEvent = 'pickupPaid' | 'endedForNonPayment';

/** The status a rental must have for each event, and the one it gets (the core's state graph decides after the merge). */
const MOVES: Record<RentalMoneyEvent, { from: string; to: string }> = {
  pickupPaid: { from: 'agreed', to: 'active' },
  endedForNonPayment: { from: 'active', to: 'ended' },
};

/** Applies the event if the rental is in the state it comes from; false when it was not (nothing changed). */
export async function applyRentalEvent(tx: DbExecutor, rentalId: string, event: RentalMoneyEvent): Promise<boolean> {
  const move = MOVES[event];
  const moved = await tx
    .update(rentals)
    .set({ status: move.to, updatedAt: sql`now()` })
    .where(and(eq(rentals.id, rentalId), eq(rentals.status, move.from)))
    .returning({ id: rentals.id });
  return moved.length > 0;
}

/** The status of a rental whose weekly rent is charged (the core's "active" after the merge). */
export const CHARGED_RENTAL_STATUS = 'active';
/** The status of a rental waiting for its pick-up payment (agreement accepted by both). */
export const PICKUP_RENTAL_STATUS = 'agreed';
