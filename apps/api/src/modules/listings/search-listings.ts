import { and, eq, fillPlaceholders, gte, like, lte, sql, type SQL } from 'drizzle-orm';
import {
  lastReachablePage,
  MARKETPLACE_PAGE_SIZE,
  monthlyEquivalentCents,
  SEARCH_COUNT_CAP,
  type ListingFilters,
  type ListingSort,
} from '@medallion/contracts/listings';
import type { Database } from '@medallion/db/client';
import { queryRecords, rowColumns } from '@medallion/db/records';
import { listingCounts, listings, priceKey, publishedKey, yearKey } from '@medallion/db/schema';
import { listingCountKey } from './listing-count-key';
import type { ListingRecord } from './listing-record';
import { decodeCursor, encodeCursor, type SortPosition } from './search-cursor';

/** Escapes LIKE wildcards in user text. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface Conditions {
  /** The WHERE clause, with placeholders for every value (built when first read: a search whose statement is cached never needs it). */
  readonly where: SQL;
  /** The placeholder values of this search. */
  values: Record<string, unknown>;
  /** Which conditions are used: searches of one shape share one statement. */
  shape: string;
  /** The key of its maintained count (listing-count-key.ts), or null: its matches are counted. */
  countKey: string | null;
}

/**
 * A price bound in cents of the compared price: for rentals, the monthly equivalent of a price per
 * `period` (contracts' monthlyEquivalentCents, the rule the generated column `comparable_price_cents`
 * repeats, so a $375 weekly listing matches a $375 weekly bound exactly).
 */
function comparableCents(dollars: number, period: ListingFilters['price_period']): number {
  // The column is an integer: a bound past its range ($10M a week) would be an error, not "no match".
  return Math.min(monthlyEquivalentCents(dollars * 100, period ?? 'weekly'), INT4_MAX);
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
  const c: Array<() => SQL> = [() => eq(listings.status, 'ACTIVE')];
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  const add = (name: string, value: unknown, condition: () => SQL) => {
    values[name] = value;
    shape.push(name);
    c.push(condition);
  };
  const p = (name: string) => sql.placeholder(name);
  if (f.category) add('category', f.category, () => eq(listings.category, p('category')));
  if (f.deal_type) {
    add('dealType', f.deal_type, () => eq(listings.dealType, p('dealType')));
    // A sale has one price; a rent bound is per week unless the search says per month.
    const period = f.deal_type === 'rent' ? (f.price_period ?? 'weekly') : 'monthly';
    // The sort key of price (schema.ts priceKey, PRICE), so that the price indexes serve the range; its
    // upper bound is always below the key of a listing without a price, which therefore never matches.
    if (f.price_min !== undefined) add('comparableMin', comparableCents(f.price_min, period), () => sql`${PRICE} >= ${p('comparableMin')}`);
    if (f.price_min !== undefined || f.price_max !== undefined) {
      const max = Math.min(f.price_max === undefined ? INT4_MAX : comparableCents(f.price_max, period), INT4_MAX - 1);
      add('comparableMax', max, () => sql`${PRICE} <= ${p('comparableMax')}`);
    }
  } else {
    if (f.price_min !== undefined) add('priceMin', f.price_min * 100, () => gte(listings.priceCents, p('priceMin')));
    if (f.price_max !== undefined) add('priceMax', f.price_max * 100, () => lte(listings.priceCents, p('priceMax')));
  }
  if (f.car_year_min !== undefined || f.car_year_max !== undefined) {
    // The sort key of year (schema.ts yearKey, YEAR: 0 without a year), so that the year indexes serve
    // the range; its lower bound is at least 1, so a listing without a year never matches.
    add('yearMin', Math.max(f.car_year_min ?? 1, 1), () => sql`${YEAR} >= ${p('yearMin')}`);
    if (f.car_year_max !== undefined) add('yearMax', f.car_year_max, () => sql`${YEAR} <= ${p('yearMax')}`);
  }
  if (f.car_make_value !== undefined) add('makeId', f.car_make_value, () => eq(listings.carMakeId, p('makeId')));
  else if (f.car_make) add('make', f.car_make.toLowerCase(), () => sql`lower(${listings.carMake}) = ${p('make')}`);
  if (f.car_model_value !== undefined) add('modelId', f.car_model_value, () => eq(listings.carModelId, p('modelId')));
  else if (f.car_model) add('model', f.car_model.toLowerCase(), () => sql`lower(${listings.carModel}) = ${p('model')}`);
  if (f.location_zip) {
    add('zip', f.location_zip, () => eq(listings.locationZip, p('zip')));
  } else if (f.location_city) {
    add('city', f.location_city.toLowerCase(), () => sql`lower(${listings.locationCity}) = ${p('city')}`);
    if (f.location_state) add('state', f.location_state, () => eq(listings.locationState, p('state')));
  } else if (f.location) {
    const text = f.location.trim();
    if (/^\d+$/.test(text)) add('zipPrefix', likePrefix(text), () => like(listings.locationZip, p('zipPrefix')));
    else add('cityPrefix', likePrefix(text.toLowerCase()), () => sql`lower(${listings.locationCity}) like ${p('cityPrefix')}`);
  }
  let where: SQL | undefined;
  const countKey = listingCountKey(shape.join(','), values);
  if (countKey !== null) values.countKey = countKey;
  return {
    get where() {
      return (where ??= and(...c.map((condition) => condition()))!);
    },
    values,
    shape: shape.join(','),
    countKey,
  };
}

