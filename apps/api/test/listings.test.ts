import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Listing } from '@medallion/contracts/listings';
import { runSeed } from '@medallion/db/seed';
import { listings, listingViews, payments, seedHistory, user } from '@medallion/db/schema';
import { DEMO_DRIVER_CARD_ID, DEMO_LISTING_FEES_STEP, demoAccountsSeedStep, demoListingFeesSeedStep, demoListingsSeedStep } from '@medallion/demo';
import { DEMO_ACCOUNTS } from '../../../test-support/demo-accounts';
import { demoSeedContext } from '../src/modules/demo/seed-context';
import { buildTestApp } from './helpers/build-test-app';
import { searchAllListings } from './helpers/listings';
import { createConfirmedUser, sessionCookie } from './helpers/auth';

type Row = typeof listings.$inferSelect;

describe('marketplace listings', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const seedContext = demoSeedContext({ storage: app.storage });
  await runSeed(app.db, [demoAccountsSeedStep(seedContext), demoListingsSeedStep(seedContext, { photos: false }), demoListingFeesSeedStep(seedContext)]);
  const all: Row[] = await app.db.select().from(listings);
  const active = all.filter((r) => r.status === 'ACTIVE');
  const newestFirst = (a: Row, b: Row) => b.publishedAt!.getTime() - a.publishedAt!.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  /** The ids of the active listings, newest first, from start to end (a page of the marketplace). */
  const newestActive = (start: number, end: number) =>
    [...active]
      .sort(newestFirst)
      .slice(start, end)
      .map((r) => r.id);

  async function signIn(email: string, password: string) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    return sessionCookie(res);
  }

  const searchAll = (query: Record<string, string>) => searchAllListings(app, query);

  async function expectSearch(query: Record<string, string>, predicate: (r: Row) => boolean, minimum = 1) {
    const expected = active
      .filter(predicate)
      .sort(newestFirst)
      .map((r) => r.id);
    expect(expected.length, `the seed has data for ${JSON.stringify(query)}`).toBeGreaterThanOrEqual(minimum);
    const got = await searchAll(query);
    expect(got.map((l) => l.listing_id)).toEqual(expected);
  }

  it('seeds at least 120 active listings of both categories, and the demo driver owns every status', async () => {
    expect(active.length).toBeGreaterThanOrEqual(120);
    expect(active.some((r) => r.category === 'plates')).toBe(true);
    expect(active.some((r) => r.category === 'cars')).toBe(true);
    const [driver] = await app.db.select().from(user).where(eq(user.email, DEMO_ACCOUNTS.driver.email));
    const statuses = new Set(all.filter((r) => r.userId === driver!.id).map((r) => r.status));
    expect([...statuses].sort()).toEqual(['ACTIVE', 'DRAFT', 'INACTIVE', 'UNDER_REVIEW']);
  });

  it('lists only ACTIVE listings, newest first, 20 per page by default, with the total', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/listing-all' });
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.total).toBe(active.length);
    expect(body.page).toBe(1);
    expect(body.page_size).toBe(20);
    expect(body.total_capped).toBe(false);
    expect(body.prev_cursor).toBeNull();
    expect(body.next_cursor).toEqual(expect.any(String));
    expect(body.listings.map((l: Listing) => l.listing_id)).toEqual(newestActive(0, 20));
    const page2 = (await app.inject({ method: 'GET', url: '/api/listing-all?page=2' })).json().data;
    expect(page2.listings.map((l: Listing) => l.listing_id)).toEqual(newestActive(20, 40));
    const beyond = (await app.inject({ method: 'GET', url: '/api/listing-all?page=99' })).json().data;
    expect(beyond).toMatchObject({ listings: [], total: active.length, page: 99, next_cursor: null, prev_cursor: null });
  });

  it('applies every filter alone, matching a brute-force check of the seeded data', async () => {
    const car = active.find((r) => r.category === 'cars' && r.locationZip)!;
    const prices = active.map((r) => r.priceCents! / 100).sort((a, b) => a - b);
    const midPrice = prices[Math.floor(prices.length / 2)]!;
    await expectSearch({ category: 'cars' }, (r) => r.category === 'cars');
    await expectSearch({ category: 'plates' }, (r) => r.category === 'plates');
    await expectSearch({ category: 'all' }, () => true);
    await expectSearch({ price_min: String(midPrice) }, (r) => r.priceCents! >= midPrice * 100);
    await expectSearch({ price_max: String(midPrice) }, (r) => r.priceCents! <= midPrice * 100);
    await expectSearch({ car_year_min: '2021' }, (r) => r.carYear !== null && r.carYear >= 2021);
    await expectSearch({ car_year_max: '2019' }, (r) => r.carYear !== null && r.carYear <= 2019);
    await expectSearch({ car_make_value: String(car.carMakeId) }, (r) => r.carMakeId === car.carMakeId);
    await expectSearch({ car_make: car.carMake!.toUpperCase() }, (r) => r.carMake === car.carMake);
    await expectSearch({ car_model_value: String(car.carModelId) }, (r) => r.carModelId === car.carModelId);
    await expectSearch({ car_model: car.carModel! }, (r) => r.carModel === car.carModel);
    await expectSearch({ location_zip: car.locationZip! }, (r) => r.locationZip === car.locationZip);
    await expectSearch({ location_city: car.locationCity!.toLowerCase() }, (r) => r.locationCity === car.locationCity);
    await expectSearch(
      { location_city: car.locationCity!, location_state: car.locationState!.toLowerCase() },
      (r) => r.locationCity === car.locationCity && r.locationState === car.locationState,
    );
    await expectSearch({ location: car.locationZip!.slice(0, 3) }, (r) => (r.locationZip ?? '').startsWith(car.locationZip!.slice(0, 3)));
    await expectSearch({ location: 'brook' }, (r) => (r.locationCity ?? '').toLowerCase().startsWith('brook'));
  });

  it('combines filters (cars + make + model + year range + price range + location)', async () => {
    const toyota = active.filter((r) => r.carMake === 'Toyota');
    expect(toyota.length).toBeGreaterThan(3);
    const model = toyota[0]!;
    const years = toyota.filter((r) => r.carModelId === model.carModelId).map((r) => r.carYear!);
    const yearMin = Math.min(...years);
    const yearMax = Math.max(...years);
    await expectSearch(
      {
        category: 'cars',
        car_make: 'Toyota',
        car_make_value: String(model.carMakeId),
        car_model_value: String(model.carModelId),
        car_year_min: String(yearMin),
        car_year_max: String(yearMax),
        price_min: '0',
        price_max: '100000',
      },
      (r) => r.category === 'cars' && r.carModelId === model.carModelId && r.carYear! >= yearMin && r.carYear! <= yearMax,
    );
    await expectSearch(
      { category: 'cars', car_make_value: String(model.carMakeId), price_min: '300', price_max: '600', car_year_min: '2018' },
      (r) => r.category === 'cars' && r.carMakeId === model.carMakeId && r.priceCents! >= 30_000 && r.priceCents! <= 60_000 && r.carYear! >= 2018,
    );
    await expectSearch(
      { category: 'plates', location_state: 'NY', location_city: 'Brooklyn', price_max: '1000' },
      (r) => r.category === 'plates' && r.locationCity === 'Brooklyn' && r.locationState === 'NY' && r.priceCents! <= 100_000,
      0,
    );
    // Nothing matches: an empty page, not an error.
    const none = await app.inject({ method: 'GET', url: '/api/listing-all?category=plates&car_year_min=2020' });
    expect(none.json().data).toMatchObject({ listings: [], total: 0 });
  });

  it('refuses bad query values with a 400 that says what is wrong', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['price_min=-5', 'price_min', /whole number/],
      ['price_max=abc', 'price_max', /whole number/],
      ['price_min=500&price_max=100', 'price_min', /minimum price/],
      ['car_year_min=2022&car_year_max=2020', 'car_year_min', /minimum year/],
      ['car_year_min=1200', 'car_year_min', /year from 1980/],
      ['page=0', 'page', /page number/],
      ['page=99999999', 'page', /page number/],
      ['page=1e9', 'page', /whole number/],
      ['page_size=1000', 'page_size', /page size/],
      ['category=boats', 'category', /Cars, Plates/],
      ['location_zip=12', 'location_zip', /5-digit/],
      ['car_make_value=toyota', 'car_make_value', /make from the list/],
      [`location=${'x'.repeat(200)}`, 'location', /too long/],
    ];
    for (const [query, field, message] of cases) {
      const res = await app.inject({ method: 'GET', url: `/api/listing-all?${query}` });
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(body.code, query).toBe('VALIDATION_ERROR');
      expect(body.fields?.[field]?.message, query).toMatch(message);
      expect(body.fields?.[field]?.key, query).toBe(body.key);
      expect(body.message, query).toMatch(message);
    }
  });

  it('suggests locations by zip prefix and by city prefix, 400 when nothing matches', async () => {
    const zips = await app.inject({ method: 'GET', url: '/api/listing/suggested-locations?limit=5&zip_code=112' });
    expect(zips.statusCode).toBe(200);
    const zipData = zips.json().data;
    expect(zipData).toHaveLength(5);
    for (const s of zipData) expect(s.zip_code).toMatch(/^112\d\d$/);
    expect(zipData[0]).toEqual({ zip_code: '11201', city: 'Brooklyn', state: 'NY' });

    const cities = await app.inject({ method: 'GET', url: '/api/listing/suggested-locations?limit=5&city=brook' });
    expect(cities.statusCode).toBe(200);
    const cityData = cities.json().data;
    expect(cityData.length).toBeLessThanOrEqual(5);
    expect(cityData[0]).toEqual({ city: 'Brooklyn', state: 'NY' });
    for (const s of cityData) expect(s.city.toLowerCase()).toMatch(/^brook/);
    expect(new Set(cityData.map((s: { city: string; state: string }) => `${s.city}|${s.state}`)).size).toBe(cityData.length);

    const none = await app.inject({ method: 'GET', url: '/api/listing/suggested-locations?limit=5&city=qqqzzz' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Location not found');
    const noZip = await app.inject({ method: 'GET', url: '/api/listing/suggested-locations?limit=5&zip_code=00000' });
    expect(noZip.statusCode).toBe(400);
    const neither = await app.inject({ method: 'GET', url: '/api/listing/suggested-locations?limit=5' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toMatch(/ZIP code or a city/);
  });

  it('shows an ACTIVE listing to everyone and other statuses only to their owner', async () => {
    const [driver] = await app.db.select().from(user).where(eq(user.email, DEMO_ACCOUNTS.driver.email));
    const draft = all.find((r) => r.userId === driver!.id && r.status === 'DRAFT')!;
    const open = active[0]!;
    const publicRes = await app.inject({ method: 'GET', url: `/api/listing/${open.id}` });
    expect(publicRes.statusCode).toBe(200);
    expect(publicRes.json().data).toMatchObject({ listing_id: open.id, status: 'ACTIVE', email: open.email, title: open.title });

    expect((await app.inject({ method: 'GET', url: `/api/listing/${draft.id}` })).statusCode).toBe(404);
    const stranger = await createConfirmedUser(app, 'stranger@example.com');
    expect((await app.inject({ method: 'GET', url: `/api/listing/${draft.id}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    const owner = await signIn(DEMO_ACCOUNTS.driver.email, DEMO_ACCOUNTS.driver.password);
    const mine = await app.inject({ method: 'GET', url: `/api/listing/${draft.id}`, headers: { cookie: owner } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.status).toBe('DRAFT');
    expect(mine.json().data.timestamp).toBeNull();

    expect((await app.inject({ method: 'GET', url: '/api/listing/not-a-uuid' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/listing/${crypto.randomUUID()}` })).statusCode).toBe(404);

    const list = await app.inject({ method: 'GET', url: '/api/listing', headers: { cookie: owner } });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .data.data.map((l: Listing) => l.listing_id)
        .sort(),
    ).toEqual(
      all
        .filter((r) => r.userId === driver!.id)
        .map((r) => r.id)
        .sort(),
    );
    expect((await app.inject({ method: 'GET', url: '/api/listing' })).statusCode).toBe(401);
  });

  it('lets only the owner switch ACTIVE <-> INACTIVE', async () => {
    const [driver] = await app.db.select().from(user).where(eq(user.email, DEMO_ACCOUNTS.driver.email));
    const mineActive = all.find((r) => r.userId === driver!.id && r.status === 'ACTIVE')!;
    const mineReview = all.find((r) => r.userId === driver!.id && r.status === 'UNDER_REVIEW')!;
    const owner = await signIn(DEMO_ACCOUNTS.driver.email, DEMO_ACCOUNTS.driver.password);
    const other = await createConfirmedUser(app, 'not-the-owner@example.com');
    const change = (cookie: string | undefined, listing_id: string, listing_status: string) =>
      app.inject({
        method: 'POST',
        url: '/api/listing/change-status',
        headers: cookie ? { cookie } : {},
        payload: { listing_id, listing_status },
      });

    expect((await change(undefined, mineActive.id, 'INACTIVE')).statusCode).toBe(401);
    const refused = await change(other.cookie, mineActive.id, 'INACTIVE');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Only the owner/);
    expect((await app.db.select().from(listings).where(eq(listings.id, mineActive.id)))[0]!.status).toBe('ACTIVE');

    const off = await change(owner, mineActive.id, 'INACTIVE');
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ listing_id: mineActive.id, status: 'INACTIVE' });
    expect((await app.inject({ method: 'GET', url: `/api/listing/${mineActive.id}` })).statusCode).toBe(404);
    const on = await change(owner, mineActive.id, 'ACTIVE');
    expect(on.json().data.status).toBe('ACTIVE');

    const review = await change(owner, mineReview.id, 'ACTIVE');
    expect(review.statusCode).toBe(400);
    expect(review.json().message).toMatch(/Only a published listing/);
    expect((await change(owner, mineActive.id, 'UNDER_REVIEW')).statusCode).toBe(400);
    expect((await change(owner, crypto.randomUUID(), 'ACTIVE')).statusCode).toBe(404);
  });

  it('counts a view once per visitor and day, and not the owner', async () => {
    const target = active.find((r) => r.viewCount > 0)!;
    const first = await app.inject({ method: 'POST', url: `/api/listing/${target.id}/views`, payload: {} });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ counted: true, view_count: target.viewCount + 1 });
    // The same browser (address and user agent) again, with or without a cookie of its own making.
    const again = await app.inject({ method: 'POST', url: `/api/listing/${target.id}/views`, cookies: { medallion_vid: 'made-up-visitor-0123456789' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ counted: false, view_count: target.viewCount + 1 });
    // Parallel first visits from one browser still count once.
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: `/api/listing/${target.id}/views`, headers: { 'user-agent': 'Parallel/1.0' } })),
    );
    expect(burst.filter((r) => r.json().data.counted)).toHaveLength(1);
    const views = await app.db.select().from(listingViews).where(eq(listingViews.listingId, target.id));
    expect(views).toHaveLength(2);

    const [driver] = await app.db.select().from(user).where(eq(user.email, DEMO_ACCOUNTS.driver.email));
    const mine = all.find((r) => r.userId === driver!.id && r.status === 'ACTIVE')!;
    const owner = await signIn(DEMO_ACCOUNTS.driver.email, DEMO_ACCOUNTS.driver.password);
    const own = await app.inject({ method: 'POST', url: `/api/listing/${mine.id}/views`, headers: { cookie: owner } });
    expect(own.json().data.counted).toBe(false);
    const draft = all.find((r) => r.status === 'DRAFT')!;
    expect((await app.inject({ method: 'POST', url: `/api/listing/${draft.id}/views` })).statusCode).toBe(404);
  });

  it("seeds the demo driver's listing fees: one paid fee per listing past the draft, so a resubmission is free", async () => {
    const [driver] = await app.db.select().from(user).where(eq(user.email, DEMO_ACCOUNTS.driver.email));
    const mine = all.filter((r) => r.userId === driver!.id);
    const fees = await app.db.select().from(payments).where(eq(payments.userId, driver!.id));
    const paid = mine
      .filter((r) => r.status !== 'DRAFT')
      .map((r) => r.id)
      .sort();
    expect(paid.length).toBeGreaterThanOrEqual(3);
    expect(fees.map((f) => f.reference).sort()).toEqual(paid);
    for (const fee of fees) expect(fee).toMatchObject({ purpose: 'listing', status: 'succeeded', amountCents: 108, paymentMethodId: DEMO_DRIVER_CARD_ID });

    // Running the seed again adds nothing.
    await app.db.delete(seedHistory).where(eq(seedHistory.name, DEMO_LISTING_FEES_STEP));
    await runSeed(app.db, [demoListingFeesSeedStep(demoSeedContext({ storage: app.storage }))]);
    expect(await app.db.select().from(payments).where(eq(payments.userId, driver!.id))).toHaveLength(fees.length);

    // The card the fees were paid with is the driver's saved card.
    const cookie = await signIn(DEMO_ACCOUNTS.driver.email, DEMO_ACCOUNTS.driver.password);
    const methods = await app.inject({ method: 'GET', url: '/api/payments/payment-methods', headers: { cookie } });
    expect(methods.statusCode, methods.body).toBe(200);
    expect(methods.json().data).toEqual([expect.objectContaining({ id: DEMO_DRIVER_CARD_ID, brand: 'visa', last4: '4242' })]);

    // Paying for the listing under review again answers with the one payment and charges nothing.
    const review = mine.find((r) => r.status === 'UNDER_REVIEW')!;
    const again = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { cookie },
      payload: { 'user-pm': DEMO_DRIVER_CARD_ID, 'payment-amount': 108, 'listing-id': review.id },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data['payment-id']).toBe(fees.find((f) => f.reference === review.id)!.id);
    expect(await app.db.select().from(payments).where(eq(payments.reference, review.id))).toHaveLength(1);
  });
});
