import type { Listing } from '@medallion/contracts/listings';
import { weeklyCostCents, type RentalLabel } from '@medallion/contracts/rental-states';
import { isoTimestamp } from '@medallion/db/records';
import type { listings } from '@medallion/db/schema';
import type { Storage } from '../../integrations/storage/storage';

export type ListingRow = typeof listings.$inferSelect;

type TimestampKey = 'publishedAt' | 'deletedAt' | 'createdAt' | 'updatedAt';
/**
 * A listing as the marketplace search reads it on the driver (queryRecords with timestampsAsText):
 * the row, its timestamps as PostgreSQL's text. A page shows one timestamp of each listing; making
 * Dates of all four cost about 8 % of the server's CPU time per search (docs/architecture.md).
 */
export type ListingRecord = Omit<ListingRow, TimestampKey> & { [K in TimestampKey]: null extends ListingRow[K] ? string | null : string };

/** Storage keys of a listing image: the 1600 px file at {listing_id}/{name}, its thumbnail beside it. */
export function imageKey(listingId: string, name: string): string {
  return `${listingId}/${name}`;
}
export function thumbnailKey(listingId: string, name: string): string {
  return `${listingId}/thumbs/${name}`;
}

/** A row (or the search's record of one) as the API answers it. */
export function toListing(row: ListingRow | ListingRecord, storage: Storage): Listing {
  const hasLocation = row.locationCity !== null && row.locationState !== null;
  return {
    listing_id: row.id,
    user_id: row.userId,
    status: row.status,
    category: row.category,
    deal_type: row.dealType,
    title: row.title,
    description: row.description,
    price: row.priceCents === null ? null : row.priceCents / 100,
    payment_period: row.paymentPeriod,
    images: row.images,
    image_urls: row.images.map((name) => storage.publicUrl(imageKey(row.id, name))),
    thumbnail_urls: row.images.map((name) => storage.publicUrl(thumbnailKey(row.id, name))),
    plate_number: row.plateNumber,
    vin: row.vin,
    view_count: row.viewCount,
    timestamp: row.publishedAt === null ? null : isoTimestamp(row.publishedAt),
    name: row.name,
    email: row.email,
    phone_number: row.phoneNumber,
    location: hasLocation ? { city: row.locationCity!, state: row.locationState!, ...(row.locationZip ? { zip_code: row.locationZip } : {}) } : null,
    car_make: row.carMake,
    car_make_id: row.carMakeId,
    car_model: row.carModel,
    car_model_id: row.carModelId,
    car_year: row.carYear,
    car_body_class: row.carBodyClass,
    car_fuel: row.carFuel,
    car_door_number: row.carDoorNumber,
    car_seat_number: row.carSeatNumber,
    car_seat_row_number: row.carSeatRowNumber,
    rejection_reason: row.rejectionReason,
    rental_label: rentalLabel(row),
    weekly_cost: row.dealType === 'rent' && row.priceCents !== null && row.paymentPeriod ? weeklyCostCents(row.priceCents, row.paymentPeriod) / 100 : null,
  };
}

/** A rental's all-in cost label, or null when it is a sale or its label is not complete (a rental listed before labels). */
export function rentalLabel(row: ListingRow | ListingRecord): RentalLabel | null {
  if (row.dealType !== 'rent') return null;
  const {
    rentDepositCents: deposit,
    rentMinWeeks: minWeeks,
    rentMileageUnlimited: unlimited,
    rentInsuranceIncluded: insurance,
    rentTlcPlateIncluded: plate,
    rentMaintenanceIncluded: maintenance,
    rentDeductibleCents: deductible,
    rentRemoteDisabling: remote,
  } = row;
  if (
    deposit === null ||
    minWeeks === null ||
    unlimited === null ||
    insurance === null ||
    plate === null ||
    maintenance === null ||
    deductible === null ||
    remote === null
  ) {
    return null;
  }
  return {
    deposit: deposit / 100,
    min_weeks: minWeeks,
    mileage_unlimited: unlimited,
    mileage_cap: unlimited ? null : row.rentMileageCap,
    insurance_included: insurance,
    insurance_limits: insurance ? row.rentInsuranceLimits : null,
    tlc_plate_included: plate,
    maintenance_included: maintenance,
    deductible: deductible / 100,
    remote_disabling: remote,
  };
}
