// Server-side rendering throughput on PostgreSQL: the built server (as `npm start` runs it) on a fresh
// database with the demo data, loaded by autocannon in this process, one target after the other in one
// run: the HTML of /listing/{id} and the JSON it is made from (GET /api/listing/{id}), the HTML of
// /marketplace and its JSON (GET /api/listing-all, page 1 as the marketplace asks for it), and
// GET /api/health as a reference for what the machine does with the cheapest route. Prints requests/s,
// p50 and p99, and the ratios HTML/JSON for the listing page and the marketplace (target >= 0.5: a
// rendered page may cost at most twice its data). What counts is the render without the cache (issue #31):
// HTML req/s without the render cache ÷ its JSON req/s >= 0.5 for a listing and >= 0.3 for the
// marketplace, and the p99 of those uncached HTML runs <= 300 ms. The last line of the output is exactly
//   summary: listing_nocache=R1 marketplace_nocache=R2 listing_p99_ms=P1 marketplace_p99_ms=P2
// (the ratios with two decimals, the p99s in whole milliseconds), for scripts to read.
//   npm run bench:ssr        npm run bench:ssr -- --no-build      --check: exit 1 when a target is missed
//   BENCH_DURATION=10 BENCH_WARMUP=2 BENCH_CONNECTIONS=50 BENCH_PG_URL=postgres://…/postgres BENCH_KEEP_DB=1
// Requests carry no Accept-Encoding: bodies are measured uncompressed, the same for every target.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { MARKETPLACE_PAGE_SIZE } from '@medallion/contracts/listing-filters';
import { buildProduct, findActiveListingId, freePort, parseArgs, startBuiltServer, warmVinCache, type BuiltServer } from './lib/built-server';
import { reportFailures } from './lib/server-process';
import { cleanUpOnSignal, runMain } from './lib/run';

const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_RATIO = 0.5;
/** Without the render cache (every request renders): the least HTML/JSON ratio per page, and the largest p99. */
const NOCACHE_TARGETS = { listing: 0.5, marketplace: 0.3 } as const;
const NOCACHE_P99_MS = 300;
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

interface Target {
  label: string;
  path: string;
  accept: string;
  /** What the answer must be (checked once before the load). */
  type: 'text/html' | 'application/json';
  /** The server it runs against, when not the default one (the one without the render cache). */
  base?: string;
}

