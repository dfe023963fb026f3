import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, mailOutbox, payments } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { photoDataUrl, storedListingPictures } from './helpers/photos';
import { createConfirmedUser, signedInStaff } from './helpers/auth';
import { payListingFee, saveSandboxCard } from './helpers/payments';
import { fieldTexts } from './helpers/field-texts';
import { RENTAL_LABEL_FIELDS } from '../../../test-support/rental-label';

const LOCATION = JSON.stringify({ city: 'Brooklyn', state: 'NY', zip_code: '11201' });

const photo = (color: string) => photoDataUrl(color);

/** Owners edit (what goes back to review, what applies at once) and delete their listings. */
describe('owners manage listings', async () => {
  const { app, config } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', SUPPORT_EMAIL: 'edits-review@medallion.example' });
  const owner = await createConfirmedUser(app, 'manage-owner@example.com', 'Secret123', 'Olga Petrova');
  const other = await createConfirmedUser(app, 'manage-other@example.com');
  const { cookie: staff } = await signedInStaff(app, 'manage-mod@example.com', 'Moderator');
  const card = await saveSandboxCard(app, owner.cookie, '4242424242424242');

  // This file saves more than the route's per-IP limit (60 a minute) allows one address: each call comes from its own.
  let calls = 0;
  const from = () => `10.9.${(++calls >> 8) & 255}.${calls & 255}`;
  const save = (cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/listing/save-draft', headers: { cookie }, payload, remoteAddress: from() });
  const remove = (cookie: string | null, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/listing/${id}`, headers: cookie ? { cookie } : {}, remoteAddress: from() });
  const get = (id: string, cookie?: string) => app.inject({ method: 'GET', url: `/api/listing/${id}`, headers: cookie ? { cookie } : {} });
  const row = async (id: string) => (await app.db.select().from(listings).where(eq(listings.id, id)))[0];
  const mediaFiles = (id: string) => storedListingPictures(config.DATA_DIR, id);

  const step1 = (id?: string, extra: Record<string, unknown> = {}) => ({
    step: 1,
    ...(id ? { listing_id: id } : {}),
    category: 'cars',
    name: '',
    email: '',
    phone_number: '(718) 555-0100',
    location: LOCATION,
    ...extra,
  });
  const details = (id: string, extra: Record<string, unknown> = {}) => ({
    step: 2,
    listing_id: id,
    category: 'cars',
    title: '2021 Toyota Camry Hybrid, TLC ready',
    description: 'Insurance included.',
    listing_price: '425',
    deal_type: 'rent',
    payment_period: 'weekly',
    ...RENTAL_LABEL_FIELDS,
    make: 'toyota',
    model: 'camry',
    year: '2021',
    images: [],
    ...extra,
  });

  async function newDraft(cookie = owner.cookie): Promise<string> {
    const res = await save(cookie, step1());
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.data.listing_id;
  }

  /** A paid and approved (ACTIVE) listing with one picture. */
  async function activeListing(): Promise<string> {
    const id = await newDraft();
    expect((await save(owner.cookie, details(id, { images: [await photo('#c33')] }))).statusCode).toBe(200);
    const paid = await payListingFee(app, owner.cookie, card, id);
    expect(paid.statusCode, paid.body).toBe(200);
    const approved = await app.inject({ method: 'POST', url: `/api/admin/listings/${id}/approve`, headers: { cookie: staff } });
    expect(approved.statusCode, approved.body).toBe(200);
    return id;
  }

  const inMarketplace = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/listing-all', query: { page_size: '100' } });
    return res.json().data.listings.some((l: { listing_id: string }) => l.listing_id === id);
  };
  const inQueue = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/listings', headers: { cookie: staff } });
    return res.json().data.some((l: { listing_id: string }) => l.listing_id === id);
  };
  const inDashboard = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/listing', headers: { cookie: owner.cookie } });
    return res.json().data.data.some((l: { listing_id: string }) => l.listing_id === id);
  };
  const feesOf = (id: string) => app.db.select().from(payments).where(eq(payments.reference, id));
  const editNotices = async (id: string) =>
    (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'edits-review@medallion.example'))).filter(
      (m) => m.subject.startsWith('Edited listing to review') && m.text.includes(id),
    );

  it('price and payment period of an ACTIVE listing apply at once: it stays live, published time kept, no new fee', async () => {
    const id = await activeListing();
    const before = (await row(id))!;
    const kept = before.images;
    const res = await save(owner.cookie, details(id, { listing_price: '399.50', payment_period: 'monthly', images: kept }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data).toEqual({ listing_id: id, status: 'ACTIVE', sent_to_review: false });
    const after = (await row(id))!;
    expect(after).toMatchObject({ status: 'ACTIVE', priceCents: 39_950, paymentPeriod: 'monthly', images: kept });
    expect(after.publishedAt).toEqual(before.publishedAt);
    expect(await inMarketplace(id)).toBe(true);
    expect(await inQueue(id)).toBe(false);
    expect(await feesOf(id)).toHaveLength(1);
    expect(await editNotices(id)).toHaveLength(0);

    // Contact details (step 1 without a change of place) apply at once too.
    const contact = await save(owner.cookie, step1(id, { name: 'Olga P.', phone_number: '(718) 555-0199' }));
    expect(contact.json().data.data).toEqual({ listing_id: id, status: 'ACTIVE', sent_to_review: false });
    expect(await row(id)).toMatchObject({ status: 'ACTIVE', name: 'Olga P.', phoneNumber: '(718) 555-0199' });
  });

  it.each([
    ['title', { title: 'A different title' }],
    ['description', { description: 'Now with a dash cam.' }],
    ['vehicle data', { year: '2022' }],
    ['deal type', { deal_type: 'sale', payment_period: null, listing_price: '18500' }],
  ])('a change of the %s of an ACTIVE listing sends it back to review, off the marketplace', async (_name, change) => {
    const id = await activeListing();
    const before = (await row(id))!;
    const res = await save(owner.cookie, details(id, { images: before.images, ...change }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data).toEqual({ listing_id: id, status: 'UNDER_REVIEW', sent_to_review: true });
    expect((await row(id))!.status).toBe('UNDER_REVIEW');
    expect(await inMarketplace(id)).toBe(false);
    expect(await inQueue(id)).toBe(true);
    expect(await editNotices(id)).toHaveLength(1);
    // The public no longer sees it; the owner does.
    expect((await get(id)).statusCode).toBe(404);
    expect((await get(id, owner.cookie)).json().data.status).toBe('UNDER_REVIEW');
    expect(await feesOf(id)).toHaveLength(1);

    // Staff approve it again: live, with its first publication time (it does not jump to the top).
    const approved = await app.inject({ method: 'POST', url: `/api/admin/listings/${id}/approve`, headers: { cookie: staff } });
    expect(approved.statusCode).toBe(200);
    expect((await row(id))!.publishedAt).toEqual(before.publishedAt);
    expect(await inMarketplace(id)).toBe(true);
  });

  it('new, removed or reordered pictures and a new place send an ACTIVE listing back to review', async () => {
    const id = await activeListing();
    const first = (await row(id))!.images;
    const added = await save(owner.cookie, details(id, { images: [...first, await photo('#3c3')] }));
    expect(added.json().data.data.sent_to_review).toBe(true);
    expect(mediaFiles(id)).toHaveLength(4);
    await app.inject({ method: 'POST', url: `/api/admin/listings/${id}/approve`, headers: { cookie: staff } });

    const two = (await row(id))!.images;
    const reordered = await save(owner.cookie, details(id, { images: [two[1], two[0]] }));
    expect(reordered.json().data.data.sent_to_review).toBe(true);
    await app.inject({ method: 'POST', url: `/api/admin/listings/${id}/approve`, headers: { cookie: staff } });

    const removed = await save(owner.cookie, details(id, { images: [two[1]] }));
    expect(removed.json().data.data.sent_to_review).toBe(true);
    expect(mediaFiles(id)).toHaveLength(2);
    await app.inject({ method: 'POST', url: `/api/admin/listings/${id}/approve`, headers: { cookie: staff } });

    const moved = await save(owner.cookie, step1(id, { location: JSON.stringify({ city: 'Flushing', state: 'NY' }) }));
    expect(moved.json().data.data).toEqual({ listing_id: id, status: 'UNDER_REVIEW', sent_to_review: true });
    // The category of a published listing never changes.
    const category = await save(owner.cookie, step1(id, { category: 'plates' }));
    expect(category.statusCode).toBe(400);
    expect(fieldTexts(category.json()).category).toMatch(/cannot change/);
  });

  it('an INACTIVE listing: price applies and it stays INACTIVE; a title change goes to review', async () => {
    const id = await activeListing();
    const off = await app.inject({
      method: 'POST',
      url: '/api/listing/change-status',
      headers: { cookie: owner.cookie },
      payload: { listing_id: id, listing_status: 'INACTIVE' },
    });
    expect(off.statusCode).toBe(200);
    const images = (await row(id))!.images;
    expect((await save(owner.cookie, details(id, { images, listing_price: '300' }))).json().data.data).toEqual({
      listing_id: id,
      status: 'INACTIVE',
      sent_to_review: false,
    });
    expect((await save(owner.cookie, details(id, { images, title: 'Renamed' }))).json().data.data.status).toBe('UNDER_REVIEW');
  });

  it("another user's listing: edits 403, delete 404, nothing changes; signed out: 401", async () => {
    const id = await activeListing();
    const before = (await row(id))!;
    expect((await save(other.cookie, details(id, { title: 'Hijacked' }))).statusCode).toBe(403);
    expect((await save(other.cookie, step1(id))).statusCode).toBe(403);
    expect((await remove(other.cookie, id)).statusCode).toBe(404);
    expect(await row(id)).toEqual(before);
    expect((await remove(null, id)).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/listing/save-draft', payload: details(id) })).statusCode).toBe(401);
    expect(await row(id)).toEqual(before);
  });

  it('bad input is a clear 4xx: NUL bytes, huge strings, wrong types, bad ids', async () => {
    const id = await activeListing();
    const before = (await row(id))!;
    const cases: Array<Record<string, unknown>> = [
      details(id, { title: 'Nice\u0000car' }),
      details(id, { title: 'x'.repeat(100_000) }),
      details(id, { description: 'y'.repeat(1_000_000) }),
      details(id, { listing_price: { amount: 1 } }),
      details(id, { listing_price: '1e999' }),
      details(id, { deal_type: 'lease' }),
      details(id, { images: 'not-a-list' }),
      details(id, { year: ['2021'] }),
      details(id, { listing_price: [425] }),
      details(id, { listing_id: 'not-an-id' }),
      details(id, { listing_id: 42 }),
    ];
    for (const payload of cases) {
      const res = await save(owner.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(-60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    expect(await row(id)).toEqual(before);
    for (const bad of ['not-an-id', '%00', 'x'.repeat(5000), '00000000-0000-4000-8000-000000000000']) {
      const res = await remove(owner.cookie, encodeURIComponent(bad));
      expect(res.statusCode, bad.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('a never-paid draft is deleted at once with its pictures; twice or in parallel is one delete', async () => {
    const id = await newDraft();
    // The "Untitled listing / Price on request" draft of a first failed attempt: step 1 only.
    const bare = await newDraft();
    expect((await save(owner.cookie, details(id, { images: [await photo('#33c'), await photo('#cc3')] }))).statusCode).toBe(200);
    expect(mediaFiles(id)).toHaveLength(4);

    const results = await Promise.all([remove(owner.cookie, id), remove(owner.cookie, id), remove(owner.cookie, id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    expect(results.find((r) => r.statusCode === 200)!.json().data).toEqual({ listing_id: id, kept_records: false });
    expect(await row(id)).toBeUndefined();
    expect(mediaFiles(id)).toHaveLength(0);
    expect(await inDashboard(id)).toBe(false);

    expect((await remove(owner.cookie, bare)).json().data).toEqual({ listing_id: bare, kept_records: false });
    expect(await row(bare)).toBeUndefined();
  });

  it('a published listing is soft-deleted: gone from search, detail, dashboard, queue, views, edits and checkout; payments kept', async () => {
    const id = await activeListing();
    expect(await inMarketplace(id)).toBe(true);
    const res = await remove(owner.cookie, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ listing_id: id, kept_records: true });

    const after = (await row(id))!;
    expect(after.status).toBe('INACTIVE');
    expect(after.deletedAt).toBeInstanceOf(Date);
    expect(mediaFiles(id)).toHaveLength(2); // the records and pictures stay
    expect(await feesOf(id)).toMatchObject([{ status: 'succeeded', amountCents: 108 }]);

    expect(await inMarketplace(id)).toBe(false);
    expect((await get(id)).statusCode).toBe(404);
    expect((await get(id, owner.cookie)).statusCode).toBe(404);
    expect((await get(id, staff)).statusCode).toBe(404);
    expect(await inDashboard(id)).toBe(false);
    expect((await app.inject({ method: 'POST', url: `/api/listing/${id}/views`, payload: {} })).statusCode).toBe(404);
    expect((await save(owner.cookie, details(id, { title: 'Back from the dead' }))).statusCode).toBe(404);
    const reactivate = await app.inject({
      method: 'POST',
      url: '/api/listing/change-status',
      headers: { cookie: owner.cookie },
      payload: { listing_id: id, listing_status: 'ACTIVE' },
    });
    expect(reactivate.statusCode).toBe(404);
    const pay = await payListingFee(app, owner.cookie, card, id);
    expect(pay.statusCode).toBe(404);
    const sitemap = await app.inject({ method: 'GET', url: '/sitemaps/listings-1.xml' });
    expect(sitemap.body).not.toContain(id);
    expect((await remove(owner.cookie, id)).statusCode).toBe(404);
    expect((await row(id))!.status).toBe('INACTIVE');
  });

  it('a listing under review is soft-deleted and leaves the staff queue; a rejected (paid) draft too', async () => {
    const id = await newDraft();
    await save(owner.cookie, details(id));
    await payListingFee(app, owner.cookie, card, id);
    expect(await inQueue(id)).toBe(true);
    expect((await remove(owner.cookie, id)).json().data.kept_records).toBe(true);
    expect(await inQueue(id)).toBe(false);
    expect((await app.inject({ method: 'POST', url: `/api/admin/listings/${id}/approve`, headers: { cookie: staff } })).statusCode).toBe(404);

    const rejected = await newDraft();
    await save(owner.cookie, details(rejected));
    await payListingFee(app, owner.cookie, card, rejected);
    await app.inject({ method: 'POST', url: `/api/admin/listings/${rejected}/reject`, headers: { cookie: staff }, payload: { reason: 'Blurry photos' } });
    expect((await row(rejected))!.status).toBe('DRAFT');
    expect((await remove(owner.cookie, rejected)).json().data.kept_records).toBe(true);
    expect((await row(rejected))!.deletedAt).not.toBeNull();
    expect(await feesOf(rejected)).toHaveLength(1);
  });

  it('a sale listing needs no payment period to be paid for; a rental does', async () => {
    const sale = await newDraft();
    const saved = await save(owner.cookie, details(sale, { deal_type: 'sale', payment_period: 'weekly', listing_price: '18500' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await row(sale)).toMatchObject({ dealType: 'sale', paymentPeriod: null });
    const paid = await payListingFee(app, owner.cookie, card, sale);
    expect(paid.statusCode, paid.body).toBe(200);
    const rent = await save(owner.cookie, details(await newDraft(), { payment_period: null }));
    expect(fieldTexts(rent.json())).toEqual({ payment_period: 'Listing payment period is not entered' });
  });

  it('parallel edits and deletes of one listing: the delete wins, nothing half-written', async () => {
    const id = await activeListing();
    const images = (await row(id))!.images;
    const results = await Promise.all([
      save(owner.cookie, details(id, { images, listing_price: '500' })),
      remove(owner.cookie, id),
      save(owner.cookie, details(id, { images, title: 'Renamed in parallel' })),
      remove(owner.cookie, id),
    ]);
    for (const r of results) expect([200, 404], r.body).toContain(r.statusCode);
    // Of the two deletes, one deletes and the other finds nothing.
    expect([results[1]!.statusCode, results[3]!.statusCode].sort()).toEqual([200, 404]);
    const after = (await row(id))!;
    expect(after.status).toBe('INACTIVE');
    expect(after.deletedAt).not.toBeNull();
    expect(await inMarketplace(id)).toBe(false);
    expect(await inQueue(id)).toBe(false);
  });
});
