import { desc, eq, or } from 'drizzle-orm';
import type { MyRentalsResponse, RentalRequestView, RentalView } from '@medallion/contracts/rentals';
import type { Database } from '@medallion/db/client';
import { listings, rentalAgreements, rentalRequests, rentals, user } from '@medallion/db/schema';
import { alias } from 'drizzle-orm/pg-core';
import { pickupAmountCents } from '../rental-payments/charged-statuses';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The account's requests and rentals, as driver and as owner, newest first (at most 200 of each). */
export async function listMyRentals(db: Database, userId: string): Promise<MyRentalsResponse['data']> {
  const driver = alias(user, 'driver');
  const owner = alias(user, 'owner');
  const requestRows = await db
    .select({ r: rentalRequests, title: listings.title, driverName: driver.name, ownerName: owner.name, rentalId: rentals.id })
    .from(rentalRequests)
    .innerJoin(listings, eq(listings.id, rentalRequests.listingId))
    .innerJoin(driver, eq(driver.id, rentalRequests.driverId))
    .innerJoin(owner, eq(owner.id, rentalRequests.ownerId))
    .leftJoin(rentals, eq(rentals.requestId, rentalRequests.id))
    .where(or(eq(rentalRequests.driverId, userId), eq(rentalRequests.ownerId, userId)))
    .orderBy(desc(rentalRequests.createdAt))
    .limit(200);
  const rentalRows = await db
    .select({ r: rentals, title: listings.title, driverName: driver.name, ownerName: owner.name, a: rentalAgreements })
    .from(rentals)
    .innerJoin(listings, eq(listings.id, rentals.listingId))
    .innerJoin(driver, eq(driver.id, rentals.driverId))
    .innerJoin(owner, eq(owner.id, rentals.ownerId))
    .leftJoin(rentalAgreements, eq(rentalAgreements.rentalId, rentals.id))
    .where(or(eq(rentals.driverId, userId), eq(rentals.ownerId, userId)))
    .orderBy(desc(rentals.createdAt))
    .limit(200);

  const requests: RentalRequestView[] = requestRows.map(({ r, title, driverName, ownerName, rentalId }) => {
    const role = r.driverId === userId ? 'driver' : 'owner';
    return {
      id: r.id,
      listing_id: r.listingId,
      listing_title: title,
      role,
      status: r.status,
      decline_reason: r.declineReason,
      start_date: r.startDate,
      end_date: r.endDate,
      weeks: r.weeks,
      message: r.message,
      counterpart_name: role === 'driver' ? ownerName : driverName,
      tlc_license_number: r.tlcLicenseNumber,
      tlc_license_expiry: r.tlcLicenseExpiry,
      expires_at: r.expiresAt.toISOString(),
      created_at: r.createdAt.toISOString(),
      rental_id: rentalId,
    };
  });
  const list: RentalView[] = rentalRows.map(({ r, title, driverName, ownerName, a }) => {
    const role = r.driverId === userId ? 'driver' : 'owner';
    return {
      id: r.id,
      listing_id: r.listingId,
      listing_title: title,
      role,
      status: r.status,
      start_date: r.startDate,
      end_date: r.endDate,
      weeks: r.weeks,
      weekly_rent: r.weeklyRentCents / 100,
      deposit: r.depositCents / 100,
      counterpart_name: role === 'driver' ? ownerName : driverName,
      agreement: a
        ? {
            sha256: a.sha256,
            driver_accepted_at: iso(a.driverAcceptedAt),
            owner_accepted_at: iso(a.ownerAcceptedAt),
            pdf_url: `/api/rentals/${r.id}/agreement.pdf`,
          }
        : null,
      agreement_due_at: r.agreementDueAt.toISOString(),
      pickup_paid_at: iso(r.pickupPaidAt),
      pickup_amount_cents: pickupAmountCents(r),
    };
  });
  return { requests, rentals: list };
}