export interface ListingPage {
  /** The listings, their timestamps as PostgreSQL's text (ListingRecord). */
  rows: ListingRecord[];
  /** Exact up to SEARCH_COUNT_CAP; `capped`: there are more matches than that. */
  total: number;
  capped: boolean;
  page: number;
  pageSize: number;
  /** `after` of the next page (null on the last page that can be reached); `before` of the previous (null on page 1). */
  nextCursor: string | null;
  prevCursor: string | null;
}

function sortOf(filters: ListingFilters): ListingSort {
  return filters.sort ?? 'newest';
}

/** The listing's columns, named as in ListingRow, so that each record of the search is a row as it is. */
const LISTING_COLUMNS = rowColumns(listings);
const PUBLISHED = publishedKey(listings.publishedAt);
const PRICE = priceKey(listings.comparablePriceCents);
const YEAR = yearKey(listings.carYear);

/**
 * Each sort: its key (the expressions of the indexes in schema.ts, never null, id last to break
 * ties) and its direction. Newest by publication; price by (deal type, compared price), so rentals
 * and sales are never interleaved (rentals first going up, sales first going down) and rentals
 * compare by their monthly equivalent; year, then newest, plates (no year) last.
 */
const SORT_KEYS: Record<ListingSort, { key: SQL[]; dir: 'asc' | 'desc' }> = {
  newest: { key: [PUBLISHED, sql`${listings.id}`], dir: 'desc' },
  price_asc: { key: [sql`${listings.dealType}`, PRICE, sql`${listings.id}`], dir: 'asc' },
  price_desc: { key: [sql`${listings.dealType}`, PRICE, sql`${listings.id}`], dir: 'desc' },
  year_desc: { key: [YEAR, PUBLISHED, sql`${listings.id}`], dir: 'desc' },
};

/** The key values of a cursor's row, as placeholders typed like the key's expressions. */
function positionValues(p: SortPosition): { sql: SQL; values: Record<string, unknown> } {
  const ph = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  switch (p.sort) {
    case 'newest':
      return { sql: sql`(${ph('kPublished', 'timestamptz')}, ${ph('kId', 'uuid')})`, values: { kPublished: p.published, kId: p.id } };
    case 'year_desc':
      return {
        sql: sql`(${ph('kYear', 'integer')}, ${ph('kPublished', 'timestamptz')}, ${ph('kId', 'uuid')})`,
        values: { kYear: p.year, kPublished: p.published, kId: p.id },
      };
    default:
      return { sql: sql`(${ph('kDeal', 'text')}, ${ph('kPrice', 'integer')}, ${ph('kId', 'uuid')})`, values: { kDeal: p.deal, kPrice: p.price, kId: p.id } };
  }
}

/**
 * How a page is found: by its number (the pagination's links), after a row (Next: `after`) or before
 * one (Previous: `before`).
 */
type Seek = { kind: 'first' } | { kind: 'offset' } | { kind: 'after' | 'before'; position: SortPosition };

/**
 * The page query of a search. The rows come from an index range in the sort's order, read from a
 * row's position on (keyset): `after` continues forwards, `before` reads backwards (the caller turns
 * the rows round). A page opened by its number starts at the position of its first row, found by a
 * CTE that skips the rows before it in the index alone (OFFSET over the key columns, at most
 * SEARCH_COUNT_CAP of them: the contract refuses deeper pages), so the wide rows of the pages before
 * are never read. The total (totalOf) is a scalar subquery, the search's maintained count or a count of
 * at most SEARCH_COUNT_CAP + 1 matches, so it costs the same at any size. The key values of each row
 * come back as text for the cursors.
 */
