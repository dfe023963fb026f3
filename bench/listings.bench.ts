// GET /api/listing-all on PostgreSQL at the sizes a national marketplace reaches: the real app against
// a minimal "raw" server that runs the very same SQL (taken from drizzle: searchQuerySql(...)) on a
// plain pg.Pool of the same size and answers the same JSON, over a mix of the searches users make.
// Each size gets a throwaway database with that many listings (test-support/listings-seed.ts: the same
// deterministic rows for the same count, bulk-loaded with the indexes built afterwards).
//
// Per size it prints the seeding time and a markdown table per query shape: matches, the EXPLAIN
// (ANALYZE, BUFFERS) of the statement as the app sends it, unnamed with its values (execution ms, rows
// read from listings in all and by the page's own scan, shared buffers, a Seq Scan of listings or not), and p50/p99 of the app and of raw with
// the shape alone at BENCH_SHAPE_CONNECTIONS; then the whole mix under load (BENCH_CONNECTIONS,
// rotating over every shape, alternating app and raw rounds): requests/s, p50, p99 and app/raw.
// A run that completes ends with this line:
//   summary: listings=N ratio=R p99_ratio=Q growth=G deep=D
// at the largest size N: R = app/raw requests/s over the mix; Q = app p99 / raw p99 over the mix;
// G = the app's median (p50) latency over the mix at N / the same at the baseline size (10,000);
// D = the app's p99 of `page-50` (reached with Next from page 49, keyset) / its p99 of `first-page`
// (each shape alone). Two decimals.
//
//   npm run bench:listings                                      100,000 listings (and the 10,000 baseline for G)
//   BENCH_LISTINGS=1000000 npm run bench:listings               one size, up to 1,000,000 (+ the baseline)
//   BENCH_SCALE=10000,100000,1000000 npm run bench:listings     growth mode: each size on a fresh database
// Environment:
//   BENCH_LISTINGS=100000   the size when BENCH_SCALE is not set
//   BENCH_SCALE=a,b,c       sizes, each on a fresh database (growth mode); overrides BENCH_LISTINGS
//   BENCH_BASELINE=10000    the size G divides by; measured too when it is not among the sizes. 0: no
//                           baseline, G is the largest size against itself (1.00)
//   BENCH_DURATION=5        seconds per round of the mix; BENCH_ROUNDS=10 rounds per server (app, raw,
//                           raw, app, ...); BENCH_WARMUP=10 seconds of warm-up per server before anything
//                           is timed (the app has far more code for the JIT to settle than raw; with 2 s
//                           its first round ran ~15 % slower than its last); BENCH_CONNECTIONS=50. One round's
//                           app/raw ranged from 0.86 to 1.12 on a shared 2-core VM; with six rounds, R
//                           moved by ±0.03 from run to run.
//   BENCH_SHAPE_SECONDS=1   seconds per shape alone and per server, and at least BENCH_SHAPE_MIN=10
//                           answers, at BENCH_SHAPE_CONNECTIONS=2 (each connection's first answer is
//                           not counted), in BENCH_SHAPE_PASSES=5 passes over all the shapes (shapesAlone)
//   BENCH_TIMEOUT=60        seconds autocannon waits for an answer (deep pages on big tables are slow)
//   BENCH_ONLY=<regex>      only the shapes whose name or URL matches
//   BENCH_EXPLAIN=1         prints the text EXPLAIN ANALYZE of every shape; BENCH_VERBOSE=1 the SQL
//   BENCH_KEEP_DB=1         keeps the databases; BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
// The shapes: test-support/listing-search-shapes.ts (the same mix the search-plans test explains):
// first-page, each filter alone, three-filters and all-filters, rent or buy and the price period,
// every sort, page 2 and page 50 by their links (position), page 50 by Next and page 49 by Previous
// (keyset, in three sorts), the last page the pagination links (within the first 10,000 matches) and
// no-match.
// The servers run in a child process (this file again, BENCH_LISTINGS_ROLE=servers) so that
// autocannon does not share an event loop with them.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  lastReachablePage,
  listingFiltersQuerySchema,
  MARKETPLACE_PAGE_SIZE,
  SEARCH_COUNT_CAP,
  type Listing,
  type ListingAllResponse,
} from '@medallion/contracts/listings';
import { openDatabase } from '@medallion/db/client';
import { buildApp } from '../apps/api/src/app';
import { benchAppConfig } from './lib/app-config';
import { loadListings, type MakeChoice } from '../test-support/listings-seed';
import { listingSearchShapes } from '../test-support/listing-search-shapes';
import { forkServer, reportFailures, serveUntilStopped, stopServer } from './lib/server-process';
import { MEDIA_ROUTE_PREFIX } from '../apps/api/src/integrations/storage/disk-storage';
import { searchQuerySql } from '../apps/api/src/modules/listings/search-listings';
import { encodeCursor, type SortPosition } from '../apps/api/src/modules/listings/search-cursor';

