import { pino } from 'pino';
import { openDatabase } from '@medallion/db/client';
import { buildApp } from './app';
import { ConfigError, assertStaffPasswordNotCommon, loadConfig } from './config';
import { migrateDatabase, seedDatabase } from './prepare-database';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    await assertStaffPasswordNotCommon(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: config.DATA_DIR });
  // Under PostgreSQL advisory locks: instances starting together migrate and seed once. The app's
  // logger does not exist yet: the start's own says what it does (at LOG_LEVEL, as the app's).
  await migrateDatabase(database, pino({ level: config.LOG_LEVEL }));
  const app = await buildApp({ config, database });
  // Product content (the exam's question bank) on every database, demo data, the staff account.
  await seedDatabase(app);

  // Graceful shutdown (SIGTERM from the orchestrator, Ctrl-C): readiness turns 503 at once, the
  // server stops accepting connections and finishes the requests in flight, background work (mail
  // outbox, payment recovery, metrics port) stops after its current pass, then the database pool
  // closes. SHUTDOWN_TIMEOUT_MS bounds it all; a second signal exits at once.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.lifecycle.beginDrain();
    app.log.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down: draining requests and background work');
    const started = performance.now();
    const hardStop = setTimeout(() => {
      app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out: exiting with work still in flight');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    let code = 0;
    try {
      await app.close();
    } catch (error) {
      code = 1;
      app.log.error({ err: error }, 'closing the app failed');
    }
    try {
      await database.close();
    } catch (error) {
      code = 1;
      app.log.error({ err: error }, 'closing the database failed');
    }
    clearTimeout(hardStop);
    app.log.info({ ms: Math.round(performance.now() - started) }, 'shut down');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.vinDecoder.warm();
  const url = `http://localhost:${config.PORT}`;
  app.log.info({ url, database: database.kind, mail: app.mailer.mode }, `Medallion is ready at ${url}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
