import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListingStatus, saveDraftStep1Schema, saveDraftStep2Schema } from '@medallion/contracts/listings';
import type { Database, Transaction } from '@medallion/db/client';
import { nationalUsPhone } from '@medallion/contracts/phone-format';
import { listings, user } from '@medallion/db/schema';
import { findMake, findModel } from '../../integrations/car-data/car-data';
import { readImageUploads } from '../../integrations/images/read-image-upload';
import { locationIndex } from '../../integrations/locations/zip-index';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Storage } from '../../integrations/storage/storage';
import { AppError, invalidField as invalid } from '../../lib/app-error';
import { checkVin } from '../cars/decode-vin';
import { reviewNoticeEmail } from './listing-emails';
import { INITIAL_LISTING_STATUS, nextStatus, transitionListing, writeListingContent, type ListingContentChanges } from './listing-lifecycle';
import { imageKey, thumbnailKey, type ListingRow } from './listing-record';

type Step1 = z.output<typeof saveDraftStep1Schema>;
type Step2 = z.output<typeof saveDraftStep2Schema>;

/** What a save answers: the listing's status after it, and whether it sent a published listing back to review. */
export interface SavedListing {
  listing_id: string;
  status: ListingStatus;
  sent_to_review: boolean;
}

/** The owner's listing in any status, not deleted: another user's is refused (403), a deleted or unknown one is 404. */
async function ownListing(db: Database | Transaction, userId: string, listingId: string, lock = false): Promise<ListingRow> {
  const query = db
    .select()
    .from(listings)
    .where(and(eq(listings.id, listingId), isNull(listings.deletedAt)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'listingNotFound');
  if (row.userId !== userId) throw new AppError('FORBIDDEN', 'listing.notOwner');
  return row;
}

type Changes = ListingContentChanges;

/** The columns a driver reads whose change, on a published listing, needs staff to look again (see LIVE_EDIT_FIELDS). */
const REVIEWED_COLUMNS = [
  'title',
  'description',
  'dealType',
  'vin',
  'plateNumber',
  'images',
  'carMake',
  'carModel',
  'carYear',
  'carBodyClass',
  'carFuel',
  'carDoorNumber',
  'carSeatNumber',
  'carSeatRowNumber',
  'locationCity',
  'locationState',
  'locationZip',
] as const satisfies ReadonlyArray<keyof ListingRow>;

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return (a ?? null) === (b ?? null);
}

/**
 * Whether a save sends the listing back to review (the lifecycle's `edit`): a published listing (ACTIVE or
 * INACTIVE) whose reviewed columns change goes back to review; price, period, contact details and anything
 * saved on a draft or a listing already under review keep the status. The listing fee is never asked again (a published listing was paid).
 */
function sendsToReview(current: ListingRow, changes: Changes): boolean {
  const reviewed = REVIEWED_COLUMNS.some((column) => column in changes && !sameValue(changes[column], current[column]));
  return reviewed && nextStatus(current.status, 'edit') !== null;
}

/** The all-in cost label's columns of a step 2 save: a rental's answers (the schema requires them), all null for a sale. */
function rentalLabelColumns(
  input: Step2,
): Pick<
  Changes,
  | 'rentDepositCents'
  | 'rentMinWeeks'
  | 'rentMileageUnlimited'
  | 'rentMileageCap'
  | 'rentInsuranceIncluded'
  | 'rentInsuranceLimits'
  | 'rentTlcPlateIncluded'
  | 'rentMaintenanceIncluded'
  | 'rentDeductibleCents'
  | 'rentRemoteDisabling'
> {
  const rent = input.deal_type === 'rent';
  const cents = (dollars: number | undefined) => (rent && dollars !== undefined ? Math.round(dollars * 100) : null);
  return {
    rentDepositCents: cents(input.rent_deposit),
    rentMinWeeks: rent ? (input.rent_min_weeks ?? null) : null,
    rentMileageUnlimited: rent ? (input.rent_mileage_unlimited ?? null) : null,
    rentMileageCap: rent && input.rent_mileage_unlimited === false ? (input.rent_mileage_cap ?? null) : null,
    rentInsuranceIncluded: rent ? (input.rent_insurance_included ?? null) : null,
    rentInsuranceLimits: rent && input.rent_insurance_included ? (input.rent_insurance_limits ?? null) : null,
    rentTlcPlateIncluded: rent ? (input.rent_tlc_plate_included ?? null) : null,
    rentMaintenanceIncluded: rent ? (input.rent_maintenance_included ?? null) : null,
    rentDeductibleCents: cents(input.rent_deductible),
    rentRemoteDisabling: rent ? (input.rent_remote_disabling ?? null) : null,
  };
}

/** Where the staff hear of a published listing that an edit sent back to review. */
export interface ReviewNotice {
  mailer: Mailer;
  staffEmail: string;
  publicUrl: string;
}

/**
 * Writes the changes (in the caller's transaction, the row locked) and the status they lead to; a
 * listing sent back to review is announced to the staff mailbox in the same transaction.
 */
