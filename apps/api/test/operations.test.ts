import { connect as connectTcp, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';
import { Redis } from 'ioredis';
import { Registry } from 'prom-client';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DURATION_BUCKETS, RequestMetrics } from '../src/plugins/request-metrics';
import { createTestDatabase } from './helpers/test-database';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Whether a Redis answers PING at REDIS_URL (the Redis tests are skipped without one). */
async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const redisUp = await redisAnswers(REDIS_URL);

/** The value of one Prometheus sample, whatever the order of its labels (undefined when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = line.match(/^([a-zA-Z_:][\w:]*)\{(.*)\} (\S+)$/);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v) && Object.keys(found).length === Object.keys(labels).length) return Number(match[3]);
  }
  return undefined;
}

/** A port nothing listens on (bound, read, closed). */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('health probes', async () => {
  const { app, config } = await buildTestApp({ INSTANCE_ID: 'app-test-1' });

  it('live: 200, and X-Served-By names the instance (the body names neither it nor its pid)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', uptime_s: expect.any(Number) });
    expect(res.headers['x-served-by']).toBe('app-test-1');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready: 200 naming every check; Redis skipped without REDIS_URL', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ready',
      draining: false,
      checks: {
        database: { status: 'up', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
        redis: { status: 'skipped' },
        storage: { status: 'up', kind: 'disk' },
      },
    });
  });

  it('ready: 503 when the database is down, and when the media folder is gone', async () => {
    const original = app.database.ping;
    app.database.ping = async () => {
      throw new Error('connection refused by postgres://user:secret@db:5432/x');
    };
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body).toMatchObject({ status: 'not_ready', checks: { database: { status: 'down' }, storage: { status: 'up' } } });
      expect(body.checks.database.error).not.toContain('secret');
    } finally {
      app.database.ping = original;
    }
    const media = join(config.DATA_DIR, 'media');
    rmSync(media, { recursive: true, force: true });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.storage).toMatchObject({ status: 'down', kind: 'disk' });
    } finally {
      mkdirSync(media, { recursive: true });
    }
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('keeps GET /api/health as it was', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });
});

describe.skipIf(!redisUp)('readiness with Redis', () => {
  // The instance reaches Redis through a TCP relay of the test, so that Redis can "go away" (the
  // server refuses to start without it, so it is there at start) without touching the real one.
  const upstream = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  const relay = createTcpServer((client) => {
    const server = connectTcp({ host: upstream.hostname, port: Number(upstream.port || 6379) });
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(server).pipe(client);
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    if (relay.listening) relay.close();
  });

  it(`is 200 when Redis answers PING (${REDIS_URL}), 503 once it does not`, async () => {
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
    const { app } = await buildTestApp({
      REDIS_URL: `redis://127.0.0.1:${(relay.address() as AddressInfo).port}`,
      REDIS_KEY_PREFIX: `medallion-test:ready-${process.pid}-${Date.now()}:`,
      MEDIA_SHARED: 'true',
    });
    const up = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().checks.redis).toMatchObject({ status: 'up' });

    const closed = new Promise<void>((resolve) => relay.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
    const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json().checks.redis).toMatchObject({ status: 'down', kind: 'redis' });
  });
});

