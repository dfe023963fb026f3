import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '@medallion/db/client';
import { runSeed, seedSteps, type SeedProgress } from '@medallion/db/seed';
import { assertStaffPasswordNotCommon } from './config';
import { ensureAccount } from './modules/auth/seed-accounts';
import { loadDemoSeedSteps } from './modules/demo/seed-demo-data';
import { examBankRevision2SeedStep, examBankRevision3SeedStep, examBankRevision4SeedStep } from './modules/exam/revise-exam-questions';
import { examQuestionsSeedStep } from './modules/exam/seed-exam-questions';

/**
 * Names of the PostgreSQL advisory locks taken at start: instances that start together on one
 * database (several behind a load balancer) migrate, then seed, one at a time. The second finds the
 * migrations applied and the seed steps recorded, and skips them.
 */
export const MIGRATE_LOCK = 'medallion:migrate';
export const SEED_LOCK = 'medallion:seed';

/** Applies pending migrations, one instance at a time; says so at info level (a fresh start takes a while). */
export async function migrateDatabase(database: DatabaseHandle, log?: FastifyBaseLogger): Promise<void> {
  log?.info('migrating the database');
  await database.withStartupLock(MIGRATE_LOCK, () => database.migrate());
}

/**
 * Product content (the exam's question bank, on every database), demo data (SEED_DEMO_DATA) and the
 * staff account from the environment, one instance at a time.
 */
export async function seedDatabase(app: FastifyInstance): Promise<void> {
  const { database, config } = app;
  await database.withStartupLock(SEED_LOCK, async () => {
    // The first step imports the JSON into an empty bank; each revision step rewrites the bank from it once.
    const contentSteps = [examQuestionsSeedStep, examBankRevision2SeedStep, examBankRevision3SeedStep, examBankRevision4SeedStep];
    // The demo package is loaded only here: with SEED_DEMO_DATA=false the server never imports it.
    const demoSteps = config.SEED_DEMO_DATA
      ? [...seedSteps, ...(await loadDemoSeedSteps({ storage: app.storage, shippingCents: config.SHOP_SHIPPING_CENTS }))]
      : [];
    // "seeding 3 of 21: demo-listings" before each step that runs (a fresh database takes a minute; a
    // seeded one says nothing), counted over both lists.
    const of = contentSteps.length + demoSteps.length;
    const progress =
      (offset: number): SeedProgress =>
      ({ n, name }) =>
        app.log.info({ step: offset + n, of, name }, `seeding ${offset + n} of ${of}: ${name}`);
    await runSeed(database.db, contentSteps, progress(0));
    if (demoSteps.length > 0) {
      const seeded = await runSeed(database.db, demoSteps, progress(contentSteps.length));
      app.log.debug(seeded, 'seed steps checked');
    }
    if (config.STAFF_EMAIL && config.STAFF_PASSWORD) {
      // server.ts refuses a common one before this; checked again for other callers.
      await assertStaffPasswordNotCommon(config);
      await ensureAccount(database.db, { email: config.STAFF_EMAIL, password: config.STAFF_PASSWORD, name: 'Medallion Staff', role: 'staff' });
    }
  });
}
