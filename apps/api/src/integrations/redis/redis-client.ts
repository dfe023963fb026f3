import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The one Redis connection of a server process (when REDIS_URL is set): rate-limit counters,
 * better-auth's secondary storage (sessions) and shared caches all go through it. Every key starts
 * with `prefix` (REDIS_KEY_PREFIX), so several apps or test runs can share one Redis.
 */
export interface SharedRedis {
  readonly client: Redis;
  readonly prefix: string;
  /** prefix + the parts joined by ':' (e.g. key('cache', 'exam-bank') = 'medallion:cache:exam-bank'). */
  key(...parts: string[]): string;
  close(): Promise<void>;
}

export interface ConnectRedisOptions {
  url: string;
  prefix: string;
  logger: FastifyBaseLogger;
  /** How long the first connection may take before the start fails (default 5 s). */
  connectTimeoutMs?: number;
}

/** The URL without its password, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * Connects and checks the connection once (PING): a server that cannot reach its Redis refuses to
 * start, with the reason, rather than serving with per-process limits. Later, while Redis is away,
 * ioredis reconnects in the background and commands fail at once instead of queueing (requests do
 * not hang): rate limits then let requests through (plugins/security.ts) and sessions are read from
 * the database (auth-storage.ts).
 */
export async function connectRedis({ url, prefix, logger, connectTimeoutMs = 5000 }: ConnectRedisOptions): Promise<SharedRedis> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: connectTimeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Reconnect quickly, then every 2 s at most.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  // Without a listener ioredis prints every connection error; log them, at most once per 10 s.
  let lastLogged = 0;
  let lastError: Error | undefined;
  client.on('error', (error: Error) => {
    lastError = error;
    const now = Date.now();
    if (now - lastLogged < 10_000) return;
    lastLogged = now;
    logger.error({ err: { message: error.message }, redis: redactRedisUrl(url) }, 'Redis connection error');
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const reason = (lastError ?? (error as Error)).message;
    throw new Error(`Redis at ${redactRedisUrl(url)} (REDIS_URL) cannot be reached: ${reason}`, { cause: error });
  }
  let closed = false;
  return {
    client,
    prefix,
    key: (...parts) => prefix + parts.join(':'),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
