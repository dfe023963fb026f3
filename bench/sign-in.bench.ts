// Cost of a sign-in request (POST /api/auth/sign-in through the real app) on PGlite and, when the
// machine's PostgreSQL answers, on PostgreSQL. Prints median and p95 in ms, and the ratio to a
// GET /api/health on the same database (a number that means something on any machine).
//   npm run bench            BENCH_RUNS=100 npm run bench
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createConfirmedUser } from '../apps/api/test/helpers/auth';
import { openDatabase, type DatabaseHandle } from '@medallion/db/client';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

async function measure(database: DatabaseHandle, label: string) {
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '100000', MAIL_POLL_MS: '600000' });
  const app = await buildApp({ config, database, serveWeb: false });
  await app.ready();
  try {
    await createConfirmedUser(app, 'bench@example.com', 'Bench2024');
    const time = async (fn: () => Promise<unknown>) => {
      const out: number[] = [];
      for (let i = 0; i < 5; i++) await fn(); // warm up
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await fn();
        out.push(performance.now() - start);
      }
      return stats(out);
    };
    const signIn = await time(async () => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'bench@example.com', password: 'Bench2024' } });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    });
    const health = await time(() => app.inject({ method: 'GET', url: '/api/health' }));
    console.log(
      `${label.padEnd(10)} sign-in median ${signIn.median.toFixed(1)} ms, p95 ${signIn.p95.toFixed(1)} ms | ` +
        `health median ${health.median.toFixed(2)} ms | sign-in/health ${(signIn.median / health.median).toFixed(0)}x (${RUNS} runs)`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

await measure(await openDatabase({ kind: 'pglite' }), 'PGlite');

const name = `medallion_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_ADMIN });
try {
  await admin.connect();
} catch {
  console.log(`PostgreSQL  not reachable at ${PG_ADMIN}; skipped`);
  process.exit(0);
}
await admin.query(`CREATE DATABASE "${name}"`);
try {
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  await measure(await openDatabase({ kind: 'postgres', url: url.toString() }), 'PostgreSQL');
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