const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MAX_LISTINGS = 1_000_000;
const SIZES = parseSizes(process.env.BENCH_SCALE ?? process.env.BENCH_LISTINGS ?? '100000');
const BASELINE = Number(process.env.BENCH_BASELINE ?? 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 10));
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SHAPE_S = Number(process.env.BENCH_SHAPE_SECONDS ?? 1);
const SHAPE_CONNECTIONS = Math.max(1, Number(process.env.BENCH_SHAPE_CONNECTIONS ?? 2));
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 60);
const SHAPE_MIN_SAMPLES = Math.max(1, Number(process.env.BENCH_SHAPE_MIN ?? 10));
const SHAPE_PASSES = Math.max(1, Number(process.env.BENCH_SHAPE_PASSES ?? 5));
const TARGET_RATIO = 0.95;
const SCRIPT = fileURLToPath(import.meta.url);

function parseSizes(text: string): number[] {
  const sizes = text.split(',').map((s) => Number(s.trim().replace(/_/g, '')));
  for (const n of sizes) {
    if (!Number.isInteger(n) || n < 1 || n > MAX_LISTINGS) throw new Error(`listing counts are whole numbers from 1 to ${MAX_LISTINGS}: "${text}"`);
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------
// The query mix: what users do on the marketplace, each shape named.

interface Shape {
  name: string;
  path: string;
}

/** The searches of the mix (test-support/listing-search-shapes.ts), as paths; BENCH_ONLY picks some. */
async function benchShapes(url: string, makes: MakeChoice[], activeCount: number): Promise<Shape[]> {
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    const shapes = (await listingSearchShapes(handle.db, makes, activeCount)).map(({ name, query }) => ({
      name,
      path: query ? `/api/listing-all?${query}` : '/api/listing-all',
    }));
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
    const chosen = only ? shapes.filter((s) => only.test(s.name) || only.test(s.path)) : shapes;
    if (chosen.length === 0) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY} matches no query`);
    return chosen;
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Child process: the real app and the raw server.

interface PreparedQuery {
  path: string;
  sql: string;
  params: unknown[];
}
interface ServersReady {
  type: 'ready';
  appPort: number;
  rawPort: number;
  poolSize: number;
  queries: PreparedQuery[];
}

/** A row as the statement names its columns (rowColumns: as drizzle names them), with the sort key and the count. */
interface RawRow {
  id: string;
  userId: string;
  status: Listing['status'];
  category: Listing['category'];
  dealType: Listing['deal_type'];
  title: string | null;
  description: string | null;
  priceCents: number | null;
  paymentPeriod: Listing['payment_period'];
  images: string[];
  plateNumber: string | null;
  vin: string | null;
  viewCount: number;
  publishedAt: Date | null;
  name: string | null;
  email: string | null;
  phoneNumber: string | null;
  locationCity: string | null;
  locationState: string | null;
  locationZip: string | null;
  carMake: string | null;
  carMakeId: number | null;
  carModel: string | null;
  carModelId: number | null;
  carYear: number | null;
  carBodyClass: string | null;
  carFuel: string | null;
  carDoorNumber: number | null;
  carSeatNumber: number | null;
  carSeatRowNumber: number | null;
  rejectionReason: string | null;
  k0: string;
  k1: string;
  total: string;
}

/** The listing JSON of the API (toListing), from a raw pg row. */
function rawListing(r: RawRow): Listing {
  const hasLocation = r.locationCity !== null && r.locationState !== null;
  return {
    listing_id: r.id,
    user_id: r.userId,
    status: r.status,
    category: r.category,
    deal_type: r.dealType,
    title: r.title,
    description: r.description,
    price: r.priceCents === null ? null : r.priceCents / 100,
    payment_period: r.paymentPeriod,
    images: r.images,
    image_urls: r.images.map((n) => `${MEDIA_ROUTE_PREFIX}${r.id}/${n}`),
    thumbnail_urls: r.images.map((n) => `${MEDIA_ROUTE_PREFIX}${r.id}/thumbs/${n}`),
    plate_number: r.plateNumber,
    vin: r.vin,
    view_count: r.viewCount,
    timestamp: r.publishedAt ? r.publishedAt.toISOString() : null,
    name: r.name,
    email: r.email,
    phone_number: r.phoneNumber,
    location: hasLocation ? { city: r.locationCity!, state: r.locationState!, ...(r.locationZip ? { zip_code: r.locationZip } : {}) } : null,
    car_make: r.carMake,
    car_make_id: r.carMakeId,
    car_model: r.carModel,
    car_model_id: r.carModelId,
    car_year: r.carYear,
    car_body_class: r.carBodyClass,
    car_fuel: r.carFuel,
    car_door_number: r.carDoorNumber,
    car_seat_number: r.carSeatNumber,
    car_seat_row_number: r.carSeatRowNumber,
    rejection_reason: r.rejectionReason,
    rental_label: null,
    weekly_cost: null,
  };
}

async function runServers(): Promise<void> {
  const url = process.env.BENCH_DB_URL!;
  const paths = JSON.parse(process.env.BENCH_PATHS!) as string[];
  const dataDir = mkdtempSync(join(tmpdir(), 'medallion-bench-listings-'));
  const database = await openDatabase({ kind: 'postgres', url }); // the app's own pool settings
  const appPool = (database.db as unknown as { $client?: pg.Pool }).$client;
  const poolSize = appPool?.options.max;
  if (!poolSize) throw new Error("could not read the app's pool size from drizzle's $client");
  const config = benchAppConfig(dataDir);
  const app = await buildApp({ config, database, serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });

  // The same SQL text and parameters as the app's, from drizzle. Like the app, raw sends them as an
  // unnamed statement (planned for its values each time).
  const filtersOf = (path: string) => listingFiltersQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
  const queries: PreparedQuery[] = paths.map((path) => ({ path, ...searchQuerySql(database.db, filtersOf(path)) }));
  const byPath = new Map(queries.map((q) => [q.path, q]));
  const pagingOf = new Map(
    paths.map((p) => {
      const f = filtersOf(p);
      return [p, { page: f.page ?? 1, pageSize: f.page_size ?? MARKETPLACE_PAGE_SIZE, sort: f.sort ?? 'newest', backwards: f.before !== undefined }];
    }),
  );
  /** The cursor of a row, as the app makes it (search-listings.ts positionOf). */
  const cursorOf = (sort: SortPosition['sort'], r: RawRow): string =>
    encodeCursor(
      sort === 'newest'
        ? { sort, published: r.k0, id: r.id }
        : sort === 'year_desc'
          ? { sort, year: Number(r.k0), published: r.k1, id: r.id }
          : { sort, deal: r.dealType, price: Number(r.k1), id: r.id },
    );
  const rawPool = new pg.Pool({ connectionString: url, max: poolSize });
  const raw: Server = createServer((req, res) => {
    const q = byPath.get(req.url ?? '');
    if (!q) {
      res.writeHead(404).end();
      return;
    }
    rawPool.query<RawRow>(q.sql, q.params).then(
      (result) => {
        const paging = pagingOf.get(q.path)!;
        const rows = paging.backwards ? result.rows.reverse() : result.rows;
        const counted = rows.length ? Number(rows[0]!.total) : 0;
        const last = lastReachablePage(counted, paging.pageSize);
        const body = JSON.stringify({
          data: {
            listings: rows.map(rawListing),
            total: Math.min(counted, SEARCH_COUNT_CAP),
            total_capped: counted > SEARCH_COUNT_CAP,
            page: paging.page,
            page_size: paging.pageSize,
            next_cursor: rows.length && paging.page < last && rows.length === paging.pageSize ? cursorOf(paging.sort, rows[rows.length - 1]!) : null,
            prev_cursor: rows.length && paging.page > 1 ? cursorOf(paging.sort, rows[0]!) : null,
          },
        });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      (error: Error) => {
        res.writeHead(500).end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));

  const ready: ServersReady = {
    type: 'ready',
    appPort: (app.server.address() as AddressInfo).port,
    rawPort: (raw.address() as AddressInfo).port,
    poolSize,
    queries,
  };
  serveUntilStopped(ready, async () => {
    raw.close();
    await app.close();
    await rawPool.end();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

// ---------------------------------------------------------------------------------------------
// Parent: databases, data, verification, plans, load, report.

function startServers(url: string, paths: string[]) {
  return forkServer<ServersReady>(SCRIPT, { BENCH_LISTINGS_ROLE: 'servers', BENCH_DB_URL: url, BENCH_PATHS: JSON.stringify(paths) });
}

async function getJson(url: string): Promise<ListingAllResponse> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as ListingAllResponse;
}

/** Both servers must give the same listing ids (and the same JSON) for every query; `no-match` matches nothing. */
async function verify(appBase: string, rawBase: string, shapes: Shape[]): Promise<Map<string, { total: number; capped: boolean }>> {
  const totals = new Map<string, { total: number; capped: boolean }>();
  for (const { name, path } of shapes) {
    const [a, r] = await Promise.all([getJson(appBase + path), getJson(rawBase + path)]);
    const ids = (x: typeof a) => x.data.listings.map((l) => l.listing_id);
    if (!isDeepStrictEqual(ids(a), ids(r)) || a.data.total !== r.data.total) {
      throw new Error(`app and raw disagree on ${path}:\n app ${a.data.total} ${ids(a).join(',')}\n raw ${r.data.total} ${ids(r).join(',')}`);
    }
    if (!isDeepStrictEqual(a, r)) throw new Error(`app and raw return the same ids but different JSON for ${path}`);
    if (name === 'no-match' && a.data.total !== 0) throw new Error(`${name} (${path}) matches ${a.data.total} listings`);
    if (name !== 'no-match' && a.data.listings.length === 0) console.warn(`warning: ${name} (${path}) shows no listing at this size`);
    totals.set(name, { total: a.data.total, capped: a.data.total_capped });
  }
  return totals;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}
interface PlanFacts {
  /** EXPLAIN ANALYZE execution time. */
  ms: number;
  /** Rows the scans of listings read: (rows returned + rows removed by a filter or recheck) × loops. */
  rowsRead: number;
  /** The same for the page's own scan (not the capped count nor a numbered page's position). */
  pageRowsRead: number;
  /** Shared buffers hit + read by the whole statement. */
  buffers: number;
  seqScan: boolean;
}

function planFacts(explained: { 'Execution Time': number; Plan: PlanNode }): PlanFacts {
  const facts: PlanFacts = { ms: explained['Execution Time'], rowsRead: 0, pageRowsRead: 0, buffers: 0, seqScan: false };
  const visit = (node: PlanNode, inSubplan: boolean) => {
    const sub = inSubplan || node['Parent Relationship'] === 'InitPlan' || node['Parent Relationship'] === 'SubPlan';
    if (node['Relation Name'] === 'listings') {
      const perLoop = node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
      const read = Math.round(perLoop * node['Actual Loops']);
      facts.rowsRead += read;
      if (!sub) facts.pageRowsRead += read;
      if (node['Node Type'] === 'Seq Scan') facts.seqScan = true;
    }
    node.Plans?.forEach((child) => visit(child, sub));
  };
  visit(explained.Plan, false);
  // A node's buffers include its children's, InitPlans (the count) among them.
  facts.buffers = explained.Plan['Shared Hit Blocks'] + explained.Plan['Shared Read Blocks'];
  return facts;
}

/**
 * The plan each shape runs with in the servers: the statement unnamed, with its values (planned for
 * them, as the app and raw send it), explained with ANALYZE and BUFFERS after one run to warm the caches.
 */
async function explainShapes(url: string, shapes: Shape[], queries: PreparedQuery[]): Promise<Map<string, PlanFacts>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const facts = new Map<string, PlanFacts>();
  try {
    for (const shape of shapes) {
      const q = queries.find((x) => x.path === shape.path)!;
      await client.query(q.sql, q.params);
      const result = await client.query<{ 'QUERY PLAN': { 'Execution Time': number; Plan: PlanNode }[] }>(
        `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.sql}`,
        q.params,
      );
      facts.set(shape.name, planFacts(result.rows[0]!['QUERY PLAN'][0]!));
      if (process.env.BENCH_EXPLAIN) {
        const text = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
        console.log(`\n${shape.name}: ${shape.path}\n${text.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
  } finally {
    await client.end();
  }
  return facts;
}

