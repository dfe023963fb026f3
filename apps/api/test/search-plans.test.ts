import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '@medallion/contracts/listings';
import type { DatabaseHandle } from '@medallion/db/client';
import { listingSearchShapes, parseSearch, type SearchShape } from '../../../test-support/listing-search-shapes';
import { loadListings, seedMakes } from '../../../test-support/listings-seed';
import { searchListings, searchQuerySql } from '../src/modules/listings/search-listings';
import { createSharedPostgres, postgresReachable } from './helpers/shared-infra';

/**
 * The plan of every search shape of the marketplace (test-support/listing-search-shapes.ts, the mix
 * of bench/listings.bench.ts) on PostgreSQL with 200,000 listings, run as the app runs it (an unnamed
 * statement with its values, so planned for them): no shape may scan `listings` sequentially, the
 * page itself must read about a page of rows, and the whole statement (the capped count included)
 * a bounded number, far below the matches. With exact counts and OFFSET, the first page read every
 * match and the last page every row before it.
 */
const SIZE = 200_000;
/** Rows of listings the page's own scan may read (a residual filter reads 20 / its share). */
const PAGE_ROWS_READ = 5_000;
/** Rows the whole statement may read: the capped count, a numbered page's position and the page. */
const STATEMENT_ROWS_READ = 2 * SEARCH_COUNT_CAP + PAGE_ROWS_READ;
/**
 * A search with fewer matches than the cap is counted from an index range about its matches: the rows
 * its count (and position) read, at most this many times its matches, plus a little.
 */
const COUNT_READ_PER_MATCH = 3;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

interface Facts {
  seqScan: boolean;
  /** Rows of listings read by the whole statement / by the page's own scan (not the count or the page's position). */
  rowsRead: number;
  pageRowsRead: number;
  indexes: string[];
}

function factsOf(plan: PlanNode): Facts {
  const facts: Facts = { seqScan: false, rowsRead: 0, pageRowsRead: 0, indexes: [] };
  const visit = (node: PlanNode, inSubplan: boolean) => {
    const sub = inSubplan || node['Parent Relationship'] === 'InitPlan' || node['Parent Relationship'] === 'SubPlan';
    if (node['Relation Name'] === 'listings') {
      const read = Math.round(
        (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops'],
      );
      facts.rowsRead += read;
      if (!sub) facts.pageRowsRead += read;
      if (node['Node Type'] === 'Seq Scan') facts.seqScan = true;
      facts.indexes.push(node['Index Name'] ?? node['Node Type']);
    }
    for (const child of node.Plans ?? []) visit(child, sub);
  };
  visit(plan, false);
  return facts;
}

/**
 * The visibility map as autovacuum keeps it in production: index-only scans (the capped counts) are
 * planned as such only where the pages are marked all-visible. The load's VACUUM cannot mark pages
 * while another transaction of this database is still open, so on a busy server it is repeated until
 * at least 95 % of the pages are marked.
 */
async function untilAllVisible(client: pg.Client): Promise<void> {
  let share = 0;
  for (let attempt = 0; attempt < 30; attempt++) {
    await client.query('VACUUM (ANALYZE) listings');
    const { rows } = await client.query<{ pages: number; visible: number }>(
      `select relpages as pages, relallvisible as visible from pg_class where oid = 'listings'::regclass`,
    );
    share = rows[0]!.pages > 0 ? rows[0]!.visible / rows[0]!.pages : 0;
    if (share >= 0.95) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`VACUUM marked only ${Math.round(share * 100)} % of the pages of listings all-visible: a transaction stays open`);
}

const postgresUp = await postgresReachable();
if (!postgresUp) console.warn('search-plans test skipped: PostgreSQL at 127.0.0.1:5432 cannot be reached (set TEST_POSTGRES_URL)');

describe.runIf(postgresUp)(`search plans on PostgreSQL with ${SIZE.toLocaleString('en-US')} listings`, () => {
  let shared: Awaited<ReturnType<typeof createSharedPostgres>>;
  let handle: DatabaseHandle;
  let client: pg.Client;
  let shapes: SearchShape[];
  let active = 0;

  beforeAll(async () => {
    shared = await createSharedPostgres('search_plans');
    handle = await shared.open();
    await handle.migrate();
    await loadListings(shared.url, SIZE);
    client = new pg.Client({ connectionString: shared.url });
    await client.connect();
    await untilAllVisible(client);
    active = Number((await client.query<{ n: string }>(`select count(*) as n from listings where status = 'ACTIVE'`)).rows[0]!.n);
    shapes = await listingSearchShapes(handle.db, seedMakes(), active);
  }, 600_000);

  afterAll(async () => {
    await client?.end();
    await shared?.drop();
  });

  it('reads every shape from an index, a page of rows for the page and a bounded number in all, at any number of matches', async () => {
    expect(active).toBeGreaterThan(10 * SEARCH_COUNT_CAP);
    const table: string[] = [];
    const problems: string[] = [];
    for (const shape of shapes) {
      const filters = parseSearch(shape.query);
      const { sql, params } = searchQuerySql(handle.db, filters);
      const { total, capped } = await searchListings(handle.db, filters);
      const explained = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      const [{ Plan, 'Execution Time': ms }] = explained.rows[0]!['QUERY PLAN'];
      const facts = factsOf(Plan);
      table.push(
        `${shape.name.padEnd(18)} ${String(total).padStart(5)}${capped ? '+' : ' '} ${ms.toFixed(1).padStart(6)} ms  page ${String(facts.pageRowsRead).padStart(5)}  all ${String(facts.rowsRead).padStart(6)}  ${facts.indexes.join(', ')}`,
      );
      if (facts.seqScan) problems.push(`${shape.name}: Seq Scan of listings (${shape.query})`);
      if (facts.indexes.length === 0) problems.push(`${shape.name}: listings not read through an index`);
      if (facts.pageRowsRead > PAGE_ROWS_READ) problems.push(`${shape.name}: the page read ${facts.pageRowsRead} rows (at most ${PAGE_ROWS_READ})`);
      if (facts.rowsRead > STATEMENT_ROWS_READ) problems.push(`${shape.name}: the statement read ${facts.rowsRead} rows (at most ${STATEMENT_ROWS_READ})`);
      const countRead = facts.rowsRead - facts.pageRowsRead;
      if (!capped && countRead > COUNT_READ_PER_MATCH * total + 100) {
        problems.push(`${shape.name}: counting ${total} matches read ${countRead} rows (at most ${COUNT_READ_PER_MATCH} per match)`);
      }
    }
    // eslint-disable-next-line no-console -- the table of plans is the test's report
    console.info(`search plans, ${active} active listings:\n${table.join('\n')}`);
    expect(problems).toEqual([]);
    // The mix includes searches matching far more rows than a statement may read.
    const first = await client.query<{ n: string }>(`select count(*) as n from listings where status = 'ACTIVE' and category = 'cars'`);
    expect(Number(first.rows[0]!.n)).toBeGreaterThan(STATEMENT_ROWS_READ);
  }, 300_000);
});
