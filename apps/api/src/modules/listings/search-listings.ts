import { createHash } from 'node:crypto';
import { and, eq, fillPlaceholders, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import { MARKETPLACE_PAGE_SIZE, type ListingFilters } from '@medallion/contracts/listings';
import type { Database } from '@medallion/db/client';
import { listings } from '@medallion/db/schema';
import type { ListingRow } from './listing-record';

/** Escapes LIKE wildcards in user text. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface Conditions {
  /** The WHERE clause, with placeholders for every value. */
  where: SQL;
  /** The placeholder values of this search. */
  values: Record<string, unknown>;
  /** Which conditions are used: searches of one shape share one prepared statement. */
  shape: string;
}

/**
 * The WHERE clause of the public marketplace for the stored filter object: only ACTIVE
 * listings; category; price and year ranges; make and model by id (value) or by name (label);
 * location by zip, by city (and state), or, for free text that was not picked from the suggestions,
 * by zip prefix (digits) or city prefix. Values are placeholders (see `values`).
 */
export function marketplaceConditions(f: ListingFilters): Conditions {
  const c: SQL[] = [eq(listings.status, 'ACTIVE')];
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  const add = (name: string, value: unknown, condition: SQL) => {
    values[name] = value;
    shape.push(name);
    c.push(condition);
  };
  const p = (name: string) => sql.placeholder(name);
  if (f.category) add('category', f.category, eq(listings.category, p('category')));
  if (f.price_min !== undefined) add('priceMin', f.price_min * 100, gte(listings.priceCents, p('priceMin')));
  if (f.price_max !== undefined) add('priceMax', f.price_max * 100, lte(listings.priceCents, p('priceMax')));
  if (f.car_year_min !== undefined) add('yearMin', f.car_year_min, gte(listings.carYear, p('yearMin')));
  if (f.car_year_max !== undefined) add('yearMax', f.car_year_max, lte(listings.carYear, p('yearMax')));
  if (f.car_make_value !== undefined) add('makeId', f.car_make_value, eq(listings.carMakeId, p('makeId')));
  else if (f.car_make) add('make', f.car_make.toLowerCase(), sql`lower(${listings.carMake}) = ${p('make')}`);
  if (f.car_model_value !== undefined) add('modelId', f.car_model_value, eq(listings.carModelId, p('modelId')));
  else if (f.car_model) add('model', f.car_model.toLowerCase(), sql`lower(${listings.carModel}) = ${p('model')}`);
  if (f.location_zip) {
    add('zip', f.location_zip, eq(listings.locationZip, p('zip')));
  } else if (f.location_city) {
    add('city', f.location_city.toLowerCase(), sql`lower(${listings.locationCity}) = ${p('city')}`);
    if (f.location_state) add('state', f.location_state, eq(listings.locationState, p('state')));
  } else if (f.location) {
    const text = f.location.trim();
    if (/^\d+$/.test(text)) add('zipPrefix', likePrefix(text), like(listings.locationZip, p('zipPrefix')));
    else add('cityPrefix', likePrefix(text.toLowerCase()), sql`lower(${listings.locationCity}) like ${p('cityPrefix')}`);
  }
  return { where: and(...c)!, values, shape: shape.join(',') };
}

export interface ListingPage {
  rows: ListingRow[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The page query of a search shape. The count is a scalar subquery (run once, index-only where it
 * can be), not count(*) over(), which would read every matching row before the LIMIT. The order
 * matches the indexes (published_at DESC NULLS LAST, id DESC NULLS LAST), so a page is an index
 * range scan.
 */
function pageQuery(db: Database, where: SQL) {
  return db
    .select({ row: listings, total: sql<number>`(select count(*) from ${listings} where ${where})`.mapWith(Number) })
    .from(listings)
    .where(where)
    .orderBy(sql`${listings.publishedAt} desc nulls last`, sql`${listings.id} desc nulls last`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

function pagingValues(filters: ListingFilters) {
  const page = filters.page ?? 1;
  const pageSize = filters.page_size ?? MARKETPLACE_PAGE_SIZE;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** The SQL text and parameters of a search, exactly as searchListings runs it (bench/listings.bench.ts). */
export function searchQuerySql(db: Database, filters: ListingFilters): { sql: string; params: unknown[] } {
  const { where, values } = marketplaceConditions(filters);
  const { limit, offset } = pagingValues(filters);
  const query = pageQuery(db, where).toSQL();
  return { sql: query.sql, params: fillPlaceholders(query.params, { ...values, limit, offset }) };
}

type Prepared = ReturnType<ReturnType<typeof pageQuery>['prepare']>;
const prepared = new WeakMap<Database, Map<string, Prepared>>();

/**
 * The prepared statement of a search shape (the set of filters used), built once per database
 * handle: the SQL is not rebuilt per request, and PostgreSQL parses and plans it once per connection.
 */
function preparedSearch(db: Database, shape: string, where: SQL): Prepared {
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  let statement = byShape.get(shape);
  if (!statement) {
    const name = `listing_search_${createHash('sha1').update(shape).digest('hex').slice(0, 12)}`;
    statement = pageQuery(db, where).prepare(name);
    byShape.set(shape, statement);
  }
  return statement;
}

/** One page of the marketplace, newest first, with the total count of matches (one round trip). */
export async function searchListings(db: Database, filters: ListingFilters): Promise<ListingPage> {
  const { where, values, shape } = marketplaceConditions(filters);
  const { page, pageSize, limit, offset } = pagingValues(filters);
  const found = await preparedSearch(db, shape, where).execute({ ...values, limit, offset });
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && page > 1) {
    // Past the last page: no row carries the count, count on its own.
    total = await countMatches(db, filters);
  }
  return { rows: found.map((f) => f.row), total, page, pageSize };
}

async function countMatches(db: Database, filters: ListingFilters): Promise<number> {
  const { where, values } = marketplaceConditions(filters);
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(listings)
    .where(where)
    .prepare('') // an unnamed statement: this rare path is not worth a server-side plan
    .execute(values);
  return counted?.n ?? 0;
}
