import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, liveResponseSchema, readyResponseSchema } from '@medallion/contracts/health';
import { checkHealth } from './check-health';
import { checkReadiness } from './check-readiness';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Probes are polled every few seconds by the balancer or the orchestrator: never cached.
  const noStore = { 'cache-control': 'no-store' };

  typed.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      const health = await checkHealth(app.database, request.log);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );

  typed.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process is up (restart it when this fails)',
        response: { 200: liveResponseSchema },
      },
    },
    async (_request, reply) => reply.headers(noStore).send({ status: 'ok', uptime_s: Math.round(process.uptime()) }),
  );

  typed.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: database, Redis (when configured) and storage answer, and not shutting down',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (request, reply) => {
      const ready = await checkReadiness({
        database: app.database,
        storage: app.storage,
        redis: app.redis,
        draining: app.lifecycle.draining,
        log: request.log,
      });
      return reply
        .headers(noStore)
        .status(ready.status === 'ready' ? 200 : 503)
        .send(ready);
    },
  );
}
