import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ReviewListing } from '@medallion/contracts/admin';
import type { DecodedVin } from '@medallion/contracts/cars';
import type { Database } from '@medallion/db/client';
import { listings, user } from '@medallion/db/schema';
import type { Storage } from '../../integrations/storage/storage';
import { toListing } from './listing-record';

/** The review queue: UNDER_REVIEW listings, the longest waiting first, with the owner and the VIN decode. */
export async function listListingsForReview(db: Database, storage: Storage, decodeVin: (vin: string) => Promise<DecodedVin | null>): Promise<ReviewListing[]> {
  const rows = await db
    .select({ listing: listings, owner: { id: user.id, name: user.name, email: user.email } })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.userId))
    .where(and(eq(listings.status, 'UNDER_REVIEW'), isNull(listings.deletedAt)))
    .orderBy(asc(listings.updatedAt), asc(listings.id));
  return Promise.all(
    rows.map(async ({ listing, owner }) => ({
      ...toListing(listing, storage),
      owner,
      submitted_at: listing.updatedAt.toISOString(),
      vin_decoded: listing.vin ? await decodeVin(listing.vin).catch(() => null) : null,
    })),
  );
}
