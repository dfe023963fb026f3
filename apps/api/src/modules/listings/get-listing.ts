import { eq } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { listings } from '@medallion/db/schema';
import { LISTING_ID_PATTERN } from '@medallion/contracts/listings';
import { AppError } from '../../lib/app-error';
import type { ListingRow } from './listing-record';

/**
 * A listing as a given viewer may see it: the public sees ACTIVE listings only, the owner (and
 * staff) see theirs in any status. Anything else is "not found", so drafts do not leak.
 */
export async function getVisibleListing(db: Database, listingId: string, viewer: { id: string; role?: string } | null): Promise<ListingRow> {
  if (!LISTING_ID_PATTERN.test(listingId)) throw new AppError('NOT_FOUND', 'listingNotFound');
  const [row] = await db.select().from(listings).where(eq(listings.id, listingId)).limit(1);
  const visible = row && (row.status === 'ACTIVE' || row.userId === viewer?.id || viewer?.role === 'staff');
  if (!row || !visible) throw new AppError('NOT_FOUND', 'listingNotFound');
  return row;
}