describe('graceful shutdown', () => {
  it('readiness turns 503 once draining starts, while liveness stays 200; answers then close their connection', async () => {
    const { app } = await buildTestApp();
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    app.lifecycle.beginDrain();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', draining: true, checks: { database: { status: 'up' } } });
    expect(ready.headers.connection).toBe('close');
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('finishes a request in flight when the app closes, and refuses new connections', async () => {
    // A slow route stands for any request still being served when SIGTERM arrives.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'medallion-test-drain-'));
    const drained = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database, serveWeb: false });
    drained.get('/slow', async () => {
      entered();
      await gate;
      return { done: true };
    });
    await drained.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(drained.server.address() as AddressInfo).port}`;
    const inFlight = fetch(`${base}/slow`).then(async (r) => ({ status: r.status, body: await r.json(), connection: r.headers.get('connection') }));
    await inside;
    const closed = drained.close();
    await expect.poll(() => drained.lifecycle.draining).toBe(true);
    // The listener is closed: a new connection is refused.
    await expect
      .poll(async () =>
        fetch(`${base}/api/health/live`).then(
          () => 'answered',
          () => 'refused',
        ),
      )
      .toBe('refused');
    release();
    expect(await inFlight).toEqual({ status: 200, body: { done: true }, connection: 'close' });
    await closed;
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('request ids', async () => {
  const lines: string[] = [];
  const { app } = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (l) => void lines.push(l) } });

  it('uses a valid incoming X-Request-Id and returns it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'nginx-0123456789abcdef' } });
    expect(res.headers['x-request-id']).toBe('nginx-0123456789abcdef');
  });

  it('replaces a missing, too long or odd X-Request-Id with a UUID', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const sent of [undefined, 'x'.repeat(129), 'has space', 'short', '<script>alert(1)</script>']) {
      const res = await app.inject({ method: 'GET', url: '/api/health/live', headers: sent === undefined ? {} : { 'x-request-id': sent } });
      expect(res.headers['x-request-id'], String(sent)).toMatch(uuid);
    }
    // Two requests never share a generated id.
    const a = await app.inject({ method: 'GET', url: '/api/health/live' });
    const b = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('puts the id on every log line of the request, including the mailer’s (an integration built at start)', async () => {
    lines.length = 0;
    const id = 'contact-req-000000000001';
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact-us',
      headers: { 'x-request-id': id },
      payload: { name: 'Aziz Karimov', email: 'aziz@example.com', message: 'Is the Camry still available?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === id);
    const messages = mine.map((l) => l.msg);
    expect(messages).toContain('incoming request');
    expect(messages).toContain('request completed');
    // The mailer was created once at start with the app's logger; its line carries this request's id.
    expect(messages).toContain('mail kept in the dev mailbox (/dev/mail)');
  });
});

describe('metrics', () => {
  it('put each duration in the first bucket whose bound is not below it (bounds inclusive), 5xx in the errors too', async () => {
    const registry = new Registry();
    const metrics = new RequestMetrics(registry);
    for (const seconds of [0.001, 0.005, 0.0051, 0.3, 11]) metrics.record('GET', '/api/x', 200, seconds);
    metrics.record('GET', '/api/x', 503, 0.2);
    const text = await registry.metrics();
    const ok = { method: 'GET', route: '/api/x', status_code: '200' };
    const le = (bound: string) => sample(text, 'http_request_duration_seconds_bucket', { ...ok, le: bound });
    expect([le('0.005'), le('0.01'), le('0.25'), le('0.5'), le('10'), le('+Inf')]).toEqual([2, 3, 3, 4, 4, 5]);
    expect(sample(text, 'http_request_duration_seconds_sum', ok)).toBeCloseTo(11.3111, 6);
    expect(sample(text, 'http_requests_total', ok)).toBe(5);
    expect(sample(text, 'http_request_errors_total', ok)).toBeUndefined();
    expect(sample(text, 'http_request_errors_total', { ...ok, status_code: '503' })).toBe(1);
  });

  it('are not served without METRICS_PORT or METRICS_TOKEN (404)', async () => {
    const { app } = await buildTestApp();
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('need the bearer token on the app port; count requests by route pattern and status; outbox and process gauges', async () => {
    const token = 'metrics-token-0123456789';
    const { app } = await buildTestApp({ METRICS_TOKEN: token, INSTANCE_ID: 'app-metrics' });
    const refused = await app.inject({ method: 'GET', url: '/metrics' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 'UNAUTHORIZED', key: 'error.unauthorized', message: 'User is not authenticated' });
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } })).statusCode).toBe(401);
    await app.inject({ method: 'GET', url: '/api/listing/00000000-0000-4000-8000-000000000000' });
    await app.inject({ method: 'GET', url: '/api/listing/00000000-0000-4000-8000-000000000001' });
    await app.inject({ method: 'GET', url: '/api/health/live' });
    await app.inject({ method: 'POST', url: '/api/contact-us', payload: { name: 'A', email: 'x', message: '' } });
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    const id = { instance_id: 'app-metrics' };
    // One series for both listing ids: the pattern, not the URL.
    expect(sample(text, 'http_requests_total', { ...id, method: 'GET', route: '/api/listing/:listing_id', status_code: '404' })).toBe(2);
    expect(sample(text, 'http_requests_total', { ...id, method: 'POST', route: '/api/contact-us', status_code: '400' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { ...id, method: 'GET', route: '/api/health/live', status_code: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...id, le: '+Inf', method: 'GET', route: '/api/health/live', status_code: '200' })).toBe(1);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    // The histogram as Prometheus reads it: HELP and TYPE, cumulative buckets up to +Inf, sum and count.
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE http_requests_total counter');
    const listing = { ...id, method: 'GET', route: '/api/listing/:listing_id', status_code: '404' };
    const buckets = DURATION_BUCKETS.map((le) => sample(text, 'http_request_duration_seconds_bucket', { ...listing, le: String(le) })!);
    expect(buckets.every((n, i) => n >= (buckets[i - 1] ?? 0) && n <= 2)).toBe(true);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...listing, le: '+Inf' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', listing)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_sum', listing)).toBeGreaterThan(0);
    expect(sample(text, 'mail_outbox_messages', { ...id, status: 'pending' })).toBe(0);
    expect(sample(text, 'mail_outbox_messages', { ...id, status: 'failed' })).toBe(0);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (process.env.DATABASE_URL) expect(sample(text, 'db_pool_connections', { ...id, state: 'max' })).toBeGreaterThan(0);
  });

  it('count 5xx answers apart, in their own series only (2xx and 4xx have none)', async () => {
    const token = 'metrics-token-5xx-0123456789';
    const { app } = await buildTestApp({ METRICS_TOKEN: token });
    await app.inject({ method: 'GET', url: '/api/health' });
    // The health check answers 503 while the database is down.
    const ping = app.database.ping;
    app.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      app.database.ping = ping;
    }
    await app.inject({ method: 'GET', url: '/api/listing/00000000-0000-4000-8000-000000000000' });
    const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;
    expect(sample(text, 'http_request_errors_total', { method: 'GET', route: '/api/health', status_code: '503' })).toBe(3);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/health', status_code: '503' })).toBe(3);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/health', status_code: '200' })).toBe(1);
    expect(sample(text, 'http_request_errors_total', { method: 'GET', route: '/api/health', status_code: '200' })).toBeUndefined();
    expect(sample(text, 'http_request_errors_total', { method: 'GET', route: '/api/listing/:listing_id', status_code: '404' })).toBeUndefined();
  });

  it('are served on METRICS_PORT only (not on the app port) when only that is set', async () => {
    const port = await closedPort();
    const { app } = await buildTestApp({ METRICS_PORT: String(port) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const appPort = (app.server.address() as AddressInfo).port;
    await fetch(`http://127.0.0.1:${appPort}/api/health/live`).then((r) => r.arrayBuffer());
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(sample(await metrics.text(), 'http_requests_total', { method: 'GET', route: '/api/health/live', status_code: '200' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${appPort}/metrics`)).status).toBe(404);
  });
});
