import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
}

/**
 * The real app on a fresh database, closed after the file's tests (like fastify/demo's build(t)).
 * env entries override the test defaults; SMTP_URL is unset unless given.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { serveWeb?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // Files the app writes (listing photos under DATA_DIR/media) go to a folder of this test file.
  const dataDir = mkdtempSync(join(tmpdir(), 'medallion-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    MAIL_POLL_MS: '60000',
    ...env,
  });
  const app = await buildApp({ config, database, serveWeb: options.serveWeb ?? false, logStream: options.logStream });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, config };
}
