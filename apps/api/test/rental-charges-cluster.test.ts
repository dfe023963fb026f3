// Each rental-week is charged once with several instances, races and restarts (issue #32, decision 0015).
// Always on PostgreSQL (its own database on the server of DATABASE_URL, else 127.0.0.1:5432), whatever
// the suite's database: three "instances" are three connection pools of their own, each with its own
// runner and its own gateway object (the sandbox, which keeps its charges in the shared database as
// Stripe keeps its payment intents), racing the same due day. What separates instances of the app for
// this job is exactly that: separate connections and separate process state; the coordination is all in
// PostgreSQL (SKIP LOCKED claims, claim tokens, the unique row per rental-week, the gateway key). One
// runner is killed mid-charge (its state dropped after the gateway charged, before it recorded), and a
// runner started afterwards takes its rows over once their lease ran out.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@medallion/db/client';
import { createMailer } from '../src/integrations/mail/mailer';
import type { PaymentGateway } from '../src/integrations/payments/gateway';
import { createSandboxGateway } from '../src/integrations/payments/sandbox-gateway';
import { newYorkDate, runRentRound, type ClaimedCharge } from '../src/modules/rental-payments/charge-due-rent';
import { seedActiveRentals } from '../../../test-support/rental-seed';
import { pgAdmin, SILENT_LOGGER } from '../../../test-support/pg-admin';

const ADMIN_URL = (() => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
})();
const LEASE_MS = 10 * 60_000;
const RENTALS = 60;

const admin = (text: string) => pgAdmin(ADMIN_URL, text);

describe('weekly rent on PostgreSQL with 3 instances, races and a killed runner', async () => {
  const name = `medallion_rent_cluster_${randomBytes(4).toString('hex')}`;
  await admin(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  const open = async () => {
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
    handles.push(handle);
    return handle;
  };
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close().catch(() => undefined)));
    await admin(`drop database if exists "${name}" with (force)`);
  });
  const setup = await open();
  await setup.migrate();

  // Half the rentals started 14 days ago (weeks 1 and 2 due: a server that missed a week catches up),
  // half 7 days ago (week 1 due).
  const today = new Date();
  const daysAgo = (d: number) => newYorkDate(new Date(today.getTime() - d * 24 * 3600_000));
  await seedActiveRentals(setup.db, { tag: 'a', rentals: RENTALS / 2, drivers: 10, startDate: daysAgo(14), weeks: 8 });
  await seedActiveRentals(setup.db, { tag: 'b', rentals: RENTALS / 2, drivers: 10, startDate: daysAgo(7), weeks: 8 });
  const expectedWeeks = (RENTALS / 2) * 2 + RENTALS / 2;

  /** Every gateway charge call of every instance, by idempotency key. */
  const chargeCalls = new Map<string, number>();
  function instance(handle: DatabaseHandle): { gateway: PaymentGateway; services: { mailer: ReturnType<typeof createMailer>; publicUrl: string } } {
    const sandbox = createSandboxGateway(handle.db);
    const gateway: PaymentGateway = {
      ...sandbox,
      async charge(request) {
        chargeCalls.set(request.idempotencyKey, (chargeCalls.get(request.idempotencyKey) ?? 0) + 1);
        return sandbox.charge(request);
      },
    };
    const mailer = createMailer({
      db: handle.db,
      logger: SILENT_LOGGER as never,
      from: 'Medallion <no-reply@example.com>',
      retryBaseMs: 1000,
      retryMaxMs: 60_000,
      pollMs: 60_000,
    });
    return { gateway, services: { mailer, publicUrl: 'http://localhost:3000' } };
  }

  it('charges each due rental-week exactly once', async () => {
    const [a, b, c] = [await open(), await open(), await open()];
    const now = new Date();
    // Instance A is killed after its 5th charge reached the gateway, before it recorded the outcome.
    const kill = new AbortController();
    let aCharged = 0;
    const stranded: ClaimedCharge[] = [];
    const runner = (handle: DatabaseHandle, extra: Partial<Parameters<typeof runRentRound>[3]> = {}) => {
      const { gateway, services } = instance(handle);
      return runRentRound(handle.db, gateway, services, { now, leaseMs: LEASE_MS, batchSize: 8, concurrency: 3, ...extra });
    };
    const results = await Promise.all([
      runner(a, {
        signal: kill.signal,
        afterCharge: (row) => {
          if (++aCharged === 5) kill.abort();
          if (kill.signal.aborted) stranded.push(row);
        },
      }),
      runner(b),
      runner(c),
      // A second round of B at the same moment (an interval that fired while one was running elsewhere).
      runner(b),
    ]);
    await a.close();
    expect(kill.signal.aborted).toBe(true);
    expect(stranded.length).toBeGreaterThanOrEqual(1);
    // Charged at the gateway by A, never recorded: at least the rows A charged after the kill.

    const rows = async (db = setup.db) =>
      (
        (await db.execute(sql`select rental_id, week, status, charge_key, claim_token from rental_charges where kind = 'week' and week > 0`)) as unknown as {
          rows: Array<{ rental_id: string; week: number; status: string; charge_key: string }>;
        }
      ).rows;
    const afterRace = await rows();
    expect(afterRace).toHaveLength(expectedWeeks);
    // The killed runner's rows stay claimed until its lease runs out: a runner restarted now leaves them alone.
    const left = afterRace.filter((r) => r.status === 'processing').length;
    expect(left).toBeGreaterThanOrEqual(stranded.length);
    const d = await open();
    await runner(d);
    expect((await rows()).filter((r) => r.status === 'processing').length).toBe(left);

    // After the lease, the restarted instance resolves them by asking the gateway, never by charging again.
    const later = new Date(now.getTime() + LEASE_MS + 1000);
    const { gateway, services } = instance(d);
    const recovery = await runRentRound(d.db, gateway, services, { now: later, leaseMs: LEASE_MS });
    expect(recovery.recovered).toBe(left);

    const final = await rows();
    expect(final).toHaveLength(expectedWeeks);
    expect(final.every((r) => r.status === 'succeeded')).toBe(true);
    // One row per rental-week, one gateway call per key, one charge at the gateway per rental-week.
    expect(new Set(final.map((r) => `${r.rental_id}:${r.week}`)).size).toBe(expectedWeeks);
    for (const r of final) {
      expect(r.charge_key).toBe(`rental:${r.rental_id}:week:${r.week}`);
      expect(chargeCalls.get(r.charge_key)).toBe(1);
    }
    const sandbox = (
      (await setup.db.execute(
        sql`select idempotency_key, count(*)::int as n from sandbox_charges where idempotency_key like 'rental:%' group by 1`,
      )) as unknown as { rows: Array<{ idempotency_key: string; n: number }> }
    ).rows;
    expect(sandbox).toHaveLength(expectedWeeks);
    expect(sandbox.every((s) => s.n === 1)).toBe(true);
    // Each instance did part of the work (the race was real).
    expect(results.filter((r) => r.charged > 0).length).toBeGreaterThanOrEqual(2);
  });
});
