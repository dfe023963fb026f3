// The product as it runs in production, on this machine: three instances of the built app behind a
// real nginx (scripts/lib/cluster.mjs, as `npm run cluster` starts it) on free ports, over a fresh
// PostgreSQL database, Redis with a key prefix of its own, S3 (s3rver) and an SMTP server of the test.
// Run by `npm run test:cluster` (in .ci/run). Skips, saying why, only when nginx, PostgreSQL or Redis
// is missing.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTotals, type CartItem, type Product } from '@medallion/contracts/shop';
import { buildIfNeeded } from '../../../scripts/lib/build.mjs';
import { canConnect, dropDatabase, ensureDatabase, findNginx, redisAnswers, startCluster, type Cluster } from '../../../scripts/lib/cluster.mjs';
import { createVinDecoder } from '../src/integrations/car-data/vin-decoder';
import { RENTAL_LABEL_FIELDS } from '../../../test-support/rental-label';
import { startSmtpSink } from '../../../test-support/smtp-sink';
import { CARD_EXP_YEAR } from '../test/helpers/payments';

const PG_ADMIN = process.env.CLUSTER_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.CLUSTER_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADDRESS = { full_name: 'Aziz Karimov', address_one: '123 Main St', address_two: '', address_city: 'Brooklyn', address_state: 'NY', address_zip: '11201' };

async function missingPrerequisite(): Promise<string | undefined> {
  if (!findNginx()) return 'nginx is not installed (sudo apt-get install -y nginx)';
  const pgUrl = new URL(PG_ADMIN);
  if (!(await canConnect(pgUrl.hostname, Number(pgUrl.port || 5432)))) return `PostgreSQL does not answer at ${pgUrl.host}`;
  if (!(await redisAnswers(REDIS_URL))) return `Redis does not answer at ${REDIS_URL}`;
  return undefined;
}
const missing = await missingPrerequisite();
if (missing) console.warn(`\ncluster test SKIPPED: ${missing}\n`);

/** Free ports from the OS (never 3000–3003), all held until each is known. */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((s) => (s.address() as { port: number }).port);
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  return ports;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
  servedBy: string | undefined;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One HTTP call (node:http, so the client's source address can be chosen: nginx sees 127.0.0.2 as
 * another client). Network errors reject.
 */
