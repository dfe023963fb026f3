import type { Listing } from '@medallion/contracts/listings';
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
  };
}
