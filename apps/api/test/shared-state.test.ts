import { mkdtempSync, rmSync } from 'node:fs';
import { connect as connectTcp, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMessage } from '@medallion/contracts/messages';
import type { DatabaseHandle } from '@medallion/db/client';
import type { ExamQuestion } from '@medallion/contracts/exam';
import { LOCKOUT_MAX_FAILURES } from '@medallion/contracts/auth';
import { runSeed } from '@medallion/db/seed';
import { mailOutbox } from '@medallion/db/schema';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createMailer } from '../src/integrations/mail/mailer';
import { createSmtpTransport } from '../src/integrations/mail/smtp-transport';
import { migrateDatabase } from '../src/prepare-database';
import { redisCache } from '../src/integrations/redis/shared-cache';
import { updateExamQuestion } from '../src/modules/exam/update-exam-question';
import { createQuestionBank } from '../src/modules/exam/question-bank';
import { examQuestionsSeedStep } from '../src/modules/exam/seed-exam-questions';
import { createConfirmedUser } from './helpers/auth';
import {
  createSharedPostgres,
  deleteRedisKeys,
  listRedisKeys,
  postgresReachable,
  redisReachable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from './helpers/shared-infra';
import { startSmtpSink } from '../../../test-support/smtp-sink';

/*
 * Two server instances as a load balancer sees them: two apps in this process, each with its own
 * in-memory state and its own database pool, sharing one PostgreSQL database and one Redis
 * (REDIS_URL, a key prefix of this run). Nothing is mocked: real Redis, PostgreSQL and SMTP.
 */
const redisUp = await redisReachable();
const postgresUp = await postgresReachable();
const ready = redisUp && postgresUp;
if (!ready) {
  console.warn(
    `shared-state tests skipped: ${!redisUp ? `Redis at ${TEST_REDIS_URL} cannot be reached (set TEST_REDIS_URL)` : ''}` +
      `${!redisUp && !postgresUp ? '; ' : ''}${!postgresUp ? 'PostgreSQL at 127.0.0.1:5432 cannot be reached (set TEST_POSTGRES_URL)' : ''}`,
  );
}

interface Cluster {
  a: FastifyInstance;
  b: FastifyInstance;
  prefix: string;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  /** The shared database's URL (for a connection of the test's own). */
  databaseUrl: string;
  /** Another pool on the shared database. */
  openDatabase(): Promise<DatabaseHandle>;
}

async function startCluster(label: string, env: Record<string, string> = {}) {
  const postgres = await createSharedPostgres(label);
  const smtp = await startSmtpSink();
  const prefix = testRedisPrefix(label);
  const dataDir = mkdtempSync(join(tmpdir(), `medallion-${label}-`));
  const apps: FastifyInstance[] = [];
  const cleanup = async () => {
    await Promise.all(apps.map((app) => app.close()));
    await postgres.drop();
    await smtp.close();
    await deleteRedisKeys(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const first = await postgres.open();
    await migrateDatabase(first);
    for (const database of [first, await postgres.open()]) {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        MEDIA_SHARED: 'true',
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        SMTP_URL: `${smtp.url}?ignoreTLS=true`,
        MAIL_POLL_MS: '600000',
        ...env,
      });
      const app = await buildApp({ config, database, serveWeb: false });
      apps.push(app);
      await app.ready();
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { cluster: { a: apps[0]!, b: apps[1]!, prefix, smtp, databaseUrl: postgres.url, openDatabase: () => postgres.open() } satisfies Cluster, cleanup };
}

describe.skipIf(!ready)('two instances sharing Redis and PostgreSQL', () => {
  let c: Cluster;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cluster: c, cleanup } = await startCluster('shared'));
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it('counts the auth rate limit across instances: the 21st call is refused whichever instance gets it', async () => {
    const remoteAddress = '203.0.113.21';
    const call = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/users/email-check', remoteAddress, payload: { email: 'nobody@example.com' } });
    // 20 calls (AUTH_RATE_LIMIT_MAX), alternating between the instances: 10 each.
    for (let i = 0; i < 20; i++) expect((await call(i % 2 === 0 ? c.a : c.b)).statusCode, `call ${i + 1}`).toBe(200);
    for (const app of [c.a, c.b]) {
      const limited = await call(app);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: 'RATE_LIMITED', ...toMessage('error.rateLimited') });
    }
    // Another client is not affected.
    expect(
      (await c.b.inject({ method: 'POST', url: '/api/users/email-check', remoteAddress: '203.0.113.22', payload: { email: 'x@example.com' } })).statusCode,
    ).toBe(200);
    // The counters are Redis keys of this run's prefix.
    expect((await listRedisKeys(`${c.prefix}rate-limit:`)).some((k) => k.endsWith('203.0.113.21'))).toBe(true);
  });

  it('counts the contact limit across instances', async () => {
    const remoteAddress = '203.0.113.31';
    const send = (app: FastifyInstance, i: number) =>
      app.inject({ method: 'POST', url: '/api/contact-us', remoteAddress, payload: { name: 'Anna', email: `anna${i}@example.com`, message: 'Hello' } });
    for (let i = 0; i < 10; i++) expect((await send(i % 2 === 0 ? c.b : c.a, i)).statusCode, `message ${i + 1}`).toBe(200);
    for (const app of [c.a, c.b]) {
      const limited = await send(app, 99);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        code: 'RATE_LIMITED',
        key: 'contact.tooManyMessages',
        message: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
      });
    }
  });

  it('counts wrong passwords across instances: the lockout of the account for that address holds on both', async () => {
    await createConfirmedUser(c.a, 'lockout@example.com', 'Right1234');
    const signIn = (app: FastifyInstance, password: string, remoteAddress = '203.0.113.100') =>
      app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress, payload: { email: 'lockout@example.com', password } });
    // LOCKOUT_MAX_FAILURES (10) wrong passwords from one address, alternating instances (decision 0010).
    for (let i = 0; i < LOCKOUT_MAX_FAILURES; i++) expect((await signIn(i % 2 === 0 ? c.a : c.b, 'Wrong1234')).statusCode).not.toBe(200);
    for (const app of [c.a, c.b]) {
      const locked = await signIn(app, 'Right1234');
      expect(locked.statusCode).toBe(423);
      expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    }
    // Another address (the owner's) is not locked out.
    expect((await signIn(c.b, 'Right1234', '198.51.100.5')).statusCode).toBe(200);
  });

  it('accepts on instance B a session created on instance A, kept in Redis and refreshed when the user changes', async () => {
    const { cookie, token, id } = await createConfirmedUser(c.a, 'shared-session@example.com');
    // better-auth's secondary storage holds the session under this run's prefix.
    expect((await listRedisKeys(`${c.prefix}auth:`)).length).toBeGreaterThan(0);

    const onB = await c.b.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    // CONFIRMED: the copy in Redis was refreshed after the status changed in the database.
    expect(onB.json().user).toMatchObject({ id, email: 'shared-session@example.com', status: 'CONFIRMED' });
    const bearer = await c.b.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(200);

    // A name changed through B is what A's session says at once.
    const renamed = await c.b.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { 'user-id': id, email: 'shared-session@example.com', 'full-name': 'Renamed Driver' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await c.a.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user.name).toBe('Renamed Driver');

    // Signed out on A: B refuses the cookie too.
    expect((await c.a.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: 'http://localhost:3000' } })).statusCode).toBe(200);
    expect((await c.b.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends the sessions of a deleted account on every instance', async () => {
    const { cookie } = await createConfirmedUser(c.b, 'leaving@example.com', 'Secret123');
    expect((await c.a.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(200);
    const deleted = await c.a.inject({
      method: 'DELETE',
      url: '/api/users',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload: { password: 'Secret123' },
    });
    expect(deleted.statusCode).toBe(200);
    for (const app of [c.a, c.b]) {
      expect((await app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user).toBeNull();
    }
  });

  it('shares the exam question bank through Redis: another instance serves it without reading the database, and sees an edit', async () => {
    await runSeed(c.a.db, [examQuestionsSeedStep]);
    const first = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/exam/questions' })).json().data.data[0] as ExamQuestion;
    const before = await first(c.a);
    expect(before.position).toBe(1);
    expect((await listRedisKeys(`${c.prefix}cache:exam-bank:`)).length).toBeGreaterThanOrEqual(2);

    // A third instance whose database connection is gone still answers: the stamp and the bank come from Redis.
    const offline = await c.openDatabase();
    await offline.close();
    const shared = createQuestionBank(offline.db, redisCache(c.a.redis!));
    expect((await shared.read()).all[0]?.question).toBe(before.question);

    // An edit through A (which clears the shared stamp) shows on B within about a second.
    const edited = `${before.question} (edited on A)`;
    await updateExamQuestion(c.a.db, c.a.examBank, before.question_id, {
      topic: before.topic,
      question: { en: edited, ru: before.question_rus },
      explanation: { en: before.explanation, ru: before.explanation_rus },
      source: before.source,
      answers: before.answers.map((a) => ({ en: a.answer, ru: a.answer_rus, correct: a.correct })),
    });
    expect((await first(c.a)).question).toBe(edited);
    const started = Date.now();
    let seen = await first(c.b);
    while (seen.question !== edited && Date.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await first(c.b);
    }
    expect(seen.question).toBe(edited);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('delivers each queued message exactly once while both instances poll the outbox', async () => {
    const recipients = Array.from({ length: 45 }, (_, i) => `once-${i}@example.com`);
    // Queued in one transaction (no immediate delivery), so both workers find all of them due.
    await c.a.db.transaction(async (tx) => {
      for (const to of recipients) await c.a.mailer.send({ to, subject: 'Once', text: 'Exactly once' }, tx);
    });
    const before = c.smtp.received.length;
    // Both instances claim at the very same moment: a connection of the test holds the table, so both
    // claiming statements wait for it, and start together when it lets go.
    const gate = new pg.Client({ connectionString: c.databaseUrl });
    await gate.connect();
    try {
      await gate.query('BEGIN');
      await gate.query('LOCK TABLE mail_outbox IN SHARE ROW EXCLUSIVE MODE');
      const rounds = [c.a.mailer.deliverDue(), c.b.mailer.deliverDue()];
      for (let i = 0; i < 200; i++) {
        const { rows } = await gate.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'mail_outbox'::regclass`);
        if (rows[0]!.n >= 2) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await gate.query('COMMIT');
      await Promise.all(rounds);
    } finally {
      await gate.end();
    }
    // More rounds on both instances finish what the first claims left (batches of 20).
    await Promise.all([c.a.mailer.deliverDue(), c.b.mailer.deliverDue()]);
    await Promise.all([c.b.mailer.deliverDue(), c.a.mailer.deliverDue()]);
    const delivered = c.smtp.received
      .slice(before)
      .flatMap((m) => m.to)
      .filter((to) => to.startsWith('once-'));
    expect(delivered.sort()).toEqual([...recipients].sort());
    const rows = await c.b.db.select({ status: mailOutbox.status, attempts: mailOutbox.attempts }).from(mailOutbox).where(inArray(mailOutbox.to, recipients));
    expect(rows).toHaveLength(45);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('redoes a message claimed by an instance that died, once its lease has run out', async () => {
    // The "dead" instance: its SMTP server accepts the connection and never answers, so the message
    // stays claimed by it, as when a process dies mid-delivery.
    const sockets = new Set<Socket>();
    const blackHole = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((r) => blackHole.listen(0, '127.0.0.1', () => r()));
    const dead = createMailer({
      db: c.a.db,
      logger: c.a.log,
      from: 'Medallion <no-reply@medallion.example>',
      transport: createSmtpTransport(`smtp://127.0.0.1:${(blackHole.address() as AddressInfo).port}?ignoreTLS=true`),
      retryBaseMs: 10,
      retryMaxMs: 10,
      pollMs: 600_000,
      leaseMs: 1500,
    });
    try {
      const [row] = await c.a.db.transaction(async (tx) => [
        await dead.send({ to: 'lease@example.com', subject: 'Lease', text: 'Redone after the lease' }, tx),
      ]);
      const stuck = dead.deliverDue();
      // Claimed by the dead instance.
      for (let i = 0; i < 100; i++) {
        const [claimed] = await c.b.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
        if (claimed?.claimToken) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const received = () => c.smtp.received.filter((m) => m.to.includes('lease@example.com')).length;
      // While the lease holds, the live instances leave it alone.
      await Promise.all([c.a.mailer.deliverDue(), c.b.mailer.deliverDue()]);
      expect(received()).toBe(0);
      // After the lease, one of them sends it, once.
      await new Promise((r) => setTimeout(r, 1700));
      await Promise.all([c.a.mailer.deliverDue(), c.b.mailer.deliverDue()]);
      expect(received()).toBe(1);
      // The dead instance's connection finally fails: its late failure must not undo the delivery.
      for (const s of sockets) s.destroy();
      await stuck;
      const [after] = await c.b.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
      expect(after).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      await Promise.all([c.a.mailer.deliverDue(), c.b.mailer.deliverDue()]);
      expect(received()).toBe(1);
    } finally {
      for (const s of sockets) s.destroy();
      await dead.stop();
      await new Promise<void>((r) => blackHole.close(() => r()));
    }
  });
});

describe.skipIf(!ready)('an instance whose Redis goes away', () => {
  // Redis through a TCP relay of the test, so that it can "go away" without touching the real one.
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connectTcp({ host: new URL(TEST_REDIS_URL).hostname, port: Number(new URL(TEST_REDIS_URL).port || 6379) });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  let c: Cluster;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', () => r()));
    ({ cluster: c, cleanup } = await startCluster('outage', { REDIS_URL: `redis://127.0.0.1:${(relay.address() as AddressInfo).port}` }));
  });
  afterAll(async () => {
    await cleanup?.();
    for (const s of sockets) s.destroy();
    if (relay.listening) relay.close();
  });

  it('keeps answering without a 500: limits let requests through, sessions are read from the database', async () => {
    const { cookie } = await createConfirmedUser(c.a, 'outage@example.com');
    const closed = new Promise<void>((r) => relay.close(() => r()));
    for (const s of sockets) s.destroy();
    await closed;

    const started = Date.now();
    expect((await c.a.inject({ method: 'POST', url: '/api/users/email-check', payload: { email: 'x@example.com' } })).statusCode).toBe(200);
    expect((await c.a.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(200);
    expect((await c.b.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user.email).toBe('outage@example.com');
    expect(
      (await c.b.inject({ method: 'POST', url: '/api/contact-us', payload: { name: 'Anna', email: 'anna@example.com', message: 'Hello' } })).statusCode,
    ).toBe(200);
    // Commands fail at once while Redis is away: requests do not hang.
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
