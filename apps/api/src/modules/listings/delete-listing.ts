import { and, eq, inArray, isNull } from 'drizzle-orm';
import { LISTING_ID_PATTERN } from '@medallion/contracts/listings';
import type { Database } from '@medallion/db/client';
import { listings, payments } from '@medallion/db/schema';
import type { Storage } from '../../integrations/storage/storage';
import { AppError } from '../../lib/app-error';
import { transitionListing } from './listing-lifecycle';

/**
 * The owner deletes a listing. A draft that was never paid (no payment for it succeeded or is still
 * processing) and never published is deleted with its stored pictures. Any other listing is
 * soft-deleted (the lifecycle's `delete`): `deleted_at` is set and its status becomes INACTIVE, so the
 * marketplace search (ACTIVE only) and the sitemap drop it, and every other read of listings skips deleted
 * rows (detail, views, the dashboard, the review queue, checkout, edits, status changes); its payments,
 * pictures and records stay. A deleted listing never becomes ACTIVE again: every move of the lifecycle
 * needs a row that is not deleted.
 *
 * The row is locked while deciding, so a parallel listing-fee claim (which locks it too) either comes
 * first (its payment row makes this a soft delete) or finds no listing. Another user's listing, an
 * unknown one and one already deleted are all "not found" (404), and nothing changes.
 */
export async function deleteListing(db: Database, storage: Storage, userId: string, listingId: string): Promise<{ listing_id: string; kept_records: boolean }> {
  if (!LISTING_ID_PATTERN.test(listingId)) throw new AppError('NOT_FOUND', 'listingNotFound');
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: listings.userId, status: listings.status, publishedAt: listings.publishedAt })
      .from(listings)
      .where(and(eq(listings.id, listingId), isNull(listings.deletedAt)))
      .for('update');
    if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', 'listingNotFound');
    const [paid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.purpose, 'listing'), eq(payments.reference, listingId), inArray(payments.status, ['succeeded', 'processing'])))
      .limit(1);
    if (row.status === 'DRAFT' && row.publishedAt === null && !paid) {
      await tx.delete(listings).where(eq(listings.id, listingId));
      return true;
    }
    await transitionListing(tx, listingId, 'delete', { by: { owner: userId } });
    return false;
  });
  // The pictures' folder ({listing_id}/…) goes after the commit; a storage failure leaves files nobody links to.
  if (removed) await storage.deleteFolder(listingId).catch(() => undefined);
  return { listing_id: listingId, kept_records: !removed };
}
