import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { RENTAL_GROUPS } from '@medallion/contracts/rental-states';
import type { DbExecutor } from '@medallion/db/client';
import { rentalClaims, rentalHandovers, rentals } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { handoverPhotoKey } from '../rental-handover/handover-access';
import { agreementKey } from './decide-rental-request';

/**
 * An account cannot be deleted while one of its rentals (as driver or owner) has money or a car at
 * stake: from the paid pick-up until the deposit is settled. Requests and rentals before the pick-up
 * payment go with the account (ON DELETE CASCADE).
 */
export async function assertNoRentalInProgress(db: DbExecutor, userId: string): Promise<void> {
  const [busy] = await db
    .select({ id: rentals.id })
    .from(rentals)
    .where(
      and(
        or(eq(rentals.driverId, userId), eq(rentals.ownerId, userId)),
        or(inArray(rentals.status, [...RENTAL_GROUPS.active]), and(eq(rentals.status, 'awaiting_pickup'), isNotNull(rentals.pickupPaidAt))),
      ),
    )
    .limit(1);
  if (busy) throw new AppError('CONFLICT', 'user.rentalInProgress');
}

/**
 * The private files of an account's rentals (agreements, hand-over and claim photos), to delete once the
 * rows are gone: as driver, as owner, and of the cars it listed.
 */
export async function privateFilesOfRentals(db: DbExecutor, userId: string): Promise<string[]> {
  const ids = (
    await db
      .select({ id: rentals.id })
      .from(rentals)
      .where(or(eq(rentals.driverId, userId), eq(rentals.ownerId, userId), sql`${rentals.listingId} in (select id from listings where user_id = ${userId})`))
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const sets = await db
    .select({ rentalId: rentalHandovers.rentalId, photos: rentalHandovers.photos })
    .from(rentalHandovers)
    .where(inArray(rentalHandovers.rentalId, ids));
  const claims = await db
    .select({ rentalId: rentalClaims.rentalId, photos: rentalClaims.photos })
    .from(rentalClaims)
    .where(inArray(rentalClaims.rentalId, ids));
  return [
    ...ids.map(agreementKey),
    ...sets.flatMap((s) => Object.values(s.photos).map((name) => handoverPhotoKey(s.rentalId, name))),
    ...claims.flatMap((c) => c.photos.map((name) => handoverPhotoKey(c.rentalId, name))),
  ];
}