interface Latency {
  n: number;
  p50: number;
  p99: number;
}
function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99) };
}

function get(agent: Agent, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`GET ${url} answered ${res.statusCode}`))));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * One shape alone, for one slice of its time: SHAPE_CONNECTIONS clients, each requesting it again as
 * soon as it is answered, for `seconds` and at least `minSamples` answers, added to `samples`; each
 * client's first answer is not counted.
 */
async function shapeSlice(base: string, path: string, seconds: number, minSamples: number, samples: number[]): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: SHAPE_CONNECTIONS });
  const before = samples.length;
  try {
    const started = performance.now();
    const client = async () => {
      await get(agent, base + path);
      while (performance.now() - started < seconds * 1000 || samples.length - before < minSamples) {
        const t = performance.now();
        await get(agent, base + path);
        samples.push(performance.now() - t);
      }
    };
    await Promise.all(Array.from({ length: SHAPE_CONNECTIONS }, client));
  } finally {
    agent.destroy();
  }
}

/**
 * Every shape alone on both servers: SHAPE_PASSES passes over all the shapes, each giving every shape
 * a slice of SHAPE_S / SHAPE_PASSES seconds on app, then on raw. A shape's samples thus come from the
 * whole pass, not from one second of it: anything else slowing the machine for a while (at 1,000,000
 * listings, both servers' p99 rose to 10-15 ms for half a minute of a run, whichever shapes were being
 * measured then) falls on every shape alike, so the ratios of p99s between shapes (D) compare the
 * queries, not the moments they were measured in.
 */
