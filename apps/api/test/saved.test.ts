import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES } from '@medallion/contracts/saved';
import { listings, mailOutbox, savedListings, savedSearches } from '@medallion/db/schema';
import { decodeHeader, startSmtpSink } from '../../../test-support/smtp-sink';
import { digestOptionsFor } from '../src/modules/saved/search-digest-job';
import { sendSearchDigests } from '../src/modules/saved/send-search-digest';
import { createConfirmedUser } from './helpers/auth';
import { buildTestApp } from './helpers/build-test-app';

type NewListing = Partial<typeof listings.$inferInsert>;
const DAY = 24 * 60 * 60 * 1000;

describe('saved listings and saved searches', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const owner = await createConfirmedUser(app, 'saved-owner@example.com', 'Secret123', 'Olga Owner');
  const me = await createConfirmedUser(app, 'saved-me@example.com', 'Secret123', 'Ivan Driver');
  const other = await createConfirmedUser(app, 'saved-other@example.com', 'Secret123', 'Other Driver');

  /** A listing of the owner, ACTIVE and published a minute ago unless told otherwise. */
  async function listing(values: NewListing = {}) {
    const [row] = await app.db
      .insert(listings)
      .values({
        userId: owner.id,
        status: 'ACTIVE',
        category: 'cars',
        title: 'Toyota Camry Hybrid 2021',
        priceCents: 45_000,
        paymentPeriod: 'weekly',
        carMake: 'Toyota',
        carModel: 'Camry',
        carYear: 2021,
        locationCity: 'Queens',
        locationState: 'NY',
        locationZip: '11101',
        email: 'private-owner@example.com',
        phoneNumber: '(718) 555-0100',
        publishedAt: new Date(Date.now() - 60_000),
        ...values,
      })
      .returning();
    return row!;
  }

  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });

  describe('saved listings', () => {
    it('saves a published listing once, even twice in parallel, and lists it for its user only', async () => {
      const l = await listing();
      const [a, b] = await Promise.all([call('PUT', `/api/saved-listings/${l.id}`, me.cookie), call('PUT', `/api/saved-listings/${l.id}`, me.cookie)]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.statusCode, b.body).toBe(200);
      expect(a.json().data).toEqual({ listing_id: l.id, saved: true });
      const rows = await app.db.select().from(savedListings).where(eq(savedListings.listingId, l.id));
      expect(rows).toHaveLength(1);

      const mine = (await call('GET', '/api/saved-listings', me.cookie)).json().data.items;
      expect(mine.map((i: { listing_id: string }) => i.listing_id)).toContain(l.id);
      const item = mine.find((i: { listing_id: string }) => i.listing_id === l.id);
      expect(item).toMatchObject({ available: true, title: l.title, listing: { listing_id: l.id, status: 'ACTIVE' } });
      expect((await call('GET', '/api/saved-listings/ids', me.cookie)).json().data.listing_ids).toContain(l.id);

      // Another user sees none of it, and their DELETE does not touch mine.
      expect((await call('GET', '/api/saved-listings', other.cookie)).json().data.items).toEqual([]);
      expect((await call('GET', '/api/saved-listings/ids', other.cookie)).json().data.listing_ids).toEqual([]);
      const theirs = await call('DELETE', `/api/saved-listings/${l.id}`, other.cookie);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().data.saved).toBe(false);
      expect(
        await app.db
          .select()
          .from(savedListings)
          .where(and(eq(savedListings.listingId, l.id), eq(savedListings.userId, me.id))),
      ).toHaveLength(1);

      // DELETE is idempotent.
      for (let i = 0; i < 2; i++) {
        const res = await call('DELETE', `/api/saved-listings/${l.id}`, me.cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual({ listing_id: l.id, saved: false });
      }
      expect((await call('GET', '/api/saved-listings/ids', me.cookie)).json().data.listing_ids).not.toContain(l.id);
    });

    it('refuses guests (401) and unknown, unpublished or deleted listings (404)', async () => {
      const l = await listing();
      expect((await call('PUT', `/api/saved-listings/${l.id}`)).statusCode).toBe(401);
      expect((await call('GET', '/api/saved-listings')).statusCode).toBe(401);
      const draft = await listing({ status: 'DRAFT', publishedAt: null });
      const review = await listing({ status: 'UNDER_REVIEW', publishedAt: null });
      const deleted = await listing({ deletedAt: new Date() });
      for (const id of [draft.id, review.id, deleted.id, '00000000-0000-4000-8000-000000000000', 'not-a-listing']) {
        const res = await call('PUT', `/api/saved-listings/${id}`, me.cookie);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().key).toBe('listingNotFound');
        expect((await call('DELETE', `/api/saved-listings/${id}`, me.cookie)).statusCode, id).toBe(404);
      }
      expect(await app.db.select().from(savedListings).where(eq(savedListings.listingId, draft.id))).toHaveLength(0);
    });

    it('keeps a listing that was deactivated or deleted as no longer available, without its details, and lets the user remove it', async () => {
      const off = await listing({ title: 'Deactivated later' });
      const gone = await listing({ title: 'Deleted later' });
      for (const l of [off, gone]) expect((await call('PUT', `/api/saved-listings/${l.id}`, me.cookie)).statusCode).toBe(200);
      await app.db.update(listings).set({ status: 'INACTIVE' }).where(eq(listings.id, off.id));
      await app.db.update(listings).set({ deletedAt: new Date() }).where(eq(listings.id, gone.id));
      const res = await call('GET', '/api/saved-listings', me.cookie);
      const items = res.json().data.items as { listing_id: string }[];
      for (const l of [off, gone]) {
        expect(items.find((i) => i.listing_id === l.id)).toEqual(expect.objectContaining({ available: false, listing: null, title: l.title }));
      }
      expect(res.body).not.toContain('private-owner@example.com');
      expect(res.body).not.toContain('555-0100');
      for (const l of [off, gone]) expect((await call('DELETE', `/api/saved-listings/${l.id}`, me.cookie)).statusCode).toBe(200);
      expect((await call('GET', '/api/saved-listings/ids', me.cookie)).json().data.listing_ids).not.toContain(gone.id);
    });

    it('answers bad ids with a 4xx, never a 500', async () => {
      for (const id of ['%00', `${'a'.repeat(101)}`, 'x%00y', '%F0%9F']) {
        const res = await call('PUT', `/api/saved-listings/${id}`, me.cookie);
        expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, id).toBeLessThan(500);
      }
    });
  });

  describe('saved searches', () => {
    it('saves the filters it can search with, names them by default, and lists them for their user only', async () => {
      const res = await call('POST', '/api/saved-searches', me.cookie, {
        filters: { category: 'cars', price_min: '300', price_max: '900', location_city: 'Queens', location_state: 'ny', page: '3', unknown: 'x', car_make: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json().data;
      expect(saved.filters).toEqual({ category: 'cars', price_min: '300', price_max: '900', location_city: 'Queens', location_state: 'ny' });
      expect(saved.name).toBe('Cars · Queens, NY · $300–$900');
      expect(saved.notify).toBe(true);
      const named = await call('POST', '/api/saved-searches', me.cookie, { name: '  Plates in Brooklyn ', filters: { category: 'plates' } });
      expect(named.json().data.name).toBe('Plates in Brooklyn');

      const mine = (await call('GET', '/api/saved-searches', me.cookie)).json().data.searches;
      expect(mine.map((s: { search_id: string }) => s.search_id)).toEqual([named.json().data.search_id, saved.search_id]);
      expect(mine[1].filters).not.toHaveProperty('language');
      expect((await call('GET', '/api/saved-searches', other.cookie)).json().data.searches).toEqual([]);
      expect((await call('GET', '/api/saved-searches')).statusCode).toBe(401);
    });

    it('saves the same search once, also when it comes twice in parallel', async () => {
      const user = await createConfirmedUser(app, 'saved-twice@example.com');
      const payload = { name: 'Twice', filters: { category: 'plates', location_zip: '11375' } };
      const [a, b] = await Promise.all([call('POST', '/api/saved-searches', user.cookie, payload), call('POST', '/api/saved-searches', user.cookie, payload)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().data.search_id).toBe(b.json().data.search_id);
      const again = await call('POST', '/api/saved-searches', user.cookie, payload, { cookie: `${user.cookie}; medallion.language=ru` });
      expect(again.json().data.search_id).toBe(a.json().data.search_id);
      expect(await app.db.select().from(savedSearches).where(eq(savedSearches.userId, user.id))).toHaveLength(1);
      const other = await call('POST', '/api/saved-searches', user.cookie, { ...payload, name: 'Other name' });
      expect(other.json().data.search_id).not.toBe(a.json().data.search_id);
    });

    it("refuses another user's search (404) and changes nothing", async () => {
      const created = (await call('POST', '/api/saved-searches', me.cookie, { filters: { category: 'cars' } })).json().data;
      const patch = await call('PATCH', `/api/saved-searches/${created.search_id}`, other.cookie, { notify: false });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().key).toBe('savedSearch.notFound');
      expect((await call('DELETE', `/api/saved-searches/${created.search_id}`, other.cookie)).statusCode).toBe(404);
      const [row] = await app.db.select().from(savedSearches).where(eq(savedSearches.id, created.search_id));
      expect(row?.notify).toBe(true);

      const off = await call('PATCH', `/api/saved-searches/${created.search_id}`, me.cookie, { notify: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().data.notify).toBe(false);
      expect((await call('DELETE', `/api/saved-searches/${created.search_id}`, me.cookie)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/saved-searches/${created.search_id}`, me.cookie)).statusCode).toBe(404);
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        expect((await call('PATCH', `/api/saved-searches/${id}`, me.cookie, { notify: true })).statusCode).toBe(404);
      }
    });

    it('answers bad input with a 4xx: NUL bytes, huge or too many filters, wrong types, bad filter values', async () => {
      const bad: unknown[] = [
        { filters: { category: 'cars\u0000' } },
        { filters: { location: 'x'.repeat(5000) } },
        { filters: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'v'])) },
        { filters: { category: 5 } },
        { filters: 'category=cars' },
        { filters: ['cars'] },
        {},
        { name: 'x'.repeat(81), filters: {} },
        { name: '   ', filters: {} },
        { name: 'a\u0000b', filters: {} },
        { name: 42, filters: {} },
      ];
      for (const payload of bad) {
        const res = await call('POST', '/api/saved-searches', me.cookie, payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      }
      const price = await call('POST', '/api/saved-searches', me.cookie, { filters: { price_min: '900', price_max: '100' } });
      expect(price.statusCode).toBe(400);
      expect(price.json().fields['filters.price_min'].key).toBe('filterPriceRange');
      const zip = await call('POST', '/api/saved-searches', me.cookie, { filters: { location_zip: 'abc' } });
      expect(zip.json().fields['filters.location_zip'].key).toBe('filterZip');

      const created = (await call('POST', '/api/saved-searches', me.cookie, { filters: {} })).json().data;
      for (const payload of [{ notify: 'yes' }, {}, { notify: null }]) {
        expect((await call('PATCH', `/api/saved-searches/${created.search_id}`, me.cookie, payload)).statusCode).toBe(400);
      }
      expect((await call('PATCH', `/api/saved-searches/%00`, me.cookie, { notify: true })).statusCode).toBe(400);
      expect((await call('GET', '/api/saved-searches/unsubscribe?token=%00')).statusCode).toBe(400);
      expect((await call('GET', `/api/saved-searches/unsubscribe?token=${'a'.repeat(500)}`)).statusCode).toBe(400);
      expect((await call('GET', '/api/saved-searches/unsubscribe')).statusCode).toBe(400);
      await call('DELETE', `/api/saved-searches/${created.search_id}`, me.cookie);
    });

    it(`keeps at most ${MAX_SAVED_SEARCHES} searches per user, also when saved in parallel`, async () => {
      const user = await createConfirmedUser(app, 'saved-many@example.com');
      const results = await Promise.all(
        Array.from({ length: MAX_SAVED_SEARCHES + 5 }, (_, i) => call('POST', '/api/saved-searches', user.cookie, { name: `Search ${i}`, filters: {} })),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(MAX_SAVED_SEARCHES);
      const refused = results.filter((r) => r.statusCode !== 200);
      expect(refused.map((r) => r.statusCode)).toEqual(Array(5).fill(409));
      expect(refused[0]!.json()).toMatchObject({ key: 'savedSearch.tooMany', params: { max: MAX_SAVED_SEARCHES } });
      const [counted] = await app.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(savedSearches)
        .where(eq(savedSearches.userId, user.id));
      expect(counted?.n).toBe(MAX_SAVED_SEARCHES);
    });
  });

  describe('daily digest', () => {
    const digest = () => sendSearchDigests(app.db, digestOptionsFor(app));
    const mailsTo = (email: string) =>
      app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.category, 'digest')))
        .orderBy(desc(mailOutbox.createdAt));
    /** Saves a search through the API, then moves its last digest back. */
    async function search(cookie: string, filters: Record<string, string>, lastNotifiedAgo: number, headers: Record<string, string> = {}) {
      const res = await call('POST', '/api/saved-searches', cookie, { filters }, headers);
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.search_id as string;
      await app.db
        .update(savedSearches)
        .set({ lastNotifiedAt: new Date(Date.now() - lastNotifiedAgo) })
        .where(eq(savedSearches.id, id));
      return id;
    }

    it('mails each due user once with only the new ACTIVE listings that match, in their language, and never twice', async () => {
      const reader = await createConfirmedUser(app, 'digest-reader@example.com', 'Secret123', 'Daria Reader');
      const since = 2 * DAY;
      await search(reader.cookie, { category: 'cars', car_make: 'Subaru' }, since, { cookie: `${reader.cookie}; medallion.language=ru` });
      await search(reader.cookie, { category: 'plates', location_zip: '11375' }, since);
      const ago = (ms: number) => new Date(Date.now() - ms);
      const match = await listing({ title: 'Subaru Outback new', carMake: 'Subaru', publishedAt: ago(DAY) });
      const plate = await listing({ title: 'Plate in Forest Hills', category: 'plates', locationZip: '11375', carMake: null, publishedAt: ago(DAY / 2) });
      const old = await listing({ title: 'Subaru Outback old', carMake: 'Subaru', publishedAt: ago(3 * DAY) });
      const inactive = await listing({ title: 'Subaru Outback inactive', carMake: 'Subaru', status: 'INACTIVE', publishedAt: ago(DAY) });
      const deleted = await listing({ title: 'Subaru Outback deleted', carMake: 'Subaru', deletedAt: new Date(), publishedAt: ago(DAY) });
      const otherMake = await listing({ title: 'Honda Accord new', carMake: 'Honda', publishedAt: ago(DAY) });
      const [mine] = await app.db
        .insert(listings)
        .values({ userId: reader.id, status: 'ACTIVE', category: 'cars', title: 'My own Subaru', carMake: 'Subaru', publishedAt: ago(DAY) })
        .returning();
      // A user whose search was saved an hour ago is not due yet; one with alerts off never is.
      const fresh = await createConfirmedUser(app, 'digest-fresh@example.com');
      await search(fresh.cookie, { category: 'cars' }, 60 * 60 * 1000);
      const muted = await createConfirmedUser(app, 'digest-muted@example.com');
      const mutedId = await search(muted.cookie, { category: 'cars' }, since);
      await call('PATCH', `/api/saved-searches/${mutedId}`, muted.cookie, { notify: false });
      await app.db
        .update(savedSearches)
        .set({ lastNotifiedAt: ago(since) })
        .where(eq(savedSearches.id, mutedId));

      const [first, second] = await Promise.all([digest(), digest()]);
      // The round is leased: one of two parallel rounds runs.
      expect([first.ran, second.ran].filter(Boolean).length).toBeGreaterThanOrEqual(1);
      const mails = await mailsTo('digest-reader@example.com');
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.category).toBe('digest');
      expect(mail.subject).toBe('Новые объявления по вашим сохранённым поискам');
      expect(mail.text).toContain('Здравствуйте, Daria Reader!');
      for (const l of [match, plate]) expect(mail.text).toContain(`/listing/${l.id}`);
      for (const l of [old, inactive, deleted, otherMake, mine!]) expect(mail.text).not.toContain(l.id);
      expect(mail.text).toMatch(/\/unsubscribe\?token=[\w-]+&token=[\w-]+/);
      expect(await mailsTo('digest-fresh@example.com')).toHaveLength(0);
      expect(await mailsTo('digest-muted@example.com')).toHaveLength(0);

      // Again, and again with a newer match: nothing twice, and nothing more the same day.
      expect((await digest()).mails).toBe(0);
      await listing({ title: 'Subaru Forester newer', carMake: 'Subaru', publishedAt: new Date() });
      expect((await digest()).mails).toBe(0);
      expect(await mailsTo('digest-reader@example.com')).toHaveLength(1);

      // A day later the newer listing comes, once.
      await app.db
        .update(savedSearches)
        .set({ lastNotifiedAt: sql`${savedSearches.lastNotifiedAt} - interval '1 day'` })
        .where(eq(savedSearches.userId, reader.id));
      expect((await digest()).mails).toBeGreaterThanOrEqual(1);
      const after = await mailsTo('digest-reader@example.com');
      expect(after).toHaveLength(2);
      expect(after[0]!.text).toContain('Subaru Forester newer');
      expect(after[0]!.text).not.toContain(match.id);
    });

    it('sends no mail when nothing new matches, and writes in English and Russian when the language is unknown', async () => {
      const quiet = await createConfirmedUser(app, 'digest-quiet@example.com');
      await search(quiet.cookie, { category: 'cars', car_make: 'Lada' }, 2 * DAY);
      const both = await createConfirmedUser(app, 'digest-both@example.com');
      await search(both.cookie, { category: 'cars', car_make: 'Volvo' }, 2 * DAY);
      await listing({ title: 'Volvo XC90', carMake: 'Volvo', publishedAt: new Date(Date.now() - DAY) });
      await digest();
      expect(await mailsTo('digest-quiet@example.com')).toHaveLength(0);
      const [mail] = await mailsTo('digest-both@example.com');
      expect(mail?.subject).toBe('New listings for your saved searches / Новые объявления по вашим сохранённым поискам');
      expect(mail?.text).toContain('Volvo XC90');
    });

    it('turns alerts off with the e-mailed token without signing in; a wrong token is 404', async () => {
      const reader = await createConfirmedUser(app, 'digest-unsub@example.com');
      const id = await search(reader.cookie, { category: 'cars', car_make: 'Kia' }, 2 * DAY);
      await listing({ title: 'Kia Niro', carMake: 'Kia', publishedAt: new Date(Date.now() - DAY) });
      await digest();
      const [mail] = await mailsTo('digest-unsub@example.com');
      const link = new URL(mail!.text.match(/https?:\/\/\S+\/unsubscribe\?token=[\w-]+/)![0]);
      const api = `/api/saved-searches/unsubscribe${link.search}`;
      for (let i = 0; i < 2; i++) {
        const res = await call('GET', api);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.names).toEqual(['Cars · Kia']);
      }
      const [row] = await app.db.select().from(savedSearches).where(eq(savedSearches.id, id));
      expect(row?.notify).toBe(false);
      // A browser is sent to the confirmation page; the one-click POST works too.
      const browser = await call('GET', api, undefined, undefined, { accept: 'text/html' });
      expect(browser.statusCode).toBe(303);
      expect(browser.headers.location).toBe(`/unsubscribe${link.search}`);
      const oneClick = await app.inject({
        method: 'POST',
        url: api,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode, oneClick.body).toBe(200);

      for (const token of ['wrong-token-wrong-token-wrong', 'short']) {
        const res = await call('GET', `/api/saved-searches/unsubscribe?token=${token}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().key).toBe('savedSearch.unsubscribeNotFound');
      }
    });
  });
});

describe('digest over SMTP', async () => {
  const smtp = await startSmtpSink();
  afterAll(() => smtp.close());
  const { app } = await buildTestApp({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: 'https://medallion.example' });

  it('carries List-Unsubscribe (one-click) with the tokens of the e-mail', async () => {
    const reader = await createConfirmedUser(app, 'digest-smtp@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: { cookie: reader.cookie },
      payload: { filters: { category: 'plates' } },
    });
    const id = res.json().data.search_id as string;
    await app.db
      .update(savedSearches)
      .set({ lastNotifiedAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(savedSearches.id, id));
    const seller = await createConfirmedUser(app, 'digest-seller@example.com');
    await app.db
      .insert(listings)
      .values({ userId: seller.id, status: 'ACTIVE', category: 'plates', title: 'Plate 1A23', publishedAt: new Date(Date.now() - DAY) });
    expect((await sendSearchDigests(app.db, digestOptionsFor(app))).mails).toBe(1);
    await app.mailer.deliverDue();
    const mail = smtp.received.find((m) => m.to.includes('digest-smtp@example.com') && m.raw.includes('List-Unsubscribe'));
    expect(mail).toBeDefined();
    const [row] = await app.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    // nodemailer folds the long header after its name.
    expect(mail!.raw.match(/^List-Unsubscribe:\s*(<[^>]*>)/m)?.[1]).toBe(
      `<https://medallion.example/api/saved-searches/unsubscribe?token=${row!.unsubscribeToken}>`,
    );
    expect(decodeHeader(mail!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });
});
