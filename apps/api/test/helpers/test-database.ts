import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@medallion/db/client';

/** A fresh, migrated database for one test file: PGlite in memory, or a copy on the PostgreSQL server. */
export async function createTestDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const dump = new Blob([readFileSync(template.dumpPath)]);
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: dump });
    return { ...handle, dispose: () => handle.close() };
  }

  const name = `${template.template}_f${randomBytes(4).toString('hex')}`;
  const admin = new URL(template.url);
  admin.pathname = '/postgres';
  await withAdmin(admin.toString(), (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`));
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      await withAdmin(admin.toString(), (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withAdmin(url: string, fn: (client: pg.Client) => Promise<unknown>) {
  // Copies of one template cannot start while another copy is being made: retry briefly.
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await fn(client);
      return;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    } finally {
      await client.end();
    }
  }
}