interface Measured {
  label: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  bytes: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

async function check(base: string, t: Target): Promise<void> {
  const res = await fetch(base + t.path, { headers: { accept: t.accept } });
  const body = await res.text();
  const type = res.headers.get('content-type') ?? '';
  if (res.status !== 200 || !type.startsWith(t.type)) {
    throw new Error(`${t.label} (GET ${t.path}) answered ${res.status} ${type}, not 200 ${t.type}: ${body.slice(0, 200)}`);
  }
}

async function load(base: string, t: Target, seconds: number): Promise<autocannon.Result> {
  const result = await autocannon({ url: base + t.path, connections: CONNECTIONS, duration: seconds, headers: { accept: t.accept } });
  // Requests cut off at the end may still be queued in the server: one more answer means they are done.
  await (await fetch(base + t.path, { headers: { accept: t.accept } })).arrayBuffer();
  return result;
}

/** The summary line, printed last (after the servers have stopped, so nothing they log comes after it). */
let summary: string | undefined;

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), { flags: ['no-build', 'check'], values: [] });
  buildProduct(args.flags.has('no-build'));
  const vpicCache = await warmVinCache();

  const name = `medallion_bench_ssr_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  try {
    await admin.connect();
  } catch {
    console.error(`PostgreSQL not reachable at ${PG_ADMIN} (set BENCH_PG_URL)`);
    return 1;
  }
  await admin.query(`CREATE DATABASE "${name}"`);
  const dbUrl = new URL(PG_ADMIN);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'medallion-bench-ssr-'));
  let server: BuiltServer | undefined;
  let uncached: BuiltServer | undefined;
  const cleanUp = async () => {
    await server?.stop();
    await uncached?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
  cleanUpOnSignal(cleanUp);

  try {
    const started = performance.now();
    // The server migrates and seeds the database itself, as in production with DATABASE_URL.
    server = await startBuiltServer(await freePort(), {
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: dataDir,
      VPIC_CACHE_DIR: vpicCache,
      SEED_DEMO_DATA: 'true',
    });
    const base = server.baseUrl;
    // The same build and database with the render cache off (PAGE_CACHE_MS=0): every request renders.
    uncached = await startBuiltServer(await freePort(), {
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: dataDir,
      VPIC_CACHE_DIR: vpicCache,
      SEED_DEMO_DATA: 'true',
      PAGE_CACHE_MS: '0',
    });
    console.log(`server ${base} ready in ${((performance.now() - started) / 1000).toFixed(1)} s (PostgreSQL database ${name}, demo data)`);
    const id = await findActiveListingId(base);
    const targets: Target[] = [
      { label: 'listing HTML', path: `/listing/${id}`, accept: HTML, type: 'text/html' },
      { label: 'listing JSON', path: `/api/listing/${id}`, accept: 'application/json', type: 'application/json' },
      { label: 'listing HTML, no render cache', path: `/listing/${id}`, accept: HTML, type: 'text/html', base: uncached.baseUrl },
      { label: 'marketplace HTML', path: '/marketplace', accept: HTML, type: 'text/html' },
      { label: 'marketplace HTML, no render cache', path: '/marketplace', accept: HTML, type: 'text/html', base: uncached.baseUrl },
      // The marketplace's first request (apps/web/src/features/listings/api/get-listings.ts, no filter).
      { label: 'marketplace JSON', path: `/api/listing-all?page=1&page_size=${MARKETPLACE_PAGE_SIZE}`, accept: 'application/json', type: 'application/json' },
      { label: 'health', path: '/api/health', accept: 'application/json', type: 'application/json' },
    ];
    for (const t of targets) await check(t.base ?? base, t);

    const measured: Measured[] = [];
    for (const t of targets) {
      if (WARMUP_S > 0) await load(t.base ?? base, t, WARMUP_S);
      const r = await load(t.base ?? base, t, DURATION_S);
      measured.push({
        label: t.label,
        path: t.path,
        rps: r.requests.total / DURATION_S,
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        bytes: r.requests.total ? r.throughput.total / r.requests.total : 0,
        errors: r.errors,
        timeouts: r.timeouts,
        non2xx: r.non2xx,
      });
      console.log(`${t.label}: ${Math.round(r.requests.total / DURATION_S)} req/s`);
    }

    console.log(`\nload: ${CONNECTIONS} connections, ${DURATION_S} s per target after ${WARMUP_S} s warm-up, one target at a time`);
    console.table(
      measured.map((m) => ({
        target: m.label,
        path: m.path.replace(id, '{id}'),
        'req/s': Math.round(m.rps),
        'p50 ms': m.p50,
        'p99 ms': m.p99,
        'max ms': m.max,
        'KiB/resp': Number((m.bytes / 1024).toFixed(1)),
        errors: m.errors,
        'non-2xx': m.non2xx,
      })),
    );
    const by = (label: string) => measured.find((m) => m.label === label)!;
    let below = false;
    const nocache = { listing: { ratio: 0, p99: 0 }, marketplace: { ratio: 0, p99: 0 } };
    for (const page of ['listing', 'marketplace'] as const) {
      const ratio = by(`${page} HTML`).rps / by(`${page} JSON`).rps;
      below ||= ratio < TARGET_RATIO;
      console.log(`${page}: HTML/JSON requests/s ratio ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'OK' : 'BELOW TARGET'}`);
      const uncached = by(`${page} HTML, no render cache`);
      const raw = uncached.rps / by(`${page} JSON`).rps;
      nocache[page] = { ratio: raw, p99: uncached.p99 };
      const ok = raw >= NOCACHE_TARGETS[page] && uncached.p99 <= NOCACHE_P99_MS;
      below ||= !ok;
      console.log(
        `${page}: without the render cache (every request renders) ${raw.toFixed(2)} (target >= ${NOCACHE_TARGETS[page]}), p99 ${Math.round(uncached.p99)} ms (target <= ${NOCACHE_P99_MS}) ${ok ? 'OK' : 'BELOW TARGET'}`,
      );
    }
    const health = by('health').rps;
    console.log(`cost relative to health (its req/s ÷ the target's): ${measured.map((m) => `${m.label} ${(health / m.rps).toFixed(1)}×`).join(', ')}`);
    const failed = reportFailures(measured.map((m) => ({ label: m.label, errors: m.errors, timeouts: m.timeouts, non2xx: m.non2xx })));
    summary =
      `summary: listing_nocache=${nocache.listing.ratio.toFixed(2)} marketplace_nocache=${nocache.marketplace.ratio.toFixed(2)} ` +
      `listing_p99_ms=${Math.round(nocache.listing.p99)} marketplace_p99_ms=${Math.round(nocache.marketplace.p99)}`;
    return failed || (below && args.flags.has('check')) ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

runMain(async () => {
  const code = await main();
  if (summary) console.log(summary);
  return code;
});