function pageQuery(db: Database, where: SQL, maintained: boolean, sort: ListingSort, seek: Seek) {
  const { key, dir } = SORT_KEYS[sort];
  const backwards = seek.kind === 'before';
  const readDir = backwards ? (dir === 'asc' ? 'desc' : 'asc') : dir;
  const order = key.map((k) => sql`${k} ${sql.raw(readDir)}`);
  const row = sql`(${sql.join(key, sql`, `)})`;
  let condition = where;
  let start: ReturnType<typeof startOf> | undefined;
  if (seek.kind === 'offset') {
    // From the first row of the page on (inclusive): `>=` going up, `<=` going down.
    start = startOf(db, where, key, order);
    const op = dir === 'asc' ? sql`>=` : sql`<=`;
    const startKey = key.map((_, i) => sql`(select ${sql.identifier(`s${i}`)} from ${start})`);
    condition = and(where, sql`${row} ${op} (${sql.join(startKey, sql`, `)})`)!;
  } else if (seek.kind !== 'first') {
    // After or before a row: strictly past it in the direction of reading.
    const op = (seek.kind === 'after') === (dir === 'asc') ? sql`>` : sql`<`;
    condition = and(where, sql`${row} ${op} ${positionValues(seek.position).sql}`)!;
  }
  const query = (start ? db.with(start) : db)
    .select({
      ...LISTING_COLUMNS,
      k0: sql<string>`${key[0]}::text`.as('k0'),
      k1: sql<string>`${key[1]}::text`.as('k1'),
      total: totalOf(where, maintained).as('total'),
    })
    .from(listings)
    .where(condition)
    .orderBy(...order)
    .limit(sql.placeholder('limit'));
  return query;
}

/**
 * The matches of a search: its maintained count (listing-count-key.ts: one row, whatever the size) or
 * a count of at most SEARCH_COUNT_CAP + 1 of them (the index entries of up to that many rows).
 */
function totalOf(where: SQL, maintained: boolean): SQL<number> {
  if (maintained)
    return sql<number>`coalesce((select ${listingCounts.n} from ${listingCounts} where ${listingCounts.key} = ${sql.placeholder('countKey')}), 0)`;
  return sql<number>`(select count(*) from (select 1 from ${listings} where ${where} limit ${SEARCH_COUNT_CAP + 1}) as capped)`;
}

/** The key of the first row of a numbered page: the row after `offset` others, in the index alone. */
function startOf(db: Database, where: SQL, key: SQL[], order: SQL[]) {
  return db.$with('page_start').as(
    db
      .select(Object.fromEntries(key.map((k, i) => [`s${i}`, sql`${k}`.as(`s${i}`)])))
      .from(listings)
      .where(where)
      .orderBy(...order)
      .offset(sql.placeholder('offset'))
      .limit(1),
  );
}

/** A row of a page as the driver returns it: the listing, its sort key as text (k0, k1) and the count (a bigint: text on node-postgres, a bigint on PGlite). */
type FoundRecord = ListingRecord & { k0: string; k1: string; total: string | number | bigint };

function positionOf(sort: ListingSort, f: FoundRecord): SortPosition {
  if (sort === 'newest') return { sort, published: f.k0, id: f.id };
  if (sort === 'year_desc') return { sort, year: Number(f.k0), published: f.k1, id: f.id };
  return { sort, deal: f.dealType, price: Number(f.k1), id: f.id };
}

function pagingOf(filters: ListingFilters) {
  const page = filters.page ?? 1;
  const pageSize = filters.page_size ?? MARKETPLACE_PAGE_SIZE;
  const sort = sortOf(filters);
  const seek: Seek = filters.after
    ? { kind: 'after', position: decodeCursor(filters.after, sort, 'after') }
    : filters.before
      ? { kind: 'before', position: decodeCursor(filters.before, sort, 'before') }
      : { kind: page === 1 ? 'first' : 'offset' };
  const position = seek.kind === 'after' || seek.kind === 'before' ? positionValues(seek.position).values : {};
  return { page, pageSize, sort, seek, limit: pageSize, offset: (page - 1) * pageSize, position };
}

