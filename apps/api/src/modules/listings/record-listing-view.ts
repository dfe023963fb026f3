import { createHmac } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { listingViews, listings } from '@medallion/db/schema';
import { LISTING_ID_PATTERN } from '@medallion/contracts/listings';
import { AppError } from '../../lib/app-error';

/**
 * The most anonymous views one client address adds to one listing in a day: distinct browsers behind one
 * address (an office, a garage's Wi-Fi) still count, a client that changes its user agent at each call
 * does not count beyond this.
 */
export const ANONYMOUS_VIEWS_PER_ADDRESS = 5;

/** Who is viewing, as the server sees it: the signed-in user, else the client address and user agent. */
export interface Viewer {
  userId: string | null;
  /** Fastify's request.ip (the socket peer, or X-Forwarded-For behind a trusted proxy). */
  address: string;
  userAgent: string | undefined;
}

/** The calendar day in New York (the product's time zone), YYYY-MM-DD. */
export function viewDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A keyed hash (the server's secret), so the table never holds an address, nor one that can be guessed back. */
function keyed(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\n')).digest('base64url').slice(0, 32);
}

/**
 * Counts a view of a published listing once per visitor, listing and day (New York), whatever the client
 * sends: the visitor is the signed-in user, or else the client address with its user agent (a keyed
 * hash); nothing the client can leave out or make up (a cookie, a body) makes a new visitor. Anonymous
 * views from one address count at most ANONYMOUS_VIEWS_PER_ADDRESS times per listing and day. The
 * owner's own visits do not count. The primary key (listing, day, visitor) and the listing's row lock
 * make it exact with several instances on one database. Rows of days before yesterday are dropped.
 */
export async function recordListingView(
  db: Database,
  listingId: string,
  viewer: Viewer,
  secret: string,
  now = new Date(),
): Promise<{ counted: boolean; view_count: number }> {
  if (!LISTING_ID_PATTERN.test(listingId)) throw new AppError('NOT_FOUND', 'listingNotFound');
  const day = viewDay(now);
  const yesterday = viewDay(new Date(now.getTime() - 36 * 60 * 60 * 1000));
  const visitorId = viewer.userId ? `user:${viewer.userId}` : `anon:${keyed(secret, 'view-visitor', viewer.address, viewer.userAgent ?? '')}`;
  const addressKey = viewer.userId ? null : keyed(secret, 'view-address', viewer.address);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: listings.status, userId: listings.userId, viewCount: listings.viewCount })
      .from(listings)
      .where(and(eq(listings.id, listingId), isNull(listings.deletedAt)))
      .limit(1);
    if (!row || (row.status !== 'ACTIVE' && row.userId !== viewer.userId)) {
      throw new AppError('NOT_FOUND', 'listingNotFound');
    }
    const notCounted = { counted: false, view_count: row.viewCount };
    if (row.userId === viewer.userId || row.status !== 'ACTIVE') return notCounted;
    const mine = and(eq(listingViews.listingId, listingId), eq(listingViews.day, day), eq(listingViews.visitorId, visitorId));
    if ((await tx.select({ day: listingViews.day }).from(listingViews).where(mine).limit(1)).length > 0) return notCounted;
    // A new visitor today: the listing's row lock orders the address cap's count and the insert.
    await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId)).for('update');
    if (addressKey) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(listingViews)
        .where(and(eq(listingViews.listingId, listingId), eq(listingViews.day, day), eq(listingViews.addressKey, addressKey)));
      if (n >= ANONYMOUS_VIEWS_PER_ADDRESS) return notCounted;
    }
    const inserted = await tx
      .insert(listingViews)
      .values({ listingId, day, visitorId, addressKey, viewedAt: now })
      .onConflictDoNothing()
      .returning({ listingId: listingViews.listingId });
    if (inserted.length === 0) return notCounted;
    await tx.delete(listingViews).where(and(eq(listingViews.listingId, listingId), lt(listingViews.day, yesterday)));
    const [updated] = await tx
      .update(listings)
      .set({ viewCount: sql`${listings.viewCount} + 1` })
      .where(eq(listings.id, listingId))
      .returning({ viewCount: listings.viewCount });
    return { counted: true, view_count: updated!.viewCount };
  });
}
