import type { FastifyBaseLogger } from 'fastify';
import type { HealthResponse } from '@medallion/contracts/health';
import type { DatabaseHandle } from '@medallion/db/client';

export async function checkHealth(database: DatabaseHandle, log: FastifyBaseLogger): Promise<HealthResponse> {
  let up = true;
  try {
    await database.ping();
  } catch (error) {
    up = false;
    log.error({ err: error }, 'database health check failed');
  }
  return {
    status: up ? 'ok' : 'degraded',
    database: up ? 'up' : 'down',
    database_kind: database.kind,
    uptime_s: Math.round(process.uptime()),
  };
}
