// Scaling through nginx: the built app ×3 behind nginx (scripts/lib/cluster.mjs, as `npm run cluster`)
// on a fresh PostgreSQL database with the demo data, Redis and s3rver, on free ports. In one run, with
// nginx sending to 1, then 2, then 3 instances: the listing search (GET /api/listing-all, the
// marketplace's first request) and the HTML of /listing/{id}, loaded by autocannon in this process.
// Prints requests/s, p50/p99, the scaling ratios against one instance, then a fault run: the search
// under load on 3 instances while one is killed (SIGKILL) mid-run, and how many requests failed.
//   npm run bench:cluster        npm run bench:cluster -- --no-build
//   BENCH_DURATION=10 BENCH_WARMUP=2 BENCH_CONNECTIONS=50 BENCH_PG_URL=postgres://…/postgres BENCH_REDIS_URL=redis://…
// On a 2-core machine the load generator, nginx and the instances share the cores: the ratios say how
// much the extra processes bring there, not what separate machines would.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { MARKETPLACE_PAGE_SIZE } from '@medallion/contracts/listing-filters';
import { dropDatabase, ensureDatabase, findNginx, NGINX_MISSING, redisAnswers, startCluster, type Cluster } from '../scripts/lib/cluster.mjs';
import { buildProduct, findActiveListingId, freePort, parseArgs, warmVinCache } from './lib/built-server';
import { cleanUpOnSignal, runMain } from './lib/run';

const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

interface Row {
  target: string;
  instances: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, accept: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { accept } });
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), { flags: ['no-build'], values: [] });
  if (!findNginx()) {
    console.error(NGINX_MISSING);
    return 1;
  }
  if (!(await redisAnswers(REDIS_URL))) {
    console.error(`Redis does not answer at ${REDIS_URL} (set BENCH_REDIS_URL)`);
    return 1;
  }
  buildProduct(args.flags.has('no-build'));
  await warmVinCache();

  const name = `medallion_bench_cluster_${randomBytes(4).toString('hex')}`;
  const dbUrl = new URL(PG_ADMIN);
  dbUrl.pathname = `/${name}`;
  await ensureDatabase(dbUrl.toString());
  let cluster: Cluster | undefined;
  const cleanUp = async () => {
    await cluster?.stop();
    await dropDatabase(dbUrl.toString());
  };
  cleanUpOnSignal(cleanUp);

  try {
    const port = await freePort();
    const ports: number[] = [];
    while (ports.length < 3) {
      const p = await freePort();
      if (p !== port && !ports.includes(p)) ports.push(p);
    }
    cluster = await startCluster({
      instances: 3,
      port,
      ports,
      databaseUrl: dbUrl.toString(),
      redisUrl: REDIS_URL,
      redisKeyPrefix: `medallion-bench-${name}:`,
      storage: 's3',
      logs: 'files',
      accessLog: false,
      nginxWorkers: 1,
      removeWorkDir: true,
      env: { LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'true' },
    });
    const id = await findActiveListingId(cluster.url);
    const targets = [
      { label: 'listing search JSON', path: `/api/listing-all?page=1&page_size=${MARKETPLACE_PAGE_SIZE}`, accept: 'application/json' },
      { label: 'listing page HTML', path: `/listing/${id}`, accept: HTML },
    ];
    const rows: Row[] = [];
    for (const count of [1, 2, 3]) {
      const ids = cluster.instances.slice(0, count).map((i) => i.id);
      await cluster.useInstances(ids);
      for (const t of targets) {
        if (WARMUP_S > 0) await load(cluster.url + t.path, t.accept, WARMUP_S);
        const r = await load(cluster.url + t.path, t.accept, DURATION_S);
        rows.push({
          target: t.label,
          instances: count,
          rps: r.requests.total / DURATION_S,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors + r.timeouts,
          non2xx: r.non2xx,
        });
        console.log(`${t.label}, ${count} instance(s): ${Math.round(r.requests.total / DURATION_S)} req/s`);
      }
    }

    // Fault run: 3 instances, one killed a third of the way in.
    const fault = targets[0]!;
    const victim = cluster.instances[2]!;
    const running = load(cluster.url + fault.path, fault.accept, DURATION_S);
    const killAt = Date.now() + (DURATION_S * 1000) / 3;
    while (Date.now() < killAt) await new Promise((resolve) => setTimeout(resolve, 50));
    const killed = victim.stop('SIGKILL');
    const f = await running;
    await killed;

    console.log(`\nload: ${CONNECTIONS} connections, ${DURATION_S} s per run after ${WARMUP_S} s warm-up, through nginx (1 worker, no upstream keep-alive)`);
    console.table(
      rows.map((r) => {
        const one = rows.find((x) => x.target === r.target && x.instances === 1)!;
        return {
          target: r.target,
          instances: r.instances,
          'req/s': Math.round(r.rps),
          'vs 1': Number((r.rps / one.rps).toFixed(2)),
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          errors: r.errors,
          'non-2xx': r.non2xx,
        };
      }),
    );
    console.log(
      `fault run (${fault.label}, 3 instances, ${victim.id} killed with SIGKILL at ${Math.round(DURATION_S / 3)} s): ` +
        `${f.requests.total} requests, ${Math.round(f.requests.total / DURATION_S)} req/s, p99 ${f.latency.p99} ms, ` +
        `failed: ${f.errors} errors, ${f.timeouts} time-outs, ${f.non2xx} non-2xx`,
    );
    const failed = rows.some((r) => r.errors + r.non2xx > 0) || f.errors + f.timeouts + f.non2xx > 0;
    return failed ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

runMain(main);
