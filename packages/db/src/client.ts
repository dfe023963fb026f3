import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every module uses, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction(async (tx) => …)` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Whatever runs queries: the database itself or an open transaction. Services that may run inside a caller's transaction take this. */
export type DbExecutor = Database | Transaction;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies drizzle-kit migrations that have not run yet. */
  migrate(): Promise<void>;
  /**
   * Runs fn while holding a PostgreSQL advisory lock named `name`, so that server instances starting
   * together on one database migrate and seed one after the other. The lock is held on a connection
   * of its own (fn uses the pool as usual) and goes with it if the process dies. PGlite is one
   * process's own database: fn simply runs.
   */
  withStartupLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** Cheap round trip used by the health check. */
  ping(): Promise<void>;
  /** Connection pool figures for metrics (PostgreSQL only: PGlite has one in-process connection). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open (idle or in use). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolMax?: number }
  /** dataDir undefined = in memory; loadDataDir = a dump to start from (fast test databases). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** The extensions the migrations create (btree_gist: the rentals' exclusion constraint, migration 0024). */
const PGLITE_EXTENSIONS = { btree_gist };

/** Folder of the generated SQL migrations, found through the package so it works bundled too. */
export function migrationsFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@medallion/db/package.json')), 'migrations');
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const max = options.poolMax ?? 10;
    const pool = new pg.Pool({ connectionString: options.url, max });
    let closing = false;
    // An idle connection the server drops (restart, admin termination) must not crash the process;
    // the pool replaces it on the next query. While closing, the server ending it is expected.
    pool.on('error', (error: Error & { code?: string }) => {
      if (closing && error.code === '57P01') return;
      console.warn(`database connection error: ${error.message}`);
    });
    const db = drizzleNodePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder: migrationsFolder() }),
      withStartupLock: async (name, fn) => {
        const client = new pg.Client({ connectionString: options.url });
        // A connection that breaks while fn runs ends the lock with it; fn's own work decides the outcome.
        client.on('error', () => undefined);
        await client.connect();
        try {
          await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
          return await fn();
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }

  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir,
    loadDataDir: options.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
  });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    withStartupLock: (_name, fn) => fn(),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** A migrated in-memory PGlite, dumped: load it with openDatabase({kind:'pglite', loadDataDir}). */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}
