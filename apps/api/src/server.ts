import { openDatabase } from '@medallion/db/client';
import { runSeed, seedSteps } from '@medallion/db/seed';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { demoAccountsSeedStep, ensureAccount } from './modules/auth/seed-accounts';
import { demoListingsSeedStep } from './modules/listings/seed-listings';
import { demoListingFeesSeedStep } from './modules/payments/seed-listing-fees';
import { examQuestionsSeedStep } from './modules/exam/seed-exam-questions';
import { demoOrdersSeedStep } from './modules/shop/seed-orders';
import { demoProductPhotosSeedStep, demoProductsSeedStep } from './modules/shop/seed-products';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  await database.migrate();
  const app = await buildApp({ config, database });
  // Product content (the exam's question bank) is loaded on every database, demo data or not.
  await runSeed(database.db, [examQuestionsSeedStep]);
  if (config.SEED_DEMO_DATA) {
    const seeded = await runSeed(database.db, [
      ...seedSteps,
      demoAccountsSeedStep,
      demoListingsSeedStep({ storage: app.storage }),
      demoListingFeesSeedStep,
      demoProductsSeedStep,
      demoProductPhotosSeedStep({ storage: app.storage }),
      demoOrdersSeedStep({ shippingCents: config.SHOP_SHIPPING_CENTS }),
    ]);
    app.log.info(seeded, 'seed steps checked');
  }
  if (config.STAFF_EMAIL && config.STAFF_PASSWORD) {
    await ensureAccount(database.db, { email: config.STAFF_EMAIL, password: config.STAFF_PASSWORD, name: 'Medallion Staff', role: 'staff' });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.vinDecoder.warm();
  app.log.info(
    { url: `http://localhost:${config.PORT}`, database: database.kind, mail: app.mailer.mode },
    'Medallion is ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
