import { and, eq, isNull } from 'drizzle-orm';
import type { ChangeListingStatusRequest, ListingStatus } from '@medallion/contracts/listings';
import type { Database } from '@medallion/db/client';
import { listings } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { transitionListing } from './listing-lifecycle';

/**
 * The owner switches a published listing between ACTIVE and INACTIVE. Drafts and listings
 * under review cannot be switched (400); another user's listing is refused (403); an unknown or deleted id is 404.
 * The move is the lifecycle's conditional update (listing-lifecycle.ts), so a concurrent moderation decision is never overwritten.
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
  const updated = await transitionListing(db, request.listing_id, request.listing_status === 'ACTIVE' ? 'activate' : 'deactivate', { by: { owner: userId } });
  return { listing_id: request.listing_id, status: updated.status };
}
