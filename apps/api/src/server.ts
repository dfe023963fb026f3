import { openDatabase } from '@medallion/db/client';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateDatabase, seedDatabase } from './prepare-database';

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
  // Under PostgreSQL advisory locks: instances starting together migrate and seed once.
  await migrateDatabase(database);
  const app = await buildApp({ config, database });
  // Product content (the exam's question bank) on every database, demo data, the staff account.
  await seedDatabase(app);

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
