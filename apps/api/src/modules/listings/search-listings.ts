import { createHash } from 'node:crypto';
import { and, eq, fillPlaceholders, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import { MARKETPLACE_PAGE_SIZE, type ListingFilters, type ListingSort } from '@medallion/contracts/listings';
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
 * A price bound in cents of the compared price: for rentals, the monthly equivalent of a price per
 * `period` (weekly × 52 / 12, rounded as the generated column `comparable_price_cents` rounds it, so a
 * $375 weekly listing matches a $375 weekly bound exactly).
 */
function comparableCents(dollars: number, period: ListingFilters['price_period']): number {
  const cents = dollars * 100;
  // The column is an integer: a bound past its range ($10M a week) would be an error, not "no match".
  return Math.min(period === 'monthly' ? cents : Math.round((cents * 52) / 12), INT4_MAX);
}
const INT4_MAX = 2_147_483_647;

/**
 * The WHERE clause of the public marketplace for the stored filter object: only ACTIVE
 * listings; category; rent or sale; price and year ranges; make and model by id (value) or by name
 * (label); location by zip, by city (and state), or, for free text that was not picked from the
 * suggestions, by zip prefix (digits) or city prefix. Values are placeholders (see `values`).
 *
 * Prices with a deal type compare `comparable_price_cents` (rentals by their monthly equivalent, the
 * bound converted from `price_period`); without one, the stored price as it is (the spec's clients).
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
  if (f.deal_type) {
    add('dealType', f.deal_type, eq(listings.dealType, p('dealType')));
    // A sale has one price; a rent bound is per week unless the search says per month.
    const period = f.deal_type === 'rent' ? (f.price_period ?? 'weekly') : 'monthly';
    const price = listings.comparablePriceCents;
    if (f.price_min !== undefined) add('comparableMin', comparableCents(f.price_min, period), gte(price, p('comparableMin')));
    if (f.price_max !== undefined) add('comparableMax', comparableCents(f.price_max, period), lte(price, p('comparableMax')));
  } else {
    if (f.price_min !== undefined) add('priceMin', f.price_min * 100, gte(listings.priceCents, p('priceMin')));
    if (f.price_max !== undefined) add('priceMax', f.price_max * 100, lte(listings.priceCents, p('priceMax')));
  }
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
 * The ORDER BY of each sort, each matching an index (schema.ts) so that a page is an index range
 * scan: newest by (published_at, id) DESC NULLS LAST; price by (deal_type, comparable price, id),
 * forwards or backwards, so rentals and sales are never interleaved (rentals first going up, sales
 * first going down) and rentals compare by their monthly equivalent; year by (car_year, published_at,
 * id) DESC NULLS LAST, so listings without a year (plates) come last.
 */
const ORDER_BY: Record<ListingSort, SQL[]> = {
  newest: [sql`${listings.publishedAt} desc nulls last`, sql`${listings.id} desc nulls last`],
  price_asc: [sql`${listings.dealType} asc`, sql`${listings.comparablePriceCents} asc nulls last`, sql`${listings.id} asc`],
  price_desc: [sql`${listings.dealType} desc`, sql`${listings.comparablePriceCents} desc nulls first`, sql`${listings.id} desc`],
  year_desc: [sql`${listings.carYear} desc nulls last`, sql`${listings.publishedAt} desc nulls last`, sql`${listings.id} desc nulls last`],
};

function sortOf(filters: ListingFilters): ListingSort {
  return filters.sort ?? 'newest';
}

/**
 * The page query of a search shape and sort. The count is a scalar subquery (run once, index-only
 * where it can be), not count(*) over(), which would read every matching row before the LIMIT.
 */
function pageQuery(db: Database, where: SQL, sort: ListingSort) {
  return db
    .select({ row: listings, total: sql<number>`(select count(*) from ${listings} where ${where})`.mapWith(Number) })
    .from(listings)
    .where(where)
    .orderBy(...ORDER_BY[sort])
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
  const query = pageQuery(db, where, sortOf(filters)).toSQL();
  return { sql: query.sql, params: fillPlaceholders(query.params, { ...values, limit, offset }) };
}

type Prepared = ReturnType<ReturnType<typeof pageQuery>['prepare']>;
const prepared = new WeakMap<Database, Map<string, Prepared>>();

/**
 * The prepared statement of a search shape (the set of filters used) and sort, built once per
 * database handle: the SQL is not rebuilt per request, and PostgreSQL parses and plans it once per
 * connection.
 */
function preparedSearch(db: Database, shape: string, where: SQL, sort: ListingSort): Prepared {
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  const key = `${shape}|${sort}`;
  let statement = byShape.get(key);
  if (!statement) {
    const name = `listing_search_${createHash('sha1').update(key).digest('hex').slice(0, 12)}`;
    statement = pageQuery(db, where, sort).prepare(name);
    byShape.set(key, statement);
  }
  return statement;
}

/** One page of the marketplace in the chosen order (newest first by default), with the total count of matches (one round trip). */
export async function searchListings(db: Database, filters: ListingFilters): Promise<ListingPage> {
  const { where, values, shape } = marketplaceConditions(filters);
  const { page, pageSize, limit, offset } = pagingValues(filters);
  const found = await preparedSearch(db, shape, where, sortOf(filters)).execute({ ...values, limit, offset });
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
