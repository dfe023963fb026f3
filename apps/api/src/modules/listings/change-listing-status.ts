import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ChangeListingStatusRequest, ListingStatus } from '@medallion/contracts/listings';
import type { Database } from '@medallion/db/client';
import { listings } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

/**
 * The owner switches a published listing between ACTIVE and INACTIVE. Drafts and listings
 * under review cannot be switched (400); another user's listing is refused (403); an unknown or deleted id is 404.
 * The update is conditional, so a concurrent moderation decision is never overwritten.
 */
export async function changeListingStatus(
  db: Database,
  userId: string,
  request: ChangeListingStatusRequest,
): Promise<{ listing_id: string; status: ListingStatus }> {
  const [row] = await db
    .select({ userId: listings.userId, status: listings.status })
    .from(listings)
    .where(and(eq(listings.id, request.listing_id), isNull(listings.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'listingNotFound');
  if (row.userId !== userId) throw new AppError('FORBIDDEN', 'listing.statusNotOwner');
  const [updated] = await db
    .update(listings)
    .set({ status: request.listing_status, updatedAt: sql`now()` })
    .where(and(eq(listings.id, request.listing_id), eq(listings.userId, userId), inArray(listings.status, ['ACTIVE', 'INACTIVE']), isNull(listings.deletedAt)))
    .returning({ status: listings.status });
  if (!updated) throw new AppError('BAD_REQUEST', 'listing.notPublished');
  return { listing_id: request.listing_id, status: updated.status };
}
