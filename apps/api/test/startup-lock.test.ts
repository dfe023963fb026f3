import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '@medallion/db/client';
import { examQuestions, orders, products, promoCodes, seedHistory, user } from '@medallion/db/schema';
import { DEMO_ORDERS, DEMO_PRODUCTS } from '@medallion/demo';
import { DEMO_ACCOUNTS } from '../../../test-support/demo-accounts';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateDatabase, seedDatabase } from '../src/prepare-database';
import { createSharedPostgres, postgresReachable } from './helpers/shared-infra';
import { examBank } from './helpers/exam-bank';

/*
 * Three instances start at the same moment on one empty PostgreSQL database, each as server.ts
 * starts (its own pool, migrate, build the app, seed): the advisory locks make them migrate and seed
 * once, one after the other, and none fails.
 */
const postgresUp = await postgresReachable();
if (!postgresUp) console.warn('startup-lock test skipped: PostgreSQL at 127.0.0.1:5432 cannot be reached (set TEST_POSTGRES_URL)');

describe.skipIf(!postgresUp)('instances starting together on an empty database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'medallion-startup-'));
  let postgres: Awaited<ReturnType<typeof createSharedPostgres>> | undefined;
  const apps: FastifyInstance[] = [];
  const errors: string[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates and seeds once, without errors', async () => {
    postgres = await createSharedPostgres('startup');
    const start = async (i: number) => {
      const database = await postgres!.open();
      await migrateDatabase(database);
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, MAIL_POLL_MS: '600000', SEED_DEMO_DATA: 'true' });
      const app = await buildApp({
        config,
        database,
        serveWeb: false,
        logStream: { write: (line) => void (JSON.parse(line).level >= 50 && errors.push(`instance ${i}: ${line}`)) },
      });
      apps.push(app);
      await seedDatabase(app);
      await app.ready();
      return app;
    };
    await Promise.all([start(1), start(2), start(3)]);
    expect(errors).toEqual([]);

    const db = apps[0]!.db;
    const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const migrations = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: Array<{ n: number }> };
    expect(migrations.rows[0]?.n).toBe(journal.entries.length);

    expect((await db.select({ n: count() }).from(examQuestions))[0]?.n).toBe(examBank.questions.length);
    expect((await db.select({ n: count() }).from(products))[0]?.n).toBe(DEMO_PRODUCTS.length);
    expect((await db.select({ n: count() }).from(orders))[0]?.n).toBe(DEMO_ORDERS.length);
    expect((await db.select({ n: count() }).from(promoCodes))[0]?.n).toBe(1);
    const names = (await db.select({ name: seedHistory.name }).from(seedHistory)).map((r) => r.name);
    expect(names).toContain('exam-questions-v1');
    expect(names).toContain('exam-bank-revision-2');
    expect(names).toContain('0001-demo-accounts');
    const emails = (await db.select({ email: user.email }).from(user)).map((r) => r.email);
    for (const account of Object.values(DEMO_ACCOUNTS)) expect(emails.filter((e) => e === account.email)).toHaveLength(1);
    // The demo seed draws its photos (sharp): about 15 s alone, much longer beside the whole suite on 2 cores.
  }, 300_000);
});
