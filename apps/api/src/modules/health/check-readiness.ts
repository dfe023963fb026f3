import type { FastifyBaseLogger } from 'fastify';
import type { ReadinessCheck, ReadyResponse } from '@medallion/contracts/health';
import type { DatabaseHandle } from '@medallion/db/client';
import type { SharedRedis } from '../../integrations/redis/redis-client';
import type { Storage } from '../../integrations/storage/storage';

/** How long each dependency may take to answer before it counts as down. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

export interface ReadinessDeps {
  database: DatabaseHandle;
  storage: Storage;
  /**
   * The app's own Redis connection (when REDIS_URL is set): readiness PINGs through it, so it reports
   * whether the connection every request uses answers now (while it is away, commands fail at once).
   */
  redis?: SharedRedis;
  /** The app is shutting down: not ready, whatever the checks say. */
  draining: boolean;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}

async function timed(name: string, kind: string, run: () => Promise<unknown>, timeoutMs: number, log: FastifyBaseLogger): Promise<ReadinessCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'up', kind, latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    // Only the message: a driver's error may carry a connection string.
    const message = ((error as Error)?.message ?? String(error)).replace(/\w+:\/\/\S+/g, '<url>').slice(0, 120);
    log.warn({ check: name, error: message }, 'readiness check failed');
    return { status: 'down', kind, latency_ms: Math.round(performance.now() - started), error: message };
  } finally {
    clearTimeout(timer);
  }
}

/** Database round trip, Redis PING (when configured), storage writable/bucket reachable; in parallel. */
export async function checkReadiness(deps: ReadinessDeps): Promise<ReadyResponse> {
  const timeoutMs = deps.timeoutMs ?? READINESS_CHECK_TIMEOUT_MS;
  const [database, redis, storage] = await Promise.all([
    timed('database', deps.database.kind, () => deps.database.ping(), timeoutMs, deps.log),
    deps.redis
      ? timed('redis', 'redis', () => deps.redis!.client.ping(), timeoutMs, deps.log)
      : Promise.resolve<ReadinessCheck>({ status: 'skipped', kind: 'redis' }),
    timed('storage', deps.storage.kind, () => deps.storage.check(), timeoutMs, deps.log),
  ]);
  const up = [database, redis, storage].every((c) => c.status !== 'down');
  return {
    status: up && !deps.draining ? 'ready' : 'not_ready',
    draining: deps.draining,
    checks: { database, redis, storage },
  };
}
