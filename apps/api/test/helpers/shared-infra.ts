import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@medallion/db/client';

/**
 * Real Redis and PostgreSQL for tests of several server instances. CI has both on this machine;
 * a test that needs one skips, saying why, only when it cannot be reached.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The PostgreSQL server: the one of the run's DATABASE_URL, else the machine's (user postgres, trust). */
const POSTGRES_SERVER = (() => {
  const template = inject('databaseTemplate');
  return template.kind === 'postgres' ? template.url : (process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
})();

export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function adminUrl(): string {
  const u = new URL(POSTGRES_SERVER);
  u.pathname = '/postgres';
  return u.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PostgreSQL database of this test file (dropped by drop()), and handles on it: each
 * `open()` is a pool of its own, as each server process has.
 */
export async function createSharedPostgres(label: string) {
  const name = `medallion_${label}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_SERVER);
  url.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  return {
    url: url.toString(),
    async open(): Promise<DatabaseHandle> {
      const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
      handles.push(handle);
      return handle;
    },
    async drop(): Promise<void> {
      await Promise.all(handles.map((h) => h.close().catch(() => undefined)));
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** A key prefix of this test run alone, and the removal of its keys. */
export function testRedisPrefix(label: string): string {
  return `medallion-test:${label}:${Date.now()}:${randomBytes(4).toString('hex')}:`;
}

export async function deleteRedisKeys(prefix: string, url = TEST_REDIS_URL): Promise<number> {
  const client = new Redis(url);
  try {
    let removed = 0;
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) removed += await client.del(...keys);
    } while (cursor !== '0');
    return removed;
  } finally {
    client.disconnect();
  }
}

/** The keys under a prefix (for assertions on what the app wrote). */
export async function listRedisKeys(prefix: string, url = TEST_REDIS_URL): Promise<string[]> {
  const client = new Redis(url);
  try {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      found.push(...keys);
    } while (cursor !== '0');
    return found;
  } finally {
    client.disconnect();
  }
}
