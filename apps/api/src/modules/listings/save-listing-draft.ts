import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { saveDraftStep1Schema, saveDraftStep2Schema } from '@medallion/contracts/listings';
import type { Database } from '@medallion/db/client';
import { listings } from '@medallion/db/schema';
import { findMake, findModel } from '../../integrations/car-data/car-data';
import { readImageUploads } from '../../integrations/images/read-image-upload';
import { locationIndex } from '../../integrations/locations/zip-index';
import type { Storage } from '../../integrations/storage/storage';
import { AppError, invalidField as invalid } from '../../lib/app-error';
import { checkVin } from '../cars/decode-vin';
import { imageKey, thumbnailKey } from './listing-record';

type Step1 = z.output<typeof saveDraftStep1Schema>;
type Step2 = z.output<typeof saveDraftStep2Schema>;

/** The listing the user may edit: theirs and still a draft (a rejected listing is a draft again). */
async function editableListing(db: Database, userId: string, listingId: string) {
  const [row] = await db.select().from(listings).where(eq(listings.id, listingId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'listingNotFound');
  if (row.userId !== userId) throw new AppError('FORBIDDEN', 'listing.notOwner');
  if (row.status !== 'DRAFT') throw new AppError('CONFLICT', 'listing.notEditable');
  return row;
}

/**
 * Step 1: category, location (a real place: a city/state pair or zip from our dataset),
 * contact name/e-mail (blank: the account's) and phone. Creates the DRAFT or updates the owner's draft.
 */
export async function saveDraftStep1(db: Database, account: { id: string; name: string; email: string }, input: Step1): Promise<{ listing_id: string }> {
  const { city, state, zip_code } = input.location;
  const index = locationIndex();
  if (zip_code) {
    const place = index.lookupZip(zip_code);
    if (!place) throw invalid('location', 'listingLocationRequired');
  } else if (!index.byCityPrefix(city, 50).some((s) => s.city.toLowerCase() === city.toLowerCase() && s.state === state.toUpperCase())) {
    throw invalid('location', 'listingLocationRequired');
  }
  const values = {
    category: input.category,
    name: input.name ?? account.name,
    email: (input.email ?? account.email).toLowerCase(),
    phoneNumber: input.phone_number ?? null,
    locationCity: city,
    locationState: state.toUpperCase(),
    locationZip: zip_code ?? null,
  };
  if (!input.listing_id) {
    const [created] = await db
      .insert(listings)
      .values({ ...values, userId: account.id, status: 'DRAFT' })
      .returning({ id: listings.id });
    return { listing_id: created!.id };
  }
  const existing = await editableListing(db, account.id, input.listing_id);
  if (existing.category !== input.category && (existing.title || existing.images.length > 0)) {
    throw invalid('category', 'listing.categoryChanged');
  }
  await db
    .update(listings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(listings.id, existing.id), eq(listings.status, 'DRAFT')));
  return { listing_id: existing.id };
}

/**
 * Step 2: title, price, period, vehicle identification, pictures and, for cars, the car.
 * The VIN is checked (length, characters, check digit); make and model are matched to our car data.
 * New pictures are re-encoded (WebP 1600 px + 400 px thumbnail) and stored before the row changes.
 *
 * Parallel saves of one draft (a double click, two tabs): the row is locked (FOR UPDATE) in the
 * transaction that writes it, so saves apply one after another, each against the pictures the row
 * holds at that moment, not the ones read before the upload. The last save wins; what an earlier
 * save wrote is then a replaced picture and is deleted like any other after the commit. A save whose
 * kept pictures are no longer in the row (another save removed them) is refused, and every save that
 * fails deletes what it wrote. So the storage ends up holding exactly the row's pictures.
 */
export async function saveDraftStep2(db: Database, storage: Storage, userId: string, input: Step2): Promise<{ listing_id: string }> {
  const existing = await editableListing(db, userId, input.listing_id);
  if (existing.category !== input.category) throw invalid('category', 'listing.categoryChanged');
  const cars = input.category === 'cars';

  const vin = input.vin ? checkVin(input.vin) : null;
  const make = cars && input.make ? findMake(input.make) : undefined;
  const model = make && input.model ? findModel(make.make_id, input.model) : undefined;

  const prepared = await readImageUploads(input.images, { kept: new Set(existing.images), notOurs: 'listing.imageNotOurs' });
  const added = prepared.filter((p) => p.kind === 'new');
  const images = prepared.map((p) => p.name);
  const written: string[] = [];
  let replaced: string[];
  try {
    for (const image of added) {
      await storage.put(imageKey(existing.id, image.name), image.full, 'image/webp');
      written.push(imageKey(existing.id, image.name));
      await storage.put(thumbnailKey(existing.id, image.name), image.thumb, 'image/webp');
      written.push(thumbnailKey(existing.id, image.name));
    }
    replaced = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ userId: listings.userId, status: listings.status, images: listings.images })
        .from(listings)
        .where(eq(listings.id, existing.id))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', 'listingNotFound');
      if (current.userId !== userId) throw new AppError('FORBIDDEN', 'listing.notOwner');
      if (current.status !== 'DRAFT') throw new AppError('CONFLICT', 'listing.notEditable');
      // Kept pictures must still be there: another save may have removed (and deleted) one meanwhile.
      const now = new Set(current.images);
      for (const [i, p] of prepared.entries()) {
        if (p.kind === 'kept' && !now.has(p.name)) throw invalid(`images.${i}`, 'listing.imageNotOurs');
      }
      await tx
        .update(listings)
        .set({
          title: input.title,
          description: input.description ?? null,
          priceCents: Math.round(input.listing_price * 100),
          paymentPeriod: input.payment_period,
          vin,
          plateNumber: input.plate_number ? input.plate_number.toUpperCase() : null,
          images,
          carMake: cars ? (make?.make_name ?? input.make ?? null) : null,
          carMakeId: cars ? (make?.make_id ?? null) : null,
          carModel: cars ? (model?.model_name ?? input.model ?? null) : null,
          carModelId: cars ? (model?.model_id ?? null) : null,
          carYear: cars ? (input.year ?? null) : null,
          carBodyClass: cars ? (input.body_class ?? null) : null,
          carFuel: cars ? (input.fuel ?? null) : null,
          carDoorNumber: cars ? (input.door_number ?? null) : null,
          carSeatNumber: cars ? (input.seat_number ?? null) : null,
          carSeatRowNumber: cars ? (input.seat_row_number ?? null) : null,
          updatedAt: sql`now()`,
        })
        .where(eq(listings.id, existing.id));
      // What the row held and no longer does: replaced by this save (including an earlier parallel save's).
      return current.images.filter((name) => !images.includes(name));
    });
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  await Promise.all(replaced.flatMap((name) => [storage.delete(imageKey(existing.id, name)), storage.delete(thumbnailKey(existing.id, name))])).catch(
    () => undefined,
  );
  return { listing_id: existing.id };
}
