import type { FastifyInstance } from 'fastify';
import { rentalEndDate } from '@medallion/contracts/rental-states';
import { eq } from 'drizzle-orm';
import { rentalRequests, rentals, sandboxCards } from '@medallion/db/schema';
import { insertListing } from './listings';

/** A full cost label for a rental listing (insertListing overrides). */
export const RENTAL_LABEL = {
  dealType: 'rent',
  rentDepositCents: 50000,
  rentMinWeeks: 2,
  rentMileageUnlimited: false,
  rentMileageCap: 1500,
  rentInsuranceIncluded: true,
  rentInsuranceLimits: '$100,000/$300,000 liability',
  rentTlcPlateIncluded: true,
  rentMaintenanceIncluded: true,
  rentDeductibleCents: 100000,
  rentRemoteDisabling: false,
} as const;

/** A request written straight to the database (status and fields overridable). */
export async function insertRentalRequest(
  app: FastifyInstance,
  values: { listingId: string; driverId: string; ownerId: string; startDate: string; weeks: number } & Partial<typeof rentalRequests.$inferInsert>,
): Promise<typeof rentalRequests.$inferSelect> {
  const [row] = await app.db
    .insert(rentalRequests)
    .values({
      endDate: rentalEndDate(values.startDate, values.weeks),
      tlcLicenseNumber: '5123456',
      tlcLicenseExpiry: '2030-01-01',
      expiresAt: new Date(Date.now() + 48 * 3_600_000),
      ...values,
    })
    .returning();
  return row!;
}

/** A rental (and its request) written straight to the database, in `status` (default awaiting_agreement). */
export async function insertRental(
  app: FastifyInstance,
  values: { listingId: string; driverId: string; ownerId: string; startDate: string; weeks: number } & Partial<typeof rentals.$inferInsert>,
): Promise<typeof rentals.$inferSelect> {
  const request = await insertRentalRequest(app, { ...values, status: 'approved', id: undefined });
  const [row] = await app.db
    .insert(rentals)
    .values({
      requestId: request.id,
      endDate: rentalEndDate(values.startDate, values.weeks),
      weeklyRentCents: 45000,
      depositCents: 50000,
      terms: {},
      agreementDueAt: new Date(Date.now() + 48 * 3_600_000),
      ...values,
    })
    .returning();
  return row!;
}

/** A rental whose agreement both sides accepted, waiting for its pick-up payment, of a listing of its own. */
export async function insertRentalAwaitingPickup(
  app: FastifyInstance,
  values: { driverId: string; ownerId: string; startDate: string; weeks?: number },
): Promise<typeof rentals.$inferSelect> {
  const listingId = await insertListing(app, values.ownerId, { ...RENTAL_LABEL });
  return insertRental(app, { listingId, weeks: 8, ...values, status: 'awaiting_pickup' });
}

/** Makes a saved sandbox card behave as another Stripe test card from now on (a card that starts failing). */
export async function setCardBehaviour(app: FastifyInstance, cardId: string, behaviour: 'succeed' | 'insufficient_funds' | 'authentication_required') {
  await app.db.update(sandboxCards).set({ behaviour }).where(eq(sandboxCards.id, cardId));
}

/** Noon in New York (17:00 UTC in winter, 1 pm in summer: either is the same New York day) on `date` plus `days` days. */
export function nyNoon(date: string, days = 0): Date {
  return new Date(new Date(`${date}T17:00:00Z`).getTime() + days * 24 * 3600_000);
}

/**
 * A rental of its own listing, waiting for its pick-up, whose pick-up the driver pays with `card` through
 * the one payment path (deposit $500 + week $450 of RENTAL_LABEL): the rental's charges are written.
 */
export async function insertPaidRental(
  app: FastifyInstance,
  values: { driverId: string; driverCookie: string; card: string; ownerId: string; startDate: string },
): Promise<typeof rentals.$inferSelect> {
  const rental = await insertRentalAwaitingPickup(app, { driverId: values.driverId, ownerId: values.ownerId, startDate: values.startDate });
  const paid = await app.inject({
    method: 'POST',
    url: '/api/payments/create-payment-intent',
    headers: { cookie: values.driverCookie },
    payload: { 'user-pm': values.card, 'payment-amount': 95_000, 'rental-id': rental.id },
  });
  if (paid.statusCode !== 200) throw new Error(`pick-up payment: ${paid.statusCode} ${paid.body}`);
  return rental;
}
