import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { listingViews, listings } from '@medallion/db/schema';
import { LISTING_ID_PATTERN } from '@medallion/contracts/listings';
import { AppError } from '../../lib/app-error';

/**
 * Counts the first view of a published listing per browser (visitor id from our cookie). A second
 * call from the same browser, and the owner's own visits, do not count.
 */
export async function recordListingView(
  db: Database,
  listingId: string,
  visitorId: string,
  viewerId: string | null,
): Promise<{ counted: boolean; view_count: number }> {
  if (!LISTING_ID_PATTERN.test(listingId)) throw new AppError('NOT_FOUND', 'listingNotFound');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: listings.status, userId: listings.userId, viewCount: listings.viewCount })
      .from(listings)
      .where(and(eq(listings.id, listingId), isNull(listings.deletedAt)))
      .limit(1);
    if (!row || (row.status !== 'ACTIVE' && row.userId !== viewerId)) {
      throw new AppError('NOT_FOUND', 'listingNotFound');
    }
    if (row.userId === viewerId || row.status !== 'ACTIVE') return { counted: false, view_count: row.viewCount };
    const inserted = await tx.insert(listingViews).values({ listingId, visitorId }).onConflictDoNothing().returning({ listingId: listingViews.listingId });
    if (inserted.length === 0) return { counted: false, view_count: row.viewCount };
    const [updated] = await tx
      .update(listings)
      .set({ viewCount: sql`${listings.viewCount} + 1` })
      .where(eq(listings.id, listingId))
      .returning({ viewCount: listings.viewCount });
    return { counted: true, view_count: updated!.viewCount };
  });
}