async function shapesAlone(appBase: string, rawBase: string, shapes: Shape[]): Promise<Map<string, { app: Latency; raw: Latency }>> {
  const samples = new Map(shapes.map((s) => [s.name, { app: [] as number[], raw: [] as number[] }]));
  const seconds = SHAPE_S / SHAPE_PASSES;
  const minSamples = Math.ceil(SHAPE_MIN_SAMPLES / SHAPE_PASSES);
  for (let pass = 0; pass < SHAPE_PASSES; pass++) {
    for (const shape of shapes) {
      const mine = samples.get(shape.name)!;
      await shapeSlice(appBase, shape.path, seconds, minSamples, mine.app);
      await shapeSlice(rawBase, shape.path, seconds, minSamples, mine.raw);
    }
  }
  return new Map([...samples].map(([name, s]) => [name, { app: latency(s.app), raw: latency(s.raw) }]));
}

interface Run {
  latencies: number[];
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** The mix under load: every connection rotates over the shapes; the latency of every 2xx answer is kept. */
async function cannon(base: string, paths: string[], seconds: number): Promise<Run> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: CONNECTIONS, duration: seconds, timeout: TIMEOUT_S, requests: paths.map((path) => ({ method: 'GET', path })) },
      (error: unknown, r: autocannon.Result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(r)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
  // Requests cut off at the end are still queued for the pool (FIFO): one more answered request
  // means they are done, so the next run does not start behind them.
  await (await fetch(base + paths[0])).arrayBuffer();
  return { latencies, requests: result.requests.total, errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx };
}

