import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite, openDatabase } from '@medallion/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated data-dir dump. PostgreSQL: name of a migrated template database. */
    databaseTemplate: { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; url: string; template: string };
  }
}

/**
 * Migrates one template database per run. With DATABASE_URL set, the run uses that PostgreSQL
 * server: the database named in the URL is created fresh and migrated, and every test file
 * copies it (CREATE DATABASE … TEMPLATE). Without it, a migrated PGlite dump is written once and
 * every test file loads its own in-memory copy.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = new URL(url).pathname.slice(1) || 'medallion_test';
    const admin = adminUrl(url);
    await withClient(admin, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${template}"`);
    });
    const handle = await openDatabase({ kind: 'postgres', url, poolMax: 1 });
    await handle.migrate();
    await handle.close();
    project.provide('databaseTemplate', { kind: 'postgres', url, template });
    return async () => {
      await withClient(admin, async (client) => {
        const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [
          template,
          `${template}_f%`,
        ]);
        for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
      });
    };
  }

  const dir = mkdtempSync(join(tmpdir(), 'medallion-test-'));
  const dumpPath = join(dir, 'template.tar');
  const dump = await dumpMigratedPglite();
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', dumpPath });
  return () => rmSync(dir, { recursive: true, force: true });
}

export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

async function withClient(url: string, fn: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