function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; localAddress?: string; accept?: string } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent: options.localAddress ? undefined : agent,
        localAddress: options.localAddress,
        headers: {
          accept: options.accept ?? 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const served = res.headers['x-served-by'];
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: () => JSON.parse(body),
            servedBy: typeof served === 'string' ? served : undefined,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

function sessionCookie(answer: Answer): string {
  const cookies = ([] as string[])
    .concat(answer.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.includes('session_token'));
  if (cookies.length === 0) throw new Error(`no session cookie: ${answer.status} ${answer.body.slice(0, 200)}`);
  return cookies.join('; ');
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(missing !== undefined)('three instances behind nginx on PostgreSQL, Redis and S3', () => {
  const suffix = randomBytes(4).toString('hex');
  const dbUrl = (() => {
    const u = new URL(PG_ADMIN);
    u.pathname = `/medallion_cluster_test_${suffix}`;
    return u.toString();
  })();
  const keyPrefix = `medallion-cluster-test-${suffix}:`;
  let cluster: Cluster;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let db: pg.Client;
  let base: string;
  const get = (path: string, cookie?: string) => call(base, 'GET', path, { cookie });
  const post = (path: string, body: unknown, cookie?: string) => call(base, 'POST', path, { body, cookie });

  /** The 6-digit code in the newest message to `email` that the SMTP server received. */
  const mailedCode = (email: string) =>
    until(`a code e-mailed to ${email}`, async () => {
      const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
      // The body is quoted-printable or base64 depending on the text; a 6-digit run survives QP as is.
      const text = mail ? decodeBody(mail.raw) : '';
      return text.match(/\b(\d{6})\b/)?.[1];
    });

  beforeAll(async () => {
    if (!buildIfNeeded({ quiet: true })) throw new Error('npm run build failed');
    // The instances unpack the VIN database in the background at start: done once here first.
    const vin = createVinDecoder({ cacheDir: join(tmpdir(), 'medallion-vpic-cache') });
    await vin.decode('1HGCM82633A004352').finally(() => vin.close());
    smtp = await startSmtpSink();
    await ensureDatabase(dbUrl);
    const [port, ...ports] = await freePorts(4);
    cluster = await startCluster({
      instances: 3,
      port: port!,
      ports,
      databaseUrl: dbUrl,
      redisUrl: REDIS_URL,
      redisKeyPrefix: keyPrefix,
      storage: 's3',
      smtpUrl: smtp.url,
      logs: 'files',
      log: () => undefined,
      removeWorkDir: !process.env.CLUSTER_TEST_KEEP,
      env: {
        LOG_LEVEL: 'info',
        SEED_DEMO_DATA: 'true',
        MAIL_POLL_MS: '500',
        MAIL_RETRY_BASE_MS: '200',
        // Mail claimed by the instance that is killed is delivered by another after this.
        MAIL_LEASE_MS: '3000',
        // A payment left in `processing` by a killed instance is recovered within seconds.
        PAYMENT_PROCESSING_LEASE_MS: '3000',
        PAYMENT_RECOVERY_INTERVAL_MS: '1000',
        SHUTDOWN_TIMEOUT_MS: '10000',
        AUTH_RATE_LIMIT_MAX: '20',
      },
    });
    base = cluster.url;
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
  }, 600_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await cluster?.stop();
    await smtp?.close();
    agent.destroy();
    await dropDatabase(dbUrl).catch(() => undefined);
    // Redis keys of this run (the rate limits, sessions and caches of the wt-redis work).
    await deleteRedisKeys(REDIS_URL, keyPrefix).catch(() => undefined);
  }, 120_000);

  it('spreads requests over every instance, each ready (database, Redis, S3 up)', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const res = await get('/api/health/ready');
      expect(res.status, res.body).toBe(200);
      expect(res.json().checks).toMatchObject({ database: { status: 'up', kind: 'postgres' }, redis: { status: 'up' }, storage: { status: 'up', kind: 's3' } });
      expect(res.headers['x-request-id']).toBeTruthy();
      seen.add(res.servedBy!);
    }
    expect([...seen].sort()).toEqual(['app-1', 'app-2', 'app-3']);
  });

  let driver: { email: string; cookie: string };

  it('signs up on one instance, confirms with the e-mailed code on another, signs in on a third', async () => {
    const email = `driver-${suffix}@example.com`;
    const signUp = await post('/api/auth/sign-up', { name: 'Aziz Karimov', email, password: 'Taxi2024' });
    expect(signUp.status, signUp.body).toBe(200);
    const code = await mailedCode(email);
    const confirm = await post('/api/auth/confirm-sign-up', { email, code });
    expect(confirm.status, confirm.body).toBe(200);
    const signIn = await post('/api/auth/sign-in', { email, password: 'Taxi2024' });
    expect(signIn.status, signIn.body).toBe(200);
    // nginx's round robin: three calls in a row land on three instances.
    expect(new Set([signUp.servedBy, confirm.servedBy, signIn.servedBy]).size).toBe(3);
    driver = { email, cookie: sessionCookie(signIn) };
    // The session works on every instance.
    for (const instance of cluster.instances) {
      const me = await call(instance.url, 'GET', '/api/users', { cookie: driver.cookie });
      expect(me.status, `${instance.id}: ${me.body}`).toBe(200);
    }
  });

  async function saveCard(cookie: string): Promise<string> {
    const setup = await post('/api/payments/create-setup-intent', {}, cookie);
    expect(setup.status, setup.body).toBe(200);
    const saved = await post(
      '/api/payments/sandbox/confirm-setup',
      { 'client-secret': setup.json().data['client-secret'], number: '4242424242424242', exp_month: 12, exp_year: CARD_EXP_YEAR, cvc: '123' },
      cookie,
    );
    expect(saved.status, saved.body).toBe(200);
    return saved.json().data.id as string;
  }

  let catalogue: Product[];

  it('adds a card, pays a cart and the exam: one charge each, one order, receipts', async () => {
    const pm = await saveCard(driver.cookie);
    catalogue = (await get('/api/products')).json().data.data as Product[];
    expect(catalogue.length).toBeGreaterThan(5);
    expect((await post('/api/users/cart', { 'product-id': catalogue[0]!.product_id, quantity: 1, price: catalogue[0]!.price }, driver.cookie)).status).toBe(
      200,
    );
    const cart = (await get('/api/users/cart', driver.cookie)).json().data.data as CartItem[];
    const totals = orderTotals(
      cart.map((i) => ({ priceCents: i.price_cents, quantity: i.quantity })),
      499,
    );
    const tx = `cluster-cart-${suffix}`;
    const paid = await post(
      '/api/payments/create-payment-intent',
      { 'user-pm': pm, 'payment-amount': totals.total, 'transaction-id': tx, 'cart-ids': cart.map((i) => i.id).join(','), 'delivery-address': ADDRESS },
      driver.cookie,
    );
    expect(paid.status, paid.body).toBe(200);
    const exam = await post(
      '/api/payments/create-payment-intent',
      { 'user-pm': pm, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': `cluster-exam-${suffix}` },
      driver.cookie,
    );
    expect(exam.status, exam.body).toBe(200);
    const { rows } = await db.query<{ reference: string; status: string; amount_cents: number }>(
      `SELECT p.reference, p.status, p.amount_cents FROM payments p JOIN "user" u ON u.id = p.user_id WHERE u.email = $1 ORDER BY p.created_at`,
      [driver.email],
    );
    expect(rows).toEqual([
      { reference: tx, status: 'succeeded', amount_cents: totals.total },
      { reference: `cluster-exam-${suffix}`, status: 'succeeded', amount_cents: 2000 },
    ]);
    const orders = await db.query(`SELECT o.status FROM orders o JOIN "user" u ON u.id = o.user_id WHERE u.email = $1`, [driver.email]);
    expect(orders.rows).toEqual([{ status: 'paid' }]);
    // The exam is open on every instance.
    for (const instance of cluster.instances) {
      const me = (await call(instance.url, 'GET', '/api/users', { cookie: driver.cookie })).json();
      expect(JSON.stringify(me), instance.id).toContain('exam');
    }
  });

  it('serves a photo uploaded through one instance from another (S3)', async () => {
    const location = { city: 'Brooklyn', state: 'NY', zip_code: '11201' };
    const first = await post('/api/listing/save-draft', { step: 1, category: 'plates', name: '', email: '', location }, driver.cookie);
    expect(first.status, first.body).toBe(200);
    const id = first.json().data.data.listing_id as string;
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const second = await post(
      '/api/listing/save-draft',
      {
        step: 2,
        listing_id: id,
        category: 'plates',
        title: 'FHV plates for rent',
        listing_price: '300',
        payment_period: 'weekly',
        ...RENTAL_LABEL_FIELDS,
        images: [`data:image/jpeg;base64,${jpeg.toString('base64')}`],
      },
      driver.cookie,
    );
    expect(second.status, second.body).toBe(200);
    const uploadedOn = second.servedBy!;
    const other = cluster.instances.find((i) => i.id !== uploadedOn)!;
    const detail = await call(other.url, 'GET', `/api/listing/${id}`, { cookie: driver.cookie });
    expect(detail.status, detail.body).toBe(200);
    expect(detail.servedBy).toBe(other.id);
    const urls = JSON.stringify(detail.json()).match(/https?:\/\/[^"]+\.webp/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    const s3 = cluster.env.S3_ENDPOINT!;
    for (const url of urls) {
      expect(url.startsWith(s3)).toBe(true);
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('webp');
    }
  });

  // @fastify/rate-limit's Redis store (keys under REDIS_KEY_PREFIX): one count for all instances.
  it('counts the auth rate limit across instances: the 21st call is refused wherever it lands', async () => {
    // From 127.0.0.2: a client of its own for the limit (nginx passes its address; TRUST_PROXY=true).
    const answers: Answer[] = [];
    for (let i = 0; i < 21; i++) {
      answers.push(await call(base, 'POST', '/api/users/email-check', { body: { email: `nobody-${i}@example.com` }, localAddress: '127.0.0.2' }));
    }
    expect(answers.slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.slice(0, 20).map((a) => a.servedBy)).size).toBe(3);
    expect(answers[20]!.status).toBe(429);
    // And on every instance, asked directly.
    for (const instance of cluster.instances) {
      const res = await call(instance.url, 'POST', '/api/users/email-check', { body: { email: 'again@example.com' }, localAddress: '127.0.0.2' });
      // Directly, the instance sees 127.0.0.2 as the client too (no X-Forwarded-For).
      expect(res.status, instance.id).toBe(429);
    }
  });

  /** Buyers with a card and a cart of several products each, ready to pay under load. */
  async function prepareBuyers(tag: string, count: number, itemsEach: number) {
    return Promise.all(
      Array.from({ length: count }, async (_, b) => {
        const email = `buyer-${tag}-${b}-${suffix}@example.com`;
        expect((await post('/api/auth/sign-up', { name: 'Load Buyer', email, password: 'Taxi2024' })).status).toBe(200);
        const confirm = await post('/api/auth/confirm-sign-up', { email, code: await mailedCode(email) });
        expect(confirm.status, confirm.body).toBe(200);
        const cookie = sessionCookie(confirm);
        const pm = await saveCard(cookie);
        for (const product of catalogue.slice(0, itemsEach)) {
          const added = await post('/api/users/cart', { 'product-id': product.product_id, quantity: 1, price: product.price }, cookie);
          expect(added.status, added.body).toBe(200);
        }
        const items = (await get('/api/users/cart', cookie)).json().data.data as CartItem[];
        return { email, cookie, pm, items, tag: `${tag}-${b}` };
      }),
    );
  }

  /**
   * Load through nginx while `disrupt` stops an instance: GET workers (listing search, listing JSON,
   * health) and one payer per buyer paying its items one by one. A payment whose answer is lost (502)
   * or still in progress (409) is sent again with the same transaction id, as the web app does.
   */
  async function loadWhile(buyers: Awaited<ReturnType<typeof prepareBuyers>>, disrupt: () => Promise<void>) {
    const listingId = (await get('/api/listing-all?page=1&page_size=1')).json().data.listings[0].listing_id as string;
    const paths = ['/api/listing-all?page=1&page_size=20', `/api/listing/${listingId}`, '/api/health/live', '/api/cars/makes'];
    let stop = false;
    let gets = 0;
    const getFailures: string[] = [];
    const firstAttempt: Record<string, number> = {};
    const paymentsDone: string[] = [];
    const getWorker = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const path = paths[(w + n) % paths.length]!;
        try {
          const res = await get(path);
          if (res.status !== 200) getFailures.push(`${path}: ${res.status} ${res.body.slice(0, 80)}`);
        } catch (error) {
          getFailures.push(`${path}: ${(error as Error).message}`);
        }
        gets++;
      }
    };
    const payer = async (buyer: (typeof buyers)[number]) => {
      for (const item of buyer.items) {
        const total = orderTotals([{ priceCents: item.price_cents, quantity: item.quantity }], 499).total;
        const tx = `load-${buyer.tag}-${item.id.slice(0, 8)}`;
        const body = { 'user-pm': buyer.pm, 'payment-amount': total, 'transaction-id': tx, 'cart-ids': item.id, 'delivery-address': ADDRESS };
        for (let attempt = 0; ; attempt++) {
          let status: number;
          try {
            status = (await post('/api/payments/create-payment-intent', body, buyer.cookie)).status;
          } catch {
            status = -1;
          }
          if (attempt === 0) firstAttempt[String(status)] = (firstAttempt[String(status)] ?? 0) + 1;
          if (status === 200) break;
          if (![-1, 409, 502, 503, 504].includes(status) || attempt > 200) throw new Error(`payment ${tx}: ${status}`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        paymentsDone.push(tx);
      }
    };
    const getters = Array.from({ length: 6 }, (_, w) => getWorker(w));
    const payers = buyers.map(payer);
    // Disrupt once the load runs: some payments done, requests in flight.
    await until('load under way', async () => (paymentsDone.length >= buyers.length && gets >= 30 ? true : undefined));
    await disrupt();
    const getsAtDisruption = gets;
    await Promise.all(payers);
    await until('GETs after the disruption', async () => (gets >= getsAtDisruption + 100 ? true : undefined));
    stop = true;
    await Promise.all(getters);
    return { gets, getFailures, firstAttempt, paymentsDone };
  }

  async function expectEveryPaymentOnce(buyers: Awaited<ReturnType<typeof prepareBuyers>>, paymentsDone: string[]) {
    const expected = buyers.reduce((n, b) => n + b.items.length, 0);
    expect(paymentsDone).toHaveLength(expected);
    const emails = buyers.map((b) => b.email);
    const { rows } = await db.query<{ reference: string; status: string; n: number }>(
      `SELECT p.reference, p.status, count(*)::int AS n FROM payments p JOIN "user" u ON u.id = p.user_id WHERE u.email = ANY($1) GROUP BY 1, 2`,
      [emails],
    );
    // Exactly one succeeded payment per transaction: no double charge, no lost order.
    expect(
      rows
        .filter((r) => r.status === 'succeeded')
        .map((r) => [r.reference, r.n])
        .sort(),
    ).toEqual(paymentsDone.map((tx) => [tx, 1]).sort());
    expect(rows.filter((r) => r.status === 'processing')).toEqual([]);
    const orders = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders o JOIN "user" u ON u.id = o.user_id WHERE u.email = ANY($1) AND o.status = 'paid'`,
      [emails],
    );
    expect(orders.rows[0]!.n).toBe(expected);
  }

  it('SIGTERM to an instance under load: no request lost, no payment lost or doubled; it drains and exits 0', async () => {
    const buyers = await prepareBuyers('term', 3, 4);
    const victim = cluster.instances[1]!;
    let how = '';
    const result = await loadWhile(buyers, async () => {
      how = await victim.stop('SIGTERM');
    });
    expect(how).toBe('code 0');
    expect(result.getFailures).toEqual([]);
    // A graceful stop refuses new connections (nginx moves on) and finishes what it accepted.
    expect(Object.keys(result.firstAttempt).filter((s) => s !== '200' && s !== '409')).toEqual([]);
    await expectEveryPaymentOnce(buyers, result.paymentsDone);
    await victim.start();
  });

  it('SIGKILL to an instance under load: every GET answered (retried by nginx), every payment charged once', async () => {
    const buyers = await prepareBuyers('kill', 3, 4);
    const victim = cluster.instances[2]!;
    let how = '';
    const result = await loadWhile(buyers, async () => {
      how = await victim.stop('SIGKILL');
    });
    expect(how).toBe('signal SIGKILL');
    expect(result.getFailures).toEqual([]);
    // A POST in flight on the killed instance may answer 502 (nginx never resends a POST); the client's
    // retry with the same transaction id then gets the one charge.
    expect(Object.keys(result.firstAttempt).filter((s) => !['200', '409', '502'].includes(s))).toEqual([]);
    await expectEveryPaymentOnce(buyers, result.paymentsDone);
    await victim.start();
  });

  it('sends each e-mail once, whichever instance wrote it and whichever delivered it', async () => {
    // Mail claimed by the killed instance waits for its lease (MAIL_LEASE_MS) and then goes out once.
    const pending = async () => (await db.query(`SELECT "to", subject, attempts, next_attempt_at, last_error FROM mail_outbox WHERE status <> 'sent'`)).rows;
    await until('the outbox to drain', async () => ((await pending()).length === 0 ? true : undefined)).catch(() => undefined);
    expect(await pending()).toEqual([]);
    const { rows } = await db.query<{ to: string; subject: string }>(`SELECT "to", subject FROM mail_outbox WHERE status = 'sent'`);
    expect(rows.length).toBeGreaterThan(10);
    const key = (to: string, subject: string) => `${to}\n${subject}`;
    const sent = rows.map((r) => key(r.to, r.subject)).sort();
    // At least once over SMTP, once for the reader: a message the killed instance handed to the SMTP
    // server but could not mark as sent goes out again after its lease with the same Message-ID.
    const byMessageId = new Map<string, string>();
    for (const m of smtp.received) {
      const id = messageIdOf(m.raw);
      expect(id, m.raw.slice(0, 300)).toMatch(/^<[0-9a-f-]+@[^>]+>$/);
      const mail = key(m.to.join(','), subjectOf(m.raw));
      expect(byMessageId.get(id) ?? mail, `two different messages share ${id}`).toBe(mail);
      byMessageId.set(id, mail);
    }
    expect([...byMessageId.values()].sort()).toEqual(sent);
  });
});

/** The Message-ID header. */
function messageIdOf(raw: string): string {
  return raw.match(/^Message-ID: *(<[^>]*>)/im)?.[1] ?? '';
}

/** The Subject header, decoded (=?UTF-8?…?= words). */
function subjectOf(raw: string): string {
  const match = raw.match(/^Subject: ((?:.*)(?:\r?\n[ \t].*)*)/im);
  return (match?.[1] ?? '')
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeURIComponent(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, '%$1')),
    )
    .trim();
}

/** The text of a message: quoted-printable soft breaks joined; base64 parts decoded. */
function decodeBody(raw: string): string {
  const parts = [raw.replace(/=\r?\n/g, '')];
  for (const m of raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:.+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi)) {
    parts.push(Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  }
  return parts.join('\n');
}

/** Deletes this run's keys with redis-cli (Debian's redis-tools), when it is there. */
async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const scan = spawnSync('redis-cli', ['-u', url, '--scan', '--pattern', `${prefix}*`], { encoding: 'utf8' });
  if (scan.status !== 0) return;
  const keys = scan.stdout.split('\n').filter(Boolean);
  for (let i = 0; i < keys.length; i += 500) spawnSync('redis-cli', ['-u', url, 'DEL', ...keys.slice(i, i + 500)]);
}
