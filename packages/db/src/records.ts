import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client';

/** What both drivers' clients answer to: `query(text, params)` with rows as records keyed by column alias. */
interface RecordsClient {
  query(text: string, params: unknown[], options?: unknown): Promise<{ rows: unknown[] }>;
}

export interface RecordsOptions {
  /**
   * timestamptz values as PostgreSQL writes them (`2026-05-06 07:08:09.123456+00`), not as Dates: for
   * a read that shows few of the timestamps it selects. `isoTimestamp` turns one into the API's form.
   */
  timestampsAsText?: boolean;
}

/** PostgreSQL's type id of timestamptz. */
const TIMESTAMPTZ = 1184;
const asText = (value: string) => value;
/** node-postgres: the default parser of every type but timestamptz. */
const textTimestampsPg = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === TIMESTAMPTZ ? asText : pg.types.getTypeParser(oid, format)),
};
/** PGlite: its parsers, timestamptz excepted. */
const textTimestampsPglite = { parsers: { [TIMESTAMPTZ]: asText } };

/**
 * Runs one statement on the driver itself (node-postgres' pool or PGlite), unnamed, so PostgreSQL
 * plans it for these values, and returns its rows as the driver gives them: records keyed by the
 * names the statement gives its columns, in the driver's own types (timestamps as Date, jsonb
 * parsed, integers as numbers, bigint as text). Drizzle's per-value mapping is skipped: it was about
 * a sixth of the CPU time of the hottest read, the marketplace search (docs/architecture.md).
 * Everything else goes through drizzle as usual. Select a table's columns with `rowColumns` and the
 * records are its rows already.
 */
export async function queryRecords<R>(db: Database, text: string, params: unknown[], options: RecordsOptions = {}): Promise<R[]> {
  const client = (db as unknown as { $client: RecordsClient }).$client;
  let result: { rows: unknown[] };
  if (!options.timestampsAsText) result = await client.query(text, params);
  else if (client instanceof PGlite) result = await client.query(text, params, textTimestampsPglite);
  else result = await (client as unknown as pg.Pool).query({ text, values: params, types: textTimestampsPg });
  return result.rows as R[];
}

/** PostgreSQL's text of a timestamptz in UTC (the sessions' time zone), microseconds optional. */
const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ) as (text: string) => Date;

/**
 * A timestamptz as the API writes it, `Date.prototype.toISOString()`'s form (UTC, milliseconds): from
 * a Date, or from PostgreSQL's text (`timestampsAsText`). The text of a UTC session is rewritten in
 * place, its fraction cut to milliseconds as a Date cuts it; any other form (another time zone, a
 * year before 1000 or after 9999, BC) is parsed as the driver parses it.
 */
export function isoTimestamp(value: Date | string): string {
  if (typeof value !== 'string') return value.toISOString();
  const utc = UTC_TIMESTAMP.exec(value);
  if (!utc) return parseTimestamptz(value).toISOString();
  const fraction = utc[3] ?? '';
  return `${utc[1]}T${utc[2]}.${fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0')}Z`;
}

type RowColumns<T extends PgTable> = { [K in keyof InferSelectModel<T>]: SQL.Aliased<InferSelectModel<T>[K]> };

/**
 * Every column of `table`, each named as drizzle names it in a row (`"user_id" as "userId"`), for a
 * select run with `queryRecords`: each record is then the row `typeof table.$inferSelect` (plus any
 * other field the select adds), with no mapping. Every column type of the tables read this way comes
 * out of both drivers as drizzle would map it (test: records.test.ts compares them column by column).
 */
export function rowColumns<T extends PgTable>(table: T): RowColumns<T> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).map(([key, column]) => [key, sql`${column}`.as(key)])) as RowColumns<T>;
}