/** The SQL text and parameters of a search, exactly as searchListings runs it (bench/listings.bench.ts). */
export function searchQuerySql(db: Database, filters: ListingFilters): { sql: string; params: unknown[] } {
  const { where, values, countKey } = marketplaceConditions(filters);
  const { sort, seek, limit, offset, position } = pagingOf(filters);
  const query = pageQuery(db, where, countKey !== null, sort, seek).toSQL();
  return { sql: query.sql, params: fillPlaceholders(query.params, { ...values, ...position, limit, offset }) };
}

/** A search's statement: its SQL text and its parameters, the values still placeholders. */
interface Statement {
  text: string;
  params: unknown[];
}
const statements = new WeakMap<Database, Map<string, Statement>>();

/**
 * The statement of a search shape (the filters used), sort and way of paging, built once per
 * database handle so that the SQL is not rebuilt per request. It is sent unnamed, so PostgreSQL
 * plans it for this search's values each time: the generic plan of a named statement cannot see how
 * selective a price or year range is, and settled on plans that read far too many rows (p99 up to
 * 2.5 s at a million listings). Planning costs well under a millisecond. It runs on the driver
 * itself (queryRecords): the hottest read of the site skips drizzle's per-value mapping, and keeps
 * the timestamps as text (the page shows one of the four, isoTimestamp).
 */
function statementOf(db: Database, conditions: Conditions, sort: ListingSort, seek: Seek): Statement {
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  const key = `${conditions.shape}|${sort}|${seek.kind}`;
  let statement = byShape.get(key);
  if (!statement) {
    const query = pageQuery(db, conditions.where, conditions.countKey !== null, sort, seek).toSQL();
    statement = { text: query.sql, params: query.params };
    byShape.set(key, statement);
  }
  return statement;
}

/** How many searches the route keeps checked (routes.ts) and planned (planOf): a few hundred KB at most. */
export const SEARCH_MEMO_SIZE = 500;

/** Everything a search needs before its round trip: its conditions, paging, statement and parameters. */
interface Plan {
  db: Database;
  conditions: Conditions;
  paging: ReturnType<typeof pagingOf>;
  text: string;
  params: unknown[];
}
const plans = new WeakMap<ListingFilters, Plan>();

/**
 * The plan of a search. The route hands over the same frozen filters for the same query
 * (memoizedValidator), so a search that comes again is planned once: a WeakMap on the filters, which
 * goes with them when the route forgets them.
 */
function planOf(db: Database, filters: ListingFilters): Plan {
  const known = plans.get(filters);
  if (known?.db === db) return known;
  const conditions = marketplaceConditions(filters);
  const paging = pagingOf(filters);
  const statement = statementOf(db, conditions, paging.sort, paging.seek);
  const { limit, offset, position } = paging;
  const plan = {
    db,
    conditions,
    paging,
    text: statement.text,
    params: fillPlaceholders(statement.params, { ...conditions.values, ...position, limit, offset }),
  };
  plans.set(filters, plan);
  return plan;
}

/**
 * One page of the marketplace in the chosen order (newest first by default), with the count of
 * matches (capped) and the cursors of the pages around it, in one round trip.
 */
export async function searchListings(db: Database, filters: ListingFilters): Promise<ListingPage> {
  const { conditions, paging, text, params } = planOf(db, filters);
  const { page, pageSize, sort, seek, limit } = paging;
  const found = await queryRecords<FoundRecord>(db, text, params, { timestampsAsText: true });
  if (seek.kind === 'before') found.reverse();
  let counted = found.length ? Number(found[0]!.total) : 0;
  if (found.length === 0 && seek.kind !== 'first') {
    // Past the last page: no row carries the count, count on its own.
    counted = await countMatches(db, conditions);
  }
  const total = Math.min(counted, SEARCH_COUNT_CAP);
  const last = lastReachablePage(counted, pageSize);
  const first = found[0];
  const final = found[found.length - 1];
  return {
    // The records are the rows (their columns named as in ListingRow, see rowColumns), with the key and count besides.
    rows: found,
    total,
    capped: counted > SEARCH_COUNT_CAP,
    page,
    pageSize,
    nextCursor: final && page < last && found.length === limit ? encodeCursor(positionOf(sort, final)) : null,
    prevCursor: first && page > 1 ? encodeCursor(positionOf(sort, first)) : null,
  };
}

/** The matches of a search (totalOf), on their own. */
async function countMatches(db: Database, conditions: Conditions): Promise<number> {
  const [counted] = await db
    .select({ n: totalOf(conditions.where, conditions.countKey !== null).mapWith(Number) })
    .from(sql`(select 1) as one`)
    .prepare('')
    .execute(conditions.values);
  return counted?.n ?? 0;
}
