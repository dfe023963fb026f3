import { and, eq, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import { MARKETPLACE_PAGE_SIZE, type ListingFilters } from '@medallion/contracts/listings';
import type { Database } from '@medallion/db/client';
import { listings } from '@medallion/db/schema';
import type { ListingRow } from './listing-record';

/** Escapes LIKE wildcards in user text. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The WHERE clause of the public marketplace for the stored filter object (spec §3): only ACTIVE
 * listings; category; price and year ranges; make and model by id (value) or by name (label);
 * location by zip, by city (and state), or, for free text that was not picked from the suggestions,
 * by zip prefix (digits) or city prefix.
 */
export function marketplaceConditions(f: ListingFilters): SQL {
  const c: SQL[] = [eq(listings.status, 'ACTIVE')];
  if (f.category) c.push(eq(listings.category, f.category));
  if (f.price_min !== undefined) c.push(gte(listings.priceCents, f.price_min * 100));
  if (f.price_max !== undefined) c.push(lte(listings.priceCents, f.price_max * 100));
  if (f.car_year_min !== undefined) c.push(gte(listings.carYear, f.car_year_min));
  if (f.car_year_max !== undefined) c.push(lte(listings.carYear, f.car_year_max));
  if (f.car_make_value !== undefined) c.push(eq(listings.carMakeId, f.car_make_value));
  else if (f.car_make) c.push(sql`lower(${listings.carMake}) = ${f.car_make.toLowerCase()}`);
  if (f.car_model_value !== undefined) c.push(eq(listings.carModelId, f.car_model_value));
  else if (f.car_model) c.push(sql`lower(${listings.carModel}) = ${f.car_model.toLowerCase()}`);
  if (f.location_zip) {
    c.push(eq(listings.locationZip, f.location_zip));
  } else if (f.location_city) {
    c.push(sql`lower(${listings.locationCity}) = ${f.location_city.toLowerCase()}`);
    if (f.location_state) c.push(eq(listings.locationState, f.location_state));
  } else if (f.location) {
    const text = f.location.trim();
    if (/^\d+$/.test(text)) c.push(like(listings.locationZip, likePrefix(text)));
    else c.push(sql`lower(${listings.locationCity}) like ${likePrefix(text.toLowerCase())}`);
  }
  return and(...c)!;
}

export interface ListingPage {
  rows: ListingRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** The page query of searchListings, not yet run (exported so bench/listings.bench.ts runs the identical SQL). */
export function buildSearchQuery(db: Database, filters: ListingFilters) {
  const page = filters.page ?? 1;
  const pageSize = filters.page_size ?? MARKETPLACE_PAGE_SIZE;
  const where = marketplaceConditions(filters);
  // The count is a scalar subquery (run once, index-only where it can be), not count(*) over(),
  // which would read every matching row before the LIMIT. The order matches the indexes
  // (published_at DESC NULLS LAST, id DESC NULLS LAST) so a page is an index range scan.
  return db
    .select({ row: listings, total: sql<number>`(select count(*) from ${listings} where ${where})`.mapWith(Number) })
    .from(listings)
    .where(where)
    .orderBy(sql`${listings.publishedAt} desc nulls last`, sql`${listings.id} desc nulls last`)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** One page of the marketplace, newest first, with the total count of matches (one round trip). */
export async function searchListings(db: Database, filters: ListingFilters): Promise<ListingPage> {
  const page = filters.page ?? 1;
  const pageSize = filters.page_size ?? MARKETPLACE_PAGE_SIZE;
  const where = marketplaceConditions(filters);
  const found = await buildSearchQuery(db, filters);
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && page > 1) {
    // Past the last page: no row carries the count, count on its own.
    const [counted] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(listings).where(where);
    total = counted?.n ?? 0;
  }
  return { rows: found.map((f) => f.row), total, page, pageSize };
}
