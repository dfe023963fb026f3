import type { FastifyInstance } from 'fastify';
import { rentalEndDate } from '@medallion/contracts/rental-states';
import { rentalRequests, rentals } from '@medallion/db/schema';

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

/** The cost label's fields of a rental's step 2 save (POST /api/listing/save-draft). */
export const RENTAL_LABEL_FIELDS = {
  rent_deposit: '500',
  rent_min_weeks: '2',
  rent_mileage_unlimited: 'no',
  rent_mileage_cap: '1500',
  rent_insurance_included: 'yes',
  rent_insurance_limits: '$100,000/$300,000 liability',
  rent_tlc_plate_included: 'yes',
  rent_maintenance_included: 'yes',
  rent_deductible: '1000',
  rent_remote_disabling: 'no',
} as const;
