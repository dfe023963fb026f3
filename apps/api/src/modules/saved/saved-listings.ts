import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { LISTING_ID_PATTERN } from '@medallion/contracts/listing-filters';
import { MAX_SAVED_LISTINGS, type SavedListing } from '@medallion/contracts/saved';
import type { Database } from '@medallion/db/client';
import { listings, savedListings, user } from '@medallion/db/schema';
import type { Storage } from '../../integrations/storage/storage';
import { AppError } from '../../lib/app-error';
import { toListing, type ListingRow } from '../listings/listing-record';

/** Only a published, not deleted listing can be saved or shown in full to someone else. */
function isAvailable(row: Pick<ListingRow, 'status' | 'deletedAt'>): boolean {
  return row.status === 'ACTIVE' && row.deletedAt === null;
}

/**
 * The user's saved listings, newest first. A listing its owner deactivated or deleted stays in the
 * list as "no longer available" with its id and title only: its contact details, price and pictures
 * are not sent.
 */
export async function listSavedListings(db: Database, storage: Storage, userId: string): Promise<SavedListing[]> {
  const rows = await db
    .select({ savedAt: savedListings.createdAt, listing: listings })
    .from(savedListings)
    .innerJoin(listings, eq(listings.id, savedListings.listingId))
    .where(eq(savedListings.userId, userId))
    .orderBy(desc(savedListings.createdAt), desc(savedListings.listingId));
  return rows.map(({ savedAt, listing }) => {
    const available = isAvailable(listing);
    return {
      listing_id: listing.id,
      saved_at: savedAt.toISOString(),
      available,
      title: listing.title,
      listing: available ? toListing(listing, storage) : null,
    };
  });
}

/** The ids of the user's saved listings (the hearts on the marketplace's cards). */
export async function listSavedListingIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: savedListings.listingId })
    .from(savedListings)
    .where(eq(savedListings.userId, userId))
    .orderBy(desc(savedListings.createdAt), desc(savedListings.listingId));
  return rows.map((r) => r.id);
}

/**
 * Saves a published listing (idempotent: saving it again, or twice at once, keeps one row). An
 * unknown, unpublished or deleted listing is "not found". At most MAX_SAVED_LISTINGS per user: the
 * user's row is locked while counting, so parallel saves cannot pass the limit together.
 */
export async function saveListing(db: Database, userId: string, listingId: string): Promise<{ listing_id: string; saved: true }> {
  if (!LISTING_ID_PATTERN.test(listingId)) throw new AppError('NOT_FOUND', 'listingNotFound');
  return db.transaction(async (tx) => {
    const [listing] = await tx.select({ status: listings.status, deletedAt: listings.deletedAt }).from(listings).where(eq(listings.id, listingId)).for('share');
    if (!listing || !isAvailable(listing)) throw new AppError('NOT_FOUND', 'listingNotFound');
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [existing] = await tx
      .select({ id: savedListings.listingId })
      .from(savedListings)
      .where(and(eq(savedListings.userId, userId), eq(savedListings.listingId, listingId)));
    if (existing) return { listing_id: listingId, saved: true as const };
    const [counted] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(savedListings)
      .where(eq(savedListings.userId, userId));
    if ((counted?.n ?? 0) >= MAX_SAVED_LISTINGS) throw new AppError('CONFLICT', 'savedListing.tooMany', { max: MAX_SAVED_LISTINGS });
    await tx.insert(savedListings).values({ userId, listingId }).onConflictDoNothing();
    return { listing_id: listingId, saved: true as const };
  });
}

/**
 * Removes a listing from the user's saved ones (idempotent). A listing that was saved can always be
 * removed, whatever became of it; one that was not saved is "not found" unless it is published.
 */
export async function unsaveListing(db: Database, userId: string, listingId: string): Promise<{ listing_id: string; saved: false }> {
  if (!LISTING_ID_PATTERN.test(listingId)) throw new AppError('NOT_FOUND', 'listingNotFound');
  const removed = await db
    .delete(savedListings)
    .where(and(eq(savedListings.userId, userId), eq(savedListings.listingId, listingId)))
    .returning({ id: savedListings.listingId });
  if (removed.length === 0) {
    const [listing] = await db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.id, listingId), eq(listings.status, 'ACTIVE'), isNull(listings.deletedAt)));
    if (!listing) throw new AppError('NOT_FOUND', 'listingNotFound');
  }
  return { listing_id: listingId, saved: false as const };
}
