import { getTableColumns, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** What both drivers' clients answer to: `query(text, params)` with rows as records keyed by column alias. */
interface RecordsClient {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs one statement on the driver itself (node-postgres' pool or PGlite), unnamed, so PostgreSQL
 * plans it for these values, and returns its rows as the driver gives them: records keyed by the
 * names the statement gives its columns, in the driver's own types (timestamps as Date, jsonb
 * parsed, integers as numbers, bigint as text). Drizzle's per-value mapping is skipped: it was about
 * a sixth of the CPU time of the hottest read, the marketplace search (docs/architecture.md).
 * Everything else goes through drizzle as usual. Select a table's columns with `rowColumns` and the
 * records are its rows already.
 */
export async function queryRecords<R>(db: Database, text: string, params: unknown[]): Promise<R[]> {
  const client = (db as unknown as { $client: RecordsClient }).$client;
  const result = await client.query(text, params);
  return result.rows as R[];
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
