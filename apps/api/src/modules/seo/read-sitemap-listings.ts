import { and, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { listings } from '@medallion/db/schema';

export interface SitemapListing {
  id: string;
  /** Last change of what a visitor sees: the later of updated_at and published_at. */
  lastmod: Date;
}

export interface SitemapPaging {
  /** Listings per sitemap file. */
  chunkSize: number;
  /** Rows per query. */
  batchSize: number;
}

/**
 * Where the next rows start: the last row read, with published_at as PostgreSQL's text (a JS Date
 * would drop its microseconds, and rows published within the same millisecond would be skipped).
 */
interface Cursor {
  publishedAt: string | null;
  id: string;
}

// The marketplace's order, which the index listings_status_published_idx (status, published_at DESC
// NULLS LAST, id DESC NULLS LAST) serves: every query below is a range scan of it.
const ORDER = [sql`${listings.publishedAt} desc nulls last`, sql`${listings.id} desc nulls last`];
const ACTIVE = eq(listings.status, 'ACTIVE');
const COLUMNS = {
  id: listings.id,
  publishedAt: listings.publishedAt,
  publishedAtText: sql<string | null>`${listings.publishedAt}::text`,
  updatedAt: listings.updatedAt,
};

type Row = { id: string; publishedAt: Date | null; publishedAtText: string | null; updatedAt: Date };

function page(db: Database, where: SQL | undefined, limit: number): Promise<Row[]> {
  return db
    .select(COLUMNS)
    .from(listings)
    .where(where)
    .orderBy(...ORDER)
    .limit(limit);
}

/** The `limit` ACTIVE listings after `cursor` (from the start without one), in the marketplace's order. */
async function nextRows(db: Database, cursor: Cursor | null, limit: number): Promise<Row[]> {
  if (!cursor) return page(db, ACTIVE, limit);
  if (cursor.publishedAt === null) {
    // Among the (unexpected) ACTIVE rows without a publication time, which sort last.
    return page(db, and(ACTIVE, isNull(listings.publishedAt), lt(listings.id, cursor.id)), limit);
  }
  const dated = await page(
    db,
    and(ACTIVE, isNotNull(listings.publishedAt), sql`(${listings.publishedAt}, ${listings.id}) < (${cursor.publishedAt}::timestamptz, ${cursor.id}::uuid)`),
    limit,
  );
  if (dated.length === limit) return dated;
  return [...dated, ...(await page(db, and(ACTIVE, isNull(listings.publishedAt)), limit - dated.length))];
}

/** How many ACTIVE listings there are (an index-only count). */
export async function countSitemapListings(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(listings)
    .where(ACTIVE);
  return row?.n ?? 0;
}

/**
 * The ACTIVE listings of sitemap file `chunk` (1, 2, …: `chunkSize` listings each, in the
 * marketplace's order), `batchSize` rows per query, read by keyset (after the last row read), so a
 * file of any size never holds more than one batch in memory. Only the start of a later file is found
 * by an offset, once, over the index alone.
 */
export async function* readSitemapListings(db: Database, chunk: number, paging: SitemapPaging): AsyncGenerator<SitemapListing[]> {
  let cursor: Cursor | null = null;
  if (chunk > 1) {
    const [last] = await db
      .select({ id: listings.id, publishedAt: sql<string | null>`${listings.publishedAt}::text` })
      .from(listings)
      .where(ACTIVE)
      .orderBy(...ORDER)
      .offset((chunk - 1) * paging.chunkSize - 1)
      .limit(1);
    if (!last) return;
    cursor = last;
  }
  let left = paging.chunkSize;
  while (left > 0) {
    const limit = Math.min(paging.batchSize, left);
    const rows = await nextRows(db, cursor, limit);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      id: r.id,
      lastmod: r.publishedAt && r.publishedAt > r.updatedAt ? r.publishedAt : r.updatedAt,
    }));
    if (rows.length < limit) return;
    const last = rows[rows.length - 1]!;
    cursor = { publishedAt: last.publishedAtText, id: last.id };
    left -= rows.length;
  }
}
