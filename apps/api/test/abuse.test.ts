// What a flood or a forger can cost (issue #33, findings 4–7): picture uploads (body limit, pixel cap,
// bounded decoding), password hashing (bounded, shed with 503 + Retry-After, a lane for known browsers),
// health probes (no host name or pid), listing views (once per visitor and day).
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { listingViews, listings } from '@medallion/db/schema';
import { pictureFormBodyLimit } from '../src/integrations/images/read-image-upload';
import { configureImageQueue, imageQueueLoad, inImageQueue } from '../src/integrations/images/image-queue';
import { ANONYMOUS_VIEWS_PER_ADDRESS, recordListingView } from '../src/modules/listings/record-listing-view';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { insertListing } from './helpers/listings';
import { photoDataUrl } from './helpers/photos';
import { RENTAL_LABEL_FIELDS } from '../../../test-support/rental-label';

const LOCATION = { city: 'Brooklyn', state: 'NY', zip_code: '11201' };

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Polls `check` until it holds (no fixed sleeps: the machine may be busy). */
async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('picture uploads cost what a listing needs (finding 4)', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', IMAGE_CONCURRENCY: '1', IMAGE_QUEUE: '1' });
  const owner = await createConfirmedUser(app, 'pictures@example.com', 'Pictures123');
  const save = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/listing/save-draft', headers: { cookie: owner.cookie, ...headers }, payload: payload as string });
  const first = await save({ step: 1, category: 'plates', name: '', email: '', location: LOCATION });
  const listingId = first.json().data.data.listing_id as string;
  const details = (images: string[]) => ({
    step: 2,
    listing_id: listingId,
    category: 'plates',
    title: 'FHV plates for rent',
    listing_price: '300',
    payment_period: 'weekly',
    ...RENTAL_LABEL_FIELDS,
    images,
  });

  it('refuses a save body beyond 9 phone photos with 413 before it is parsed; other routes keep 1 MiB', async () => {
    const limit = pictureFormBodyLimit(9);
    // 9 photos of 4 MiB as data URLs fit; the old 126.9 MB (9 × 10 MB) does not.
    expect(limit).toBeGreaterThanOrEqual(9 * Math.ceil((4 * 1024 * 1024 * 4) / 3));
    expect(limit).toBeLessThan(52 * 1024 * 1024);
    const big = JSON.stringify(details([`data:image/png;base64,${'A'.repeat(limit)}`]));
    const res = await save(big, { 'content-type': 'application/json' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', key: 'error.payloadTooLarge' });
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: { name: 'Big', email: 'big@example.com', message: 'x'.repeat(1_100_000) },
    });
    expect(contact.statusCode).toBe(413);
  });

  it('refuses a picture over 25 megapixels from its header, with a message that says so in English and Russian', async () => {
    // 6000 × 5000 = 30 megapixels in a few KB of PNG (the old cap took up to 50).
    const png = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#446688' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await save(details([await photoDataUrl('#123456'), `data:image/png;base64,${png.toString('base64')}`]));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields['images.1']).toMatchObject({ key: 'image.tooManyPixels', message: expect.stringMatching(/too large in pixels.*25 megapixels/) });
    const ru = JSON.parse(readFileSync(new URL('../../web/src/locales/ru/common.json', import.meta.url), 'utf8')) as {
      messages: { image: Record<string, string> };
    };
    expect(ru.messages.image.tooManyPixels).toMatch(/25 мегапикселей/);
    // A phone photo's size (12 megapixels) is fine.
    const phone = await photoDataUrl('#654321', 4032, 3024);
    expect((await save(details([phone]))).statusCode).toBe(200);
  });

  it('decodes pictures one at a time, and refuses with 503 + Retry-After when too many wait', async () => {
    // The queue is the process's (every app of this file set it at build): sized here as IMAGE_CONCURRENCY=1, IMAGE_QUEUE=1.
    configureImageQueue({ concurrency: 1, maxWaiting: 1 });
    const busy = gate();
    // Another upload is being decoded (the slot) and one waits.
    const decoding = inImageQueue(() => busy.opened);
    const waiting = inImageQueue(() => Promise.resolve());
    await until(() => imageQueueLoad().normal === 1, 'a waiting upload');
    const refused = await save(details([await photoDataUrl('#224466')]));
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', key: 'image.busy' });
    busy.open();
    await Promise.all([decoding, waiting]);
    const saved = await save(details([await photoDataUrl('#224466')]));
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('password hashing is bounded (finding 5)', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2' });
  const email = 'hashing@example.com';
  const password = 'Hashing123';
  await createConfirmedUser(app, email, password);
  const signIn = (body: { email: string; password: string }, options: { cookie?: string; from?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: body,
      remoteAddress: options.from ?? '127.0.0.1',
      ...(options.cookie ? { headers: { cookie: options.cookie } } : {}),
    });
  const once = await signIn({ email, password });
  const device = once.cookies.find((c) => c.name === 'medallion.device')!;
  const knownBrowser = `medallion.device=${device.value}`;

  it('sheds password checks beyond the queue with 503 + Retry-After; a browser that signed in before has a slot of its own', async () => {
    const { queue } = app.passwordHashing;
    const busy = gate();
    // A flood: one hash running, two waiting (the normal lane is full).
    const flood = [queue.run(() => busy.opened), queue.run(() => busy.opened), queue.run(() => busy.opened)];
    await until(() => queue.load.normal === 2, 'a full queue');

    const stranger = await signIn({ email: 'nobody@example.com', password: 'Wrong1234' }, { from: '203.0.113.7' });
    expect(stranger.statusCode, stranger.body).toBe(503);
    expect(stranger.headers['retry-after']).toBe('2');
    expect(stranger.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', key: 'auth.busy', message: expect.stringMatching(/try again in a few seconds/) });
    // The owner from a browser the account has not used waits like everyone: refused too.
    expect((await signIn({ email, password }, { from: '198.51.100.4' })).statusCode).toBe(503);

    // The owner's browser has a slot of its own: signed in while the flood still holds the queue.
    const res = await signIn({ email, password }, { cookie: knownBrowser, from: '198.51.100.5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(queue.load).toEqual({ running: 1, priority: 0, normal: 2 });
    busy.open();
    await Promise.all(flood);
    // A refused check is not a wrong password: the account is not locked, a normal sign-in works.
    expect((await signIn({ email, password })).statusCode).toBe(200);
  });

  it('a flood of wrong sign-ins from many addresses gets quick refusals, never a 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => signIn({ email: `flood-${i}@example.com`, password: 'Wrong1234' }, { from: `10.9.0.${i + 1}` })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => s === 401 || s === 503),
      statuses.join(','),
    ).toBe(true);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(app.passwordHashing.queue.load).toEqual({ running: 0, priority: 0, normal: 0 });
  });
});

describe('health probes name neither the host nor the process (finding 6)', async () => {
  const lines: string[] = [];
  const { app } = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });

  it('live and ready answer without the host name or the pid; the logs keep both', async () => {
    for (const url of ['/api/health/live', '/api/health/ready']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(hostname());
      expect(res.json()).not.toHaveProperty('pid');
      expect(res.json()).not.toHaveProperty('instance');
      expect(res.body).not.toContain(String(process.pid));
    }
    await until(() => lines.length > 0, 'a log line');
    const logged = JSON.parse(lines.at(-1)!) as { pid?: number; hostname?: string };
    expect(logged).toMatchObject({ pid: process.pid, hostname: hostname() });
  });
});

describe('a view counts once per visitor and listing a day (finding 7)', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const owner = await createConfirmedUser(app, 'viewed-owner@example.com', 'Viewed123');
  const viewerAccount = await createConfirmedUser(app, 'viewer@example.com', 'Viewer123');
  const count = async (id: string) => (await app.db.select({ n: listings.viewCount }).from(listings).where(eq(listings.id, id)))[0]!.n;
  const view = (id: string, options: { from?: string; agent?: string; cookie?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/listing/${id}/views`,
      payload: {},
      remoteAddress: options.from ?? '203.0.113.10',
      headers: { 'user-agent': options.agent ?? 'Mozilla/5.0 (iPhone) Safari/604.1', ...(options.cookie ? { cookie: options.cookie } : {}) },
    });

  it('counts a browser without the visitor cookie once, whatever cookie it makes up', async () => {
    const id = await insertListing(app, owner.id);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await view(id));
    answers.push(await view(id, { cookie: 'medallion_vid=made-up-visitor-0123456789' }));
    answers.push(await view(id, { cookie: 'medallion_vid=another-made-up-visitor-42' }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json().data.counted)).toEqual([true, false, false, false, false]);
    expect(await count(id)).toBe(1);
    // Parallel calls of one visitor count once too.
    const burst = await Promise.all(Array.from({ length: 8 }, () => view(id, { from: '203.0.113.11' })));
    expect(burst.filter((r) => r.json().data.counted)).toHaveLength(1);
    expect(await count(id)).toBe(2);
  });

  it('counts other browsers of one address up to a cap, and other addresses apart', async () => {
    const id = await insertListing(app, owner.id);
    const agents = Array.from({ length: ANONYMOUS_VIEWS_PER_ADDRESS + 4 }, (_, i) => `Bot/${i}`);
    const counted = [];
    for (const agent of agents) counted.push((await view(id, { from: '198.51.100.20', agent })).json().data.counted);
    expect(counted.filter(Boolean)).toHaveLength(ANONYMOUS_VIEWS_PER_ADDRESS);
    expect((await view(id, { from: '198.51.100.21' })).json().data.counted).toBe(true);
    expect(await count(id)).toBe(ANONYMOUS_VIEWS_PER_ADDRESS + 1);
  });

  it('counts a signed-in viewer once a day from any address, and not the owner', async () => {
    const id = await insertListing(app, owner.id);
    expect((await view(id, { cookie: viewerAccount.cookie, from: '192.0.2.1' })).json().data.counted).toBe(true);
    expect((await view(id, { cookie: viewerAccount.cookie, from: '192.0.2.2', agent: 'Other/1' })).json().data.counted).toBe(false);
    expect((await view(id, { cookie: owner.cookie })).json().data.counted).toBe(false);
    expect(await count(id)).toBe(1);
  });

  it('counts the same visitor again the next day (New York), and keeps only recent rows', async () => {
    const id = await insertListing(app, owner.id);
    const visitor = { userId: null, address: '203.0.113.50', userAgent: 'Mozilla/5.0' };
    const { secret } = await app.auth.$context;
    const day1 = new Date('2026-03-10T15:00:00Z');
    expect((await recordListingView(app.db, id, visitor, secret, day1)).counted).toBe(true);
    // 23:30 in New York is the same day.
    expect((await recordListingView(app.db, id, visitor, secret, new Date('2026-03-11T03:30:00Z'))).counted).toBe(false);
    expect((await recordListingView(app.db, id, visitor, secret, new Date('2026-03-11T15:00:00Z'))).counted).toBe(true);
    expect((await recordListingView(app.db, id, visitor, secret, new Date('2026-03-14T15:00:00Z'))).counted).toBe(true);
    const rows = await app.db.select().from(listingViews).where(eq(listingViews.listingId, id));
    expect(rows.map((r) => r.day).sort()).toEqual(['2026-03-14']);
    // The table holds no address.
    expect(JSON.stringify(rows)).not.toContain('203.0.113.50');
    const [mine] = await app.db
      .select()
      .from(listingViews)
      .where(and(eq(listingViews.listingId, id), eq(listingViews.day, '2026-03-14')));
    expect(mine!.visitorId).toMatch(/^anon:/);
  });
});
