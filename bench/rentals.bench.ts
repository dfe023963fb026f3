// One due day of weekly rent on PostgreSQL (issue #32, decision 0015): a throwaway database with
// BENCH_RENTALS (10,000) active rentals whose week 1 falls due today (bulk-inserted, set-based:
// test-support/rental-seed.ts), then the real job code (runRentRound: the sweep, SKIP LOCKED claims,
// the off-session charge with the sandbox gateway, the outcome, the owner's payout row and the driver's
// receipt in the outbox) run by BENCH_RUNNERS (3) runners at once, each with its own connection pool, as
// several app instances would. Afterwards the database is asked what happened:
//   charges     rental-weeks charged (rows succeeded)
//   duplicates  gateway charges beyond one per rental-week (sandbox_charges, every attempt's key of a
//               week counted together) plus rows beyond one per rental-week
//   missed      rental-weeks due by today (computed from the rentals alone) without a succeeded charge
// It ends with exactly one line:
//   summary: rentals=N due_run_s=S charges=C duplicates=D missed=M
//
//   npm run bench:rentals
// Environment: BENCH_RENTALS=10000, BENCH_DRIVERS=1000, BENCH_RUNNERS=3, BENCH_CONCURRENCY=8 (charges in
// flight per runner), BENCH_POOL=6 (connections per runner), BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres,
// BENCH_KEEP_DB=1 keeps the database.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@medallion/db/client';
import { createMailer } from '../apps/api/src/integrations/mail/mailer';
import { createSandboxGateway } from '../apps/api/src/integrations/payments/sandbox-gateway';
import { newYorkDate, runRentRound, sweepDueWeeks } from '../apps/api/src/modules/rental-payments/charge-due-rent';
import { seedActiveRentals } from '../test-support/rental-seed';
import { cleanUpOnSignal, runMain } from './lib/run';
import { pgAdmin, SILENT_LOGGER } from '../test-support/pg-admin';

const RENTALS = Number(process.env.BENCH_RENTALS ?? 10_000);
const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 1000);
const RUNNERS = Number(process.env.BENCH_RUNNERS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const POOL = Number(process.env.BENCH_POOL ?? 6);
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LEASE_MS = 10 * 60_000;

const admin = (text: string) => pgAdmin(PG_ADMIN, text);

async function count(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await handle.db.execute(query)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0);
}

async function main(): Promise<number> {
  const name = `medallion_bench_rentals_${randomBytes(4).toString('hex')}`;
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  const cleanUp = async () => {
    await Promise.all(handles.map((h) => h.close().catch(() => undefined)));
    if (!process.env.BENCH_KEEP_DB) await admin(`drop database if exists "${name}" with (force)`).catch(() => undefined);
  };
  cleanUpOnSignal(cleanUp);
  await admin(`create database "${name}"`);
  try {
    const setup = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
    handles.push(setup);
    await setup.migrate();

    const now = new Date();
    const startDate = newYorkDate(new Date(now.getTime() - 7 * 24 * 3600_000));
    const seedStart = performance.now();
    await seedActiveRentals(setup.db, { tag: 'bench', rentals: RENTALS, drivers: DRIVERS, startDate, weeks: 8 });
    await setup.db.execute(sql`analyze`);
    console.log(`seeded ${RENTALS} active rentals (week 1 due ${newYorkDate(now)}) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const runners = await Promise.all(
      Array.from({ length: RUNNERS }, async () => {
        const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: POOL });
        handles.push(handle);
        const mailer = createMailer({
          db: handle.db,
          logger: SILENT_LOGGER as never,
          from: 'Medallion <no-reply@example.com>',
          retryBaseMs: 1000,
          retryMaxMs: 60_000,
          pollMs: 600_000,
        });
        return { handle, gateway: createSandboxGateway(handle.db), mailer };
      }),
    );
    const runStart = performance.now();
    // The round's first step, timed apart (each runner's round sweeps too and then finds the rows written).
    await sweepDueWeeks(runners[0]!.handle.db, now);
    const sweepS = (performance.now() - runStart) / 1000;
    const results = await Promise.all(
      runners.map((r) =>
        runRentRound(
          r.handle.db,
          r.gateway,
          { mailer: r.mailer, publicUrl: 'http://localhost:3000' },
          { now, leaseMs: LEASE_MS, batchSize: 200, concurrency: CONCURRENCY },
        ),
      ),
    );
    const dueRunS = (performance.now() - runStart) / 1000;
    console.log(`sweep ${sweepS.toFixed(1)} s; runners: ${results.map((r, i) => `#${i + 1} charged ${r.charged}`).join(', ')}`);

    const charges = await count(setup, sql`select count(*) as n from rental_charges where kind = 'week' and week > 0 and status = 'succeeded'`);
    const gatewayDuplicates = await count(
      setup,
      sql`select coalesce(sum(n - 1), 0) as n from (
            select split_part(split_part(idempotency_key, ':retry:', 1), ':session:', 1) as week_key, count(*) filter (where status = 'succeeded') as n
            from sandbox_charges where idempotency_key like 'rental:%' group by 1) k where n > 1`,
    );
    const rowDuplicates = await count(setup, sql`select count(*) - count(distinct (rental_id, week)) as n from rental_charges where kind = 'week'`);
    const today = newYorkDate(now);
    const missed = await count(
      setup,
      sql`select count(*) as n
          from rentals r cross join lateral generate_series(1, least(r.weeks - 1, (${today}::date - r.start_date) / 7)) as w(week)
          where r.status in ('active', 'payment_failed')
            and not exists (select 1 from rental_charges c where c.rental_id = r.id and c.kind = 'week' and c.week = w.week and c.status = 'succeeded')`,
    );
    console.log(
      `summary: rentals=${RENTALS} due_run_s=${dueRunS.toFixed(1)} charges=${charges} duplicates=${gatewayDuplicates + rowDuplicates} missed=${missed}`,
    );
    return 0;
  } finally {
    await cleanUp();
  }
}

runMain(main);
