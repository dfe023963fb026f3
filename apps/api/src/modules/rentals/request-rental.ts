import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MAX_OPEN_REQUESTS_PER_DRIVER, RENTAL_HOLDING_STATUSES, REQUEST_DECISION_HOURS, rentalEndDate } from '@medallion/contracts/rental-states';
import type { createRentalRequestSchema } from '@medallion/contracts/rentals';
import type { Database } from '@medallion/db/client';
import { listings, rentalRequests, rentals, user } from '@medallion/db/schema';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../integrations/mail/mailer';
import { rentalLabel } from '../listings/listing-record';
import { INITIAL_REQUEST_STATUS } from './rental-lifecycle';
import { rentalEmail } from './rental-emails';
import { sqlState } from './rental-records';

type Input = z.output<typeof createRentalRequestSchema>;

/**
 * A signed-in driver asks to rent a rental listing. Refused: a listing that is not there, not active or
 * not for rent (404), the driver's own (400), one without its cost label (409), fewer weeks than the
 * owner's minimum (400 on `weeks`), days the car is already rented for (409), a second open request for
 * the same listing (409) or a sixth open request of the driver (409). The driver's row is locked for the
 * count, so parallel requests of one driver cannot pass the limit together. The owner is e-mailed.
 */
export async function requestRental(db: Database, mailer: Mailer, publicUrl: string, driverId: string, input: Input, now = new Date()) {
  const endDate = rentalEndDate(input.start_date, input.weeks);
  const created = await db.transaction(async (tx) => {
    const [driver] = await tx.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.id, driverId)).for('update');
    if (!driver) throw new AppError('UNAUTHORIZED');
    const [listing] = await tx
      .select()
      .from(listings)
      .where(and(eq(listings.id, input.listing_id), eq(listings.status, 'ACTIVE'), isNull(listings.deletedAt)));
    if (!listing || listing.dealType !== 'rent') throw new AppError('NOT_FOUND', 'listingNotFound');
    if (listing.userId === driverId) throw new AppError('BAD_REQUEST', 'rental.ownListing');
    const label = rentalLabel(listing);
    if (!label) throw new AppError('CONFLICT', 'rental.noLabel');
    if (input.weeks < label.min_weeks) throw new AppError('VALIDATION_ERROR', 'rental.weeksBelowMinimum', { weeks: label.min_weeks }).on('weeks');

    const [taken] = await tx
      .select({ id: rentals.id })
      .from(rentals)
      .where(
        and(
          eq(rentals.listingId, listing.id),
          inArray(rentals.status, [...RENTAL_HOLDING_STATUSES]),
          sql`${rentals.period} && daterange(${input.start_date}::date, ${endDate}::date, '[)')`,
        ),
      )
      .limit(1);
    if (taken) throw new AppError('CONFLICT', 'rental.weeksTaken').on('start_date');

    const [open] = await tx
      .select({ n: count() })
      .from(rentalRequests)
      .where(and(eq(rentalRequests.driverId, driverId), eq(rentalRequests.status, 'open')));
    if ((open?.n ?? 0) >= MAX_OPEN_REQUESTS_PER_DRIVER) throw new AppError('CONFLICT', 'rental.tooManyOpenRequests', { max: MAX_OPEN_REQUESTS_PER_DRIVER });

    let row: typeof rentalRequests.$inferSelect | undefined;
    try {
      [row] = await tx
        .insert(rentalRequests)
        .values({
          listingId: listing.id,
          driverId,
          ownerId: listing.userId,
          status: INITIAL_REQUEST_STATUS,
          startDate: input.start_date,
          weeks: input.weeks,
          endDate,
          tlcLicenseNumber: input.tlc_license_number,
          tlcLicenseExpiry: input.tlc_license_expiry,
          message: input.message,
          expiresAt: new Date(now.getTime() + REQUEST_DECISION_HOURS * 3_600_000),
        })
        .returning();
    } catch (error) {
      if (sqlState(error) === '23505') throw new AppError('CONFLICT', 'rental.alreadyRequested');
      throw error;
    }
    const [owner] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, listing.userId));
    if (owner) {
      await mailer.send(
        rentalEmail({
          kind: 'requested',
          to: owner.email,
          name: driver.name,
          title: listing.title ?? '',
          startDate: input.start_date,
          endDate,
          weeks: input.weeks,
          publicUrl,
        }),
        tx,
      );
    }
    return row!;
  });
  mailer.deliverSoon();
  return created;
}
