import { count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingFiltersQuerySchema, type ListingAllResponse } from '@medallion/contracts/listings';
import { listingCounts, listings, user } from '@medallion/db/schema';
import { marketplaceConditions, searchQuerySql } from '../src/modules/listings/search-listings';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';

/**
 * The maintained counts of the marketplace (issue #20, migrations/0017_listing_counts.sql): the
 * triggers keep `listing_counts` equal to a count of the listings through every kind of change (bulk
 * inserts, status and field changes, the view counter, deletes, an owner's account deleted, writers in
 * parallel, TRUNCATE), and a search of one filter reads its total there (listing-count-key.ts names
 * the same keys), answering exactly what counting its matches answers.
 */
describe('maintained listing counts', async () => {
  const { app } = await buildTestApp();
  const db = app.db;
  const owner = await createConfirmedUser(app, 'counts-owner@example.com');
  const leaver = await createConfirmedUser(app, 'counts-leaver@example.com');

  /** One INSERT of `n` varied listings: every status, both categories and deal types, makes and models, ZIPs and cities in any case. */
  async function insertMany(userId: string, n: number, seed: number) {
    await db.execute(sql`
      insert into listings (user_id, status, category, deal_type, title, price_cents, payment_period, car_make_id, car_model_id,
        location_zip, location_city, location_state, published_at)
      select ${userId},
        (array['ACTIVE', 'ACTIVE', 'ACTIVE', 'INACTIVE', 'DRAFT', 'UNDER_REVIEW'])[1 + (g + ${seed}) % 6],
        case when g % 4 = 0 then 'plates' else 'cars' end,
        (array['rent', 'sale'])[1 + (g * 7 + ${seed}) % 2],
        'Listing ' || g, 30000 + g * 100, 'weekly',
        case when g % 5 = 0 then null else 1 + g % 3 end,
        case when g % 5 = 0 or g % 3 = 0 then null else 10 + g % 2 end,
        case when g % 9 = 0 then null else '1136' || (g % 4) end,
        (array['Queens', 'queens', 'QUEENS', 'Brooklyn', 'Jersey City', null])[1 + (g + ${seed}) % 6],
        (array['NY', 'NY', 'NJ', null])[1 + g % 4],
        now()
      from generate_series(1, ${n}) as g`);
  }

  /** The counts as the triggers keep them (zeros left out) and as a count of the listings today. */
  async function expectCountsTrue() {
    type Counts = { rows: { key: string; n: number }[] };
    const kept = (await db.execute(sql`select key, n from listing_counts where n <> 0 order by key`)) as unknown as Counts;
    const counted = (await db.execute(sql`
      select k as key, count(*)::integer as n from listings l,
        unnest(listing_count_keys(l.status, l.category, l.deal_type, l.car_make_id, l.car_model_id, l.location_zip, l.location_city, l.location_state)) as k
      group by k order by k`)) as unknown as Counts;
    expect(kept.rows.map((r) => [r.key, Number(r.n)])).toEqual(counted.rows.map((r) => [r.key, Number(r.n)]));
    expect(kept.rows.length).toBeGreaterThan(0);
  }

  /** Every search of one filter over the values in the data, as query strings. */
  async function maintainedSearches(): Promise<string[]> {
    const rows = await db
      .selectDistinct({
        category: listings.category,
        dealType: listings.dealType,
        makeId: listings.carMakeId,
        modelId: listings.carModelId,
        zip: listings.locationZip,
        city: listings.locationCity,
        state: listings.locationState,
      })
      .from(listings);
    const out = new Set<string>(['', 'location_zip=99999', 'location_city=Nowhere']);
    for (const r of rows) {
      out.add(`category=${r.category}`);
      out.add(`deal_type=${r.dealType}`);
      out.add(`category=${r.category}&deal_type=${r.dealType}`);
      if (r.makeId !== null) out.add(`car_make_value=${r.makeId}`);
      if (r.makeId !== null && r.modelId !== null) out.add(`car_make_value=${r.makeId}&car_model_value=${r.modelId}`);
      if (r.zip) out.add(`location_zip=${r.zip}`);
      if (r.city) out.add(`location_city=${encodeURIComponent(r.city)}`);
      if (r.city && r.state) out.add(`location_city=${encodeURIComponent(r.city)}&location_state=${r.state}`);
    }
    return [...out];
  }

  /** Each search's total as the API answers it equals a count of its matches, and comes from listing_counts. */
  async function expectSearchTotalsTrue() {
    const searches = await maintainedSearches();
    expect(searches.length).toBeGreaterThan(20);
    for (const query of searches) {
      const filters = listingFiltersQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      expect(searchQuerySql(db, filters).sql, query).toContain('"listing_counts"');
      const { where, values } = marketplaceConditions(filters);
      const [counted] = await db.select({ n: count() }).from(listings).where(where).prepare('').execute(values);
      const res = await app.inject({ method: 'GET', url: `/api/listing-all?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as ListingAllResponse).data.total, query).toBe(Number(counted!.n));
    }
  }

  it('holds through inserts, changes, the view counter, deletes and a deleted account', async () => {
    await insertMany(owner.id, 300, 0);
    await insertMany(leaver.id, 120, 1);
    await expectCountsTrue();
    await expectSearchTotalsTrue();

    // Status changes both ways, one statement over many rows.
    await db.execute(sql`update listings set status = case when status = 'ACTIVE' then 'INACTIVE' else 'ACTIVE' end
      where user_id = ${owner.id} and title like '%3'`);
    // Counted fields changed, alone and together.
    await db.execute(sql`update listings set location_city = 'Brooklyn', location_state = 'NY' where title like '%7'`);
    await db.execute(sql`update listings set car_make_id = 3, car_model_id = null, category = 'cars', deal_type = 'sale' where title like '%1'`);
    await db.execute(sql`update listings set location_zip = null where title like '%9'`);
    await expectCountsTrue();

    // The view counter changes no count.
    const before = await db.select().from(listingCounts);
    await db.execute(sql`update listings set view_count = view_count + 1`);
    expect(await db.select().from(listingCounts)).toEqual(before);

    // Deletes: a few listings, then an account and all its listings with it.
    const some = await db.select({ id: listings.id }).from(listings).where(eq(listings.userId, owner.id)).limit(25);
    await db.delete(listings).where(
      inArray(
        listings.id,
        some.map((r) => r.id),
      ),
    );
    await db.delete(user).where(eq(user.id, leaver.id));
    expect(await db.select({ n: count() }).from(listings).where(eq(listings.userId, leaver.id))).toEqual([{ n: 0 }]);
    await expectCountsTrue();
    await expectSearchTotalsTrue();
  });

  it('holds with writers in parallel', async () => {
    const writers = await Promise.all([1, 2, 3].map((i) => createConfirmedUser(app, `counts-writer-${i}@example.com`)));
    await Promise.all([
      ...writers.map((w, i) => insertMany(w.id, 80, i)),
      db.execute(sql`update listings set status = 'ACTIVE' where status = 'DRAFT' and user_id = ${owner.id}`),
      db.execute(sql`update listings set location_city = 'Queens' where location_city = 'QUEENS'`),
    ]);
    await expectCountsTrue();
    await expectSearchTotalsTrue();
  });

  it('starts again from nothing after TRUNCATE', async () => {
    await db.execute(sql`truncate listings cascade`);
    expect(await db.select().from(listingCounts)).toEqual([]);
    const res = await app.inject({ method: 'GET', url: '/api/listing-all' });
    expect((res.json() as ListingAllResponse).data.total).toBe(0);
    await insertMany(owner.id, 50, 2);
    await expectCountsTrue();
    await expectSearchTotalsTrue();
  });

  it('counts the other searches (ranges, prefixes, several filters), capped as before', async () => {
    for (const query of ['price_min=300', 'location=Que', 'category=cars&car_make_value=1', 'deal_type=rent&price_max=500', 'car_make=Toyota']) {
      const filters = listingFiltersQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      expect(searchQuerySql(db, filters).sql, query).not.toContain('"listing_counts"');
      const { where, values } = marketplaceConditions(filters);
      const [counted] = await db.select({ n: count() }).from(listings).where(where).prepare('').execute(values);
      const res = await app.inject({ method: 'GET', url: `/api/listing-all?${query}` });
      expect((res.json() as ListingAllResponse).data.total, query).toBe(Number(counted!.n));
    }
  });
});