interface MixStats extends Latency {
  label: 'app' | 'raw';
  rps: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface ShapeResult {
  shape: Shape;
  matches: number;
  capped: boolean;
  plan: PlanFacts;
  app: Latency;
  raw: Latency;
}
interface SizeResult {
  size: number;
  seeding: string;
  shapes: ShapeResult[];
  app: MixStats;
  raw: MixStats;
  roundRatios: number[];
}

/** One size on a database of its own: create, migrate, load, verify, explain, measure, drop. */
async function runSize(admin: pg.Client, size: number, cleanUp: { name?: string; child?: ChildProcess }): Promise<{ result: SizeResult; failed: boolean }> {
  const name = `medallion_bench_listings_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  cleanUp.name = name;
  const dbUrl = new URL(PG_ADMIN);
  dbUrl.pathname = `/${name}`;
  const url = dbUrl.toString();
  let failed = false;
  const sizeStarted = performance.now();
  try {
    console.log(`\n## ${size.toLocaleString('en-US')} listings\n`);
    const migrator = await openDatabase({ kind: 'postgres', url });
    await migrator.migrate();
    await migrator.close();
    const loaded = await loadListings(url, size);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const seeding = `${s(loaded.ms.total)} (rows ${s(loaded.ms.rows)}, indexes ${s(loaded.ms.indexes)}, VACUUM ANALYZE and CHECKPOINT ${s(loaded.ms.vacuum)})`;
    console.log(`seeded ${size.toLocaleString('en-US')} listings into ${name} in ${seeding}`);

    const counter = new pg.Client({ connectionString: url });
    await counter.connect();
    const active = Number((await counter.query<{ n: string }>(`SELECT count(*) AS n FROM listings WHERE status = 'ACTIVE'`)).rows[0]!.n);
    await counter.end();
    const shapes = await benchShapes(url, loaded.makes, active);
    const paths = [...new Set(shapes.map((x) => x.path))];

    const started = await startServers(url, paths);
    cleanUp.child = started.child;
    const { ready } = started;
    const appBase = `http://127.0.0.1:${ready.appPort}`;
    const rawBase = `http://127.0.0.1:${ready.rawPort}`;
    const totals = await verify(appBase, rawBase, shapes);
    console.log(`verified: app and raw return the same listings for all ${shapes.length} shapes (pool size ${ready.poolSize} each)`);
    if (process.env.BENCH_VERBOSE) console.log(ready.queries.map((q) => `${q.path}\n  ${q.sql}\n  ${JSON.stringify(q.params)}`).join('\n'));

    const plans = await explainShapes(url, shapes, ready.queries);
    // Warm-up before anything is timed: the app has far more code for the JIT to settle than raw, and
    // the shapes alone come first (with a cold JIT, first-page, the first of them, had an app p99 2 to 3
    // times that of the shapes after it, which made D, page-50's p99 over first-page's, look better).
    for (const label of ['app', 'raw'] as const) {
      const warm = await cannon(label === 'app' ? appBase : rawBase, paths, WARMUP_S);
      if (warm.errors || warm.non2xx) console.error(`${label} warm-up: ${warm.errors} errors, ${warm.non2xx} non-2xx`);
      failed ||= warm.errors + warm.timeouts + warm.non2xx > 0;
    }
    const alone = await shapesAlone(appBase, rawBase, shapes);
    const results: ShapeResult[] = shapes.map((shape) => ({
      shape,
      matches: totals.get(shape.name)!.total,
      capped: totals.get(shape.name)!.capped,
      plan: plans.get(shape.name)!,
      ...alone.get(shape.name)!,
    }));

    // Rounds alternate app and raw (app, raw, raw, app, ...) so that load from anything else on the
    // machine falls on both alike; the numbers are summed over the rounds.
    const perLabel: Record<'app' | 'raw', Run[]> = { app: [], raw: [] };
    const order = (round: number) => (round % 2 === 0 ? (['app', 'raw'] as const) : (['raw', 'app'] as const));
    for (let round = 0; round < ROUNDS; round++) {
      for (const label of order(round)) perLabel[label].push(await cannon(label === 'app' ? appBase : rawBase, paths, DURATION_S));
    }
    const mix = (label: 'app' | 'raw'): MixStats => {
      const rs = perLabel[label];
      const total = rs.reduce((n, r) => n + r.requests, 0);
      return {
        label,
        rps: total / (rs.length * DURATION_S),
        ...latency(rs.flatMap((r) => r.latencies)),
        requests: total,
        errors: rs.reduce((n, r) => n + r.errors, 0),
        timeouts: rs.reduce((n, r) => n + r.timeouts, 0),
        non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
      };
    };
    const result: SizeResult = {
      size,
      seeding,
      shapes: results,
      app: mix('app'),
      raw: mix('raw'),
      roundRatios: perLabel.app.map((a, i) => a.requests / perLabel.raw[i]!.requests),
    };
    printSize(result, paths.length);
    console.log(`${count(size)} listings measured in ${((performance.now() - sizeStarted) / 1000).toFixed(0)} s`);
    if (reportFailures([result.app, result.raw])) failed = true;
    return { result, failed };
  } finally {
    await stopServer(cleanUp.child);
    cleanUp.child = undefined;
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    cleanUp.name = undefined;
  }
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const count = (x: number) => x.toLocaleString('en-US');
const two = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');

function printSize(r: SizeResult, queryCount: number): void {
  console.log(
    `\n${count(r.size)} listings, each shape alone (${SHAPE_CONNECTIONS} connections, ≥ ${SHAPE_S} s and ≥ ${SHAPE_MIN_SAMPLES} answers per server in ${SHAPE_PASSES} passes over the shapes; ms):` +
      ` db ms, rows read (scans of listings: rows × loops, filtered ones included), buffers (shared hit + read) and seq scan from` +
      ` EXPLAIN (ANALYZE, BUFFERS) of the prepared statement after the plan cache settled\n`,
  );
  console.log('| shape | matches | db ms | rows read (page) | buffers | seq scan | app p50 | app p99 | raw p50 | raw p99 |');
  console.log('|---|---:|---:|---:|---:|:---:|---:|---:|---:|---:|');
  for (const s of r.shapes) {
    console.log(
      `| ${s.shape.name} | ${s.capped ? `${count(s.matches)}+` : count(s.matches)} | ${ms(s.plan.ms)} | ${count(s.plan.rowsRead)} (${count(s.plan.pageRowsRead)}) | ${count(s.plan.buffers)} | ${s.plan.seqScan ? 'yes' : 'no'} | ` +
        `${ms(s.app.p50)} | ${ms(s.app.p99)} | ${ms(s.raw.p50)} | ${ms(s.raw.p99)} |`,
    );
  }
  console.log(
    `\n${count(r.size)} listings, the mix under load: ${CONNECTIONS} connections rotating over ${queryCount} queries, ` +
      `${ROUNDS} alternating rounds of ${DURATION_S} s per server after ${WARMUP_S} s warm-up\n`,
  );
  console.log('| server | req/s | p50 ms | p99 ms | requests | errors | time-outs | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const m of [r.app, r.raw]) {
    console.log(`| ${m.label} | ${Math.round(m.rps)} | ${ms(m.p50)} | ${ms(m.p99)} | ${m.requests} | ${m.errors} | ${m.timeouts} | ${m.non2xx} |`);
  }
  const ratio = r.app.rps / r.raw.rps;
  console.log(
    `\napp/raw requests/s ${two(ratio)} (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'OK' : 'BELOW TARGET'}; ` +
      `per round ${r.roundRatios.map(two).join(', ')}; app/raw p99 ${two(r.app.p99 / r.raw.p99)}`,
  );
}

/** Growth across sizes: the app's p50 per shape alone, and rows read, at every size. */
function printGrowth(results: SizeResult[]): void {
  if (results.length < 2) return;
  console.log(`\n## growth: app p50 ms of each shape alone (rows read) by size\n`);
  console.log(`| shape | ${results.map((r) => count(r.size)).join(' | ')} |`);
  console.log(`|---|${results.map(() => '---:').join('|')}|`);
  for (const shape of results[0]!.shapes.map((s) => s.shape.name)) {
    const cells = results.map((r) => {
      const s = r.shapes.find((x) => x.shape.name === shape);
      return s ? `${ms(s.app.p50)} (${count(s.plan.rowsRead)})` : '–';
    });
    console.log(`| ${shape} | ${cells.join(' | ')} |`);
  }
  console.log(`| mix under load, app p50 | ${results.map((r) => ms(r.app.p50)).join(' | ')} |`);
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  try {
    await admin.connect();
  } catch {
    console.error(`PostgreSQL not reachable at ${PG_ADMIN}`);
    process.exit(1);
  }
  const largest = SIZES[SIZES.length - 1]!;
  const sizes = [...new Set([...SIZES, ...(BASELINE > 0 ? [BASELINE] : [])])].sort((a, b) => a - b);
  const cleanUp: { name?: string; child?: ChildProcess } = {};
  const onSignal = () => {
    cleanUp.child?.kill();
    void (cleanUp.name ? admin.query(`DROP DATABASE IF EXISTS "${cleanUp.name}" WITH (FORCE)`) : Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let failed = false;
  const results: SizeResult[] = [];
  try {
    console.log(
      `# bench:listings: ${sizes.map(count).join(', ')} listings` +
        (BASELINE > 0 && !SIZES.includes(BASELINE) ? ` (${count(BASELINE)}: the baseline of growth G)` : ''),
    );
    for (const size of sizes) {
      const run = await runSize(admin, size, cleanUp);
      results.push(run.result);
      failed ||= run.failed;
    }
    printGrowth(results);
    const top = results.find((r) => r.size === largest)!;
    const base = BASELINE > 0 ? results.find((r) => r.size === BASELINE)! : top;
    const p99Of = (name: string) => top.shapes.find((s) => s.shape.name === name)?.app.p99 ?? NaN;
    const seeded = top.seeding;
    console.log(`\nseeding ${count(largest)} listings: ${seeded}`);
    console.log(
      `G = app p50 of the mix at ${count(largest)} / at ${count(base.size)}; D = app p99 of page-50 / of first-page (each alone) at ${count(largest)}`,
    );
    console.log(
      `summary: listings=${largest} ratio=${two(top.app.rps / top.raw.rps)} p99_ratio=${two(top.app.p99 / top.raw.p99)} ` +
        `growth=${two(top.app.p50 / base.app.p50)} deep=${two(p99Of('page-50') / p99Of('first-page'))}`,
    );
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await admin.end();
  }
  process.exit(failed ? 1 : 0);
}

if (process.env.BENCH_LISTINGS_ROLE === 'servers') await runServers();
else await main();
