import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  database_kind: z.enum(['pglite', 'postgres']),
  uptime_s: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * GET /api/health/live: the process is up and serving (it says nothing of the database). Anyone may
 * call it, so it names neither the host nor the process (issue #33): those are in the logs (pid,
 * hostname or INSTANCE_ID) and the metrics; which instance answered is the X-Served-By header when
 * INSTANCE_ID is set.
 */
export const liveResponseSchema = z.object({
  status: z.literal('ok'),
  uptime_s: z.number(),
});
export type LiveResponse = z.infer<typeof liveResponseSchema>;

export const readinessCheckSchema = z.object({
  status: z.enum(['up', 'down', 'skipped']),
  /** What was checked (postgres, pglite, redis, disk, s3). */
  kind: z.string().optional(),
  latency_ms: z.number().optional(),
  /** Why it is down (a short, safe description: no addresses or secrets). */
  error: z.string().optional(),
});
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/**
 * GET /api/health/ready: 200 when this instance should receive traffic (every check up or skipped,
 * not shutting down), else 503 with the same body. Like /live, it does not name the host.
 */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  draining: z.boolean(),
  checks: z.object({
    database: readinessCheckSchema,
    redis: readinessCheckSchema,
    storage: readinessCheckSchema,
  }),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