async function applyChanges(tx: Transaction, current: ListingRow, changes: Changes, notice: ReviewNotice): Promise<SavedListing> {
  const sentToReview = sendsToReview(current, changes);
  const row = sentToReview
    ? await transitionListing(tx, current.id, 'edit', { by: { owner: current.userId }, set: changes })
    : await writeListingContent(tx, current.id, changes);
  if (sentToReview && row) {
    await notice.mailer.send(
      reviewNoticeEmail(notice.staffEmail, {
        id: row.id,
        title: row.title,
        ownerName: row.name ?? '',
        ownerEmail: row.email ?? '',
        publicUrl: notice.publicUrl,
        category: row.category,
        priceCents: row.priceCents,
        dealType: row.dealType,
        paymentPeriod: row.paymentPeriod,
        place: [row.locationCity, row.locationState, row.locationZip].filter(Boolean).join(', '),
        edited: true,
      }),
      tx,
    );
  }
  return { listing_id: current.id, status: row?.status ?? current.status, sent_to_review: sentToReview };
}

/** The phone of the owner's profile (E.164) as listings show it, "(212) 555-0190"; null without one. */
async function profilePhone(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ phone: user.phone }).from(user).where(eq(user.id, userId));
  return row?.phone ? nationalUsPhone(row.phone) : null;
}

/**
 * Step 1: category, location (a real place: a city/state pair or zip from our dataset),
 * contact name, e-mail and phone (blank: the account's profile). Creates the DRAFT or updates the owner's listing in
 * any status (a published listing whose location changes goes back to review, see sendsToReview).
 */
export async function saveDraftStep1(
  db: Database,
  account: { id: string; name: string; email: string },
  input: Step1,
  notice: ReviewNotice,
): Promise<SavedListing> {
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
    phoneNumber: input.phone_number ?? (await profilePhone(db, account.id)),
    locationCity: city,
    locationState: state.toUpperCase(),
    locationZip: zip_code ?? null,
  };
  if (!input.listing_id) {
    const [created] = await db
      .insert(listings)
      .values({ ...values, userId: account.id, status: INITIAL_LISTING_STATUS })
      .returning({ id: listings.id });
    return { listing_id: created!.id, status: INITIAL_LISTING_STATUS, sent_to_review: false };
  }
  const listingId = input.listing_id;
  const saved = await db.transaction(async (tx) => {
    const existing = await ownListing(tx, account.id, listingId, true);
    if (existing.category !== input.category && (existing.title || existing.images.length > 0 || existing.status !== 'DRAFT')) {
      throw invalid('category', 'listing.categoryChanged');
    }
    return applyChanges(tx, existing, values, notice);
  });
  if (saved.sent_to_review) notice.mailer.deliverSoon();
  return saved;
}

/**
 * Step 2: title, price, period, vehicle identification, pictures and, for cars, the car, of the owner's
 * listing in any status (edits of a published listing: see sendsToReview; the fee is never asked again).
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
export async function saveDraftStep2(db: Database, storage: Storage, userId: string, input: Step2, notice: ReviewNotice): Promise<SavedListing> {
  const existing = await ownListing(db, userId, input.listing_id);
  if (existing.category !== input.category) throw invalid('category', 'listing.categoryChanged');
  const cars = input.category === 'cars';

  const vin = input.vin ? checkVin(input.vin) : null;
  const make = cars && input.make ? findMake(input.make) : undefined;
  const model = make && input.model ? findModel(make.make_id, input.model) : undefined;

  const prepared = await readImageUploads(input.images, { kept: new Set(existing.images), notOurs: 'listing.imageNotOurs' });
  const added = prepared.filter((p) => p.kind === 'new');
  const images = prepared.map((p) => p.name);
  const written: string[] = [];
  let saved: { result: SavedListing; replaced: string[] };
  try {
    for (const image of added) {
      await storage.put(imageKey(existing.id, image.name), image.full, 'image/webp');
      written.push(imageKey(existing.id, image.name));
      await storage.put(thumbnailKey(existing.id, image.name), image.thumb, 'image/webp');
      written.push(thumbnailKey(existing.id, image.name));
    }
    saved = await db.transaction(async (tx) => {
      const current = await ownListing(tx, userId, existing.id, true);
      // Kept pictures must still be there: another save may have removed (and deleted) one meanwhile.
      const now = new Set(current.images);
      for (const [i, p] of prepared.entries()) {
        if (p.kind === 'kept' && !now.has(p.name)) throw invalid(`images.${i}`, 'listing.imageNotOurs');
      }
      const result = await applyChanges(
        tx,
        current,
        {
          title: input.title,
          description: input.description ?? null,
          priceCents: Math.round(input.listing_price * 100),
          dealType: input.deal_type,
          paymentPeriod: input.deal_type === 'sale' ? null : (input.payment_period ?? null),
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
          ...rentalLabelColumns(input),
        },
        notice,
      );
      // What the row held and no longer does: replaced by this save (including an earlier parallel save's).
      return { result, replaced: current.images.filter((name) => !images.includes(name)) };
    });
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  await Promise.all(saved.replaced.flatMap((name) => [storage.delete(imageKey(existing.id, name)), storage.delete(thumbnailKey(existing.id, name))])).catch(
    () => undefined,
  );
  if (saved.result.sent_to_review) notice.mailer.deliverSoon();
  return saved.result;
}
