import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { listings } from '@medallion/db/schema';
import type { ListingRow } from './listing-record';

/** GET /listing: the user's own listings in any status (not the deleted ones), the latest first. */
export function listUserListings(db: Database, userId: string): Promise<ListingRow[]> {
  return db
    .select()
    .from(listings)
    .where(and(eq(listings.userId, userId), isNull(listings.deletedAt)))
    .orderBy(desc(listings.createdAt), desc(listings.id));
}
