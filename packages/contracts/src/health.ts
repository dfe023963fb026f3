import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  database_kind: z.enum(['pglite', 'postgres']),
  uptime_s: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
