import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { listings } from '@medallion/db/schema';
import { LISTING_ID_PATTERN } from '@medallion/contracts/listings';
import { AppError } from '../../lib/app-error';
import { actsAsStaff } from '../auth/two-factor-policy';
import type { ListingRow } from './listing-record';

/**
 * A listing as a given viewer may see it: the public sees ACTIVE listings only, the owner (and
 * staff with two-factor, two-factor-policy.ts) see theirs in any status. Anything else is "not found", so drafts do not leak; a deleted
 * listing is not found for anyone.
 */
export async function getVisibleListing(
  db: Database,
  listingId: string,
  viewer: { id: string; role?: string; twoFactorSetupRequired?: boolean } | null,
): Promise<ListingRow> {
  if (!LISTING_ID_PATTERN.test(listingId)) throw new AppError('NOT_FOUND', 'listingNotFound');
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.id, listingId), isNull(listings.deletedAt)))
    .limit(1);
  const visible = row && (row.status === 'ACTIVE' || row.userId === viewer?.id || actsAsStaff(viewer));
  if (!row || !visible) throw new AppError('NOT_FOUND', 'listingNotFound');
  return row;
}
