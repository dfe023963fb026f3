import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { APP_ROUTE_PATTERNS, DEV_MAILBOX_ROUTE, STAFF_ROUTE_PATTERNS, matchesRoutePattern } from '@medallion/contracts/site';
import { countOutbox } from '../integrations/mail/count-outbox';
import { AppError } from '../lib/app-error';
import { RequestMetrics } from './request-metrics';

export const METRICS_PATH = '/metrics';
const PAGE_PATTERNS = [...APP_ROUTE_PATTERNS, ...STAFF_ROUTE_PATTERNS, DEV_MAILBOX_ROUTE];

/**
 * The route of a request as a metric label: its pattern (`/api/listing/:id`), never the raw URL, so
 * the number of series stays bounded. Pages are rendered by the not-found handler: labelled by the
 * page's pattern (`page /listing/:id`); anything else unmatched is `unmatched`.
 */
export function routeLabel(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  if (url) {
    if (url.startsWith('/assets/')) return '/assets/*';
    return url;
  }
  const path = request.url.split('?')[0] ?? '/';
  if (path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) return 'unmatched';
  const page = PAGE_PATTERNS.find((pattern) => matchesRoutePattern(pattern, path));
  return page ? `page ${page}` : 'unmatched';
}

function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Prometheus metrics: request count and latency by route pattern, method and status; 5xx answers;
 * the PostgreSQL pool; the mail outbox's backlog; Node's process defaults. Exposed only when
 * configured: on METRICS_HOST:METRICS_PORT (an internal port), and/or at /metrics on the app's port
 * with `Authorization: Bearer METRICS_TOKEN`. Otherwise /metrics does not exist (404).
 */
export function registerMetrics(app: FastifyInstance): Registry {
  const { config, database } = app;
  const registry = new Registry();
  if (config.INSTANCE_ID) registry.setDefaultLabels({ instance_id: config.INSTANCE_ID });
  collectDefaultMetrics({ register: registry });

  const requests = new RequestMetrics(registry);
  app.addHook('onResponse', (request, reply, done) => {
    requests.record(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const poolStats = database.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (total open, idle, max)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'max' }, stats.max);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_queries',
      help: 'Queries waiting for a PostgreSQL pool connection',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }
  let outbox: ReturnType<typeof countOutbox> | undefined;
  // Both outbox gauges come from one query per scrape.
  const outboxCounts = () => (outbox ??= countOutbox(app.db).finally(() => setImmediate(() => (outbox = undefined))));
  new Gauge({
    name: 'mail_outbox_messages',
    help: 'Mail outbox messages waiting (pending) or given up (failed), for the whole database',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await outboxCounts();
      this.set({ status: 'pending' }, counts.pending);
      this.set({ status: 'failed' }, counts.failed);
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest pending outbox message',
    registers: [registry],
    async collect() {
      this.set((await outboxCounts()).oldestPendingS);
    },
  });
  new Gauge({
    name: 'medallion_draining',
    help: '1 while the instance shuts down (readiness answers 503)',
    registers: [registry],
    collect() {
      this.set(app.lifecycle.draining ? 1 : 0);
    },
  });

  if (config.METRICS_TOKEN) {
    const token = config.METRICS_TOKEN;
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const auth = request.headers.authorization ?? '';
      const given = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
      if (!sameToken(given, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('UNAUTHORIZED');
      }
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  }

  if (config.METRICS_PORT) {
    const port = config.METRICS_PORT;
    let server: Server | undefined;
    app.addHook('onListen', async () => {
      server = createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== METRICS_PATH) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
          return;
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics could not be collected');
            res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, config.METRICS_HOST, () => resolve());
      });
      app.log.info({ host: config.METRICS_HOST, port }, 'metrics served at /metrics');
    });
    app.addHook('onClose', async () => {
      if (server?.listening) await new Promise<void>((resolve) => server!.close(() => resolve()));
    });
  }
  return registry;
}
