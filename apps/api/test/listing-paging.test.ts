import { and, count, eq, sql } from 'drizzle-orm';
import { listings } from '@medallion/db/schema';
import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, type Listing, type ListingAllResponse } from '@medallion/contracts/listings';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';

/**
 * The marketplace past 10,000 matches (issue #20): the count stops at SEARCH_COUNT_CAP ("10,000+"),
 * only the pages of those first matches are served, and Next/Previous read by keyset (the last row's
 * sort key and id) the very pages the numbered links read by position, whatever the ties and the
 * listings without a date, a price or a year.
 */
describe('marketplace paging: capped counts and keyset pages', async () => {
  const { app } = await buildTestApp();
  const owner = await createConfirmedUser(app, 'paging-owner@example.com');
  // 10,300 listings (2 % inactive): 800 publication hours with microsecond ties, a few never
  // published, a few without a price; plates (every 5th) have no year; every 7th is for sale.
  await app.db.execute(sql`
    insert into listings (user_id, status, category, deal_type, title, price_cents, payment_period, car_year,
      published_at, location_city, location_state, location_zip)
    select ${owner.id}, case when g % 50 = 0 then 'INACTIVE' else 'ACTIVE' end,
      case when g % 5 = 0 then 'plates' else 'cars' end,
      case when g % 7 = 0 then 'sale' else 'rent' end,
      'Listing ' || g,
      case when g % 97 = 0 then null when g % 7 = 0 then 1000000 + (g % 13) * 50000 else 20000 + (g % 13) * 5000 end,
      case when g % 7 = 0 then null when g % 2 = 0 then 'weekly' else 'monthly' end,
      case when g % 5 = 0 then null else 2010 + g % 12 end,
      case when g % 211 = 0 then null else timestamptz '2026-01-01 00:00:00+00' + (g % 800) * interval '1 hour' + (g % 3) * interval '1 microsecond' end,
      'Queens', 'NY', '1120' || (g % 10)
    from generate_series(1, 10300) as g`);
  const active = 10_300 - Math.floor(10_300 / 50);

  async function get(query: Record<string, string>) {
    return app.inject({ method: 'GET', url: '/api/listing-all', query });
  }
  async function page(query: Record<string, string>): Promise<ListingAllResponse['data']> {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ListingAllResponse).data;
  }
  const ids = (listings: Listing[]) => listings.map((l) => l.listing_id);

  it('counts up to 10,000 and says there are more; a narrower search is counted exactly', async () => {
    expect(active).toBeGreaterThan(SEARCH_COUNT_CAP);
    const first = await page({});
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true, page: 1, page_size: 20, prev_cursor: null });
    expect(first.listings).toHaveLength(20);
    const plates = await page({ category: 'plates' });
    const [counted] = await app.db
      .select({ n: count() })
      .from(listings)
      .where(and(eq(listings.status, 'ACTIVE'), eq(listings.category, 'plates')));
    expect(counted!.n).toBeGreaterThan(1000);
    expect(plates).toMatchObject({ total: counted!.n, total_capped: false });
  });

  it('serves the pages of the first 10,000 matches and refuses deeper ones with a clear message', async () => {
    const last = await page({ page: '500' });
    expect(last.listings).toHaveLength(20);
    expect(last.next_cursor).toBeNull();
    expect(last.prev_cursor).toEqual(expect.any(String));
    const deeper = await get({ page: '501' });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json()).toMatchObject({ key: 'filterPageTooDeep', message: 'Only the first 10,000 listings of a search can be shown. Narrow it with the filters.' });
    expect((await get({ page: '101', page_size: '100' })).statusCode).toBe(400);
    expect((await get({ page: '100', page_size: '100' })).statusCode).toBe(200);
  });

  for (const sort of ['newest', 'price_asc', 'price_desc', 'year_desc'] as const) {
    it(`Next and Previous (keyset) read the same pages as the numbered links, sort ${sort}`, async () => {
      // One ZIP: about 1,000 matches, 11 pages of 100, with ties, no dates, prices or years among them.
      const query = { location_zip: '11203', sort, page_size: '100' };
      const byNumber: string[][] = [];
      let total = 0;
      for (let n = 1; ; n++) {
        const p = await page({ ...query, page: String(n) });
        total = p.total;
        if (p.listings.length === 0) break;
        byNumber.push(ids(p.listings));
      }
      const all = byNumber.flat();
      expect(all.length).toBe(total);
      expect(new Set(all).size).toBe(all.length);

      const forwards: Awaited<ReturnType<typeof page>>[] = [await page({ ...query, page: '1' })];
      while (forwards.at(-1)!.next_cursor) {
        const before = forwards.at(-1)!;
        forwards.push(await page({ ...query, page: String(before.page + 1), after: before.next_cursor! }));
      }
      expect(forwards.map((p) => ids(p.listings))).toEqual(byNumber);

      const backwards = [forwards.at(-1)!];
      while (backwards.at(-1)!.prev_cursor) {
        const after = backwards.at(-1)!;
        backwards.push(await page({ ...query, page: String(after.page - 1), before: after.prev_cursor! }));
      }
      expect(backwards.map((p) => ids(p.listings)).reverse()).toEqual(byNumber);
    });
  }

  it('answers a cursor that was tampered with, or belongs to another sort, with 400 and a clear message, never 500', async () => {
    const first = await page({ sort: 'year_desc' });
    const cursor = first.next_cursor!;
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    const bad: Record<string, string>[] = [
      { after: 'garbage' },
      { after: b64({ n: 1 }) },
      { after: b64(['n', '2026-02-30 10:00:00+00', id]) },
      { after: b64(['n', '2026-01-01 24:00:00+00', id]) },
      { after: b64(['n', '2026-01-01 10:00:00+00', 'not-a-uuid']) },
      { after: b64(['pa', 'lease', 100, id]) },
      { after: b64(['pa', 'rent', -1, id]) },
      { after: b64(['pa', 'rent', 2 ** 31, id]) },
      { after: b64(['y', 20.5, '2026-01-01 10:00:00+00', id]) },
      { after: cursor, sort: 'newest' },
      { after: cursor, before: cursor, sort: 'year_desc' },
      { after: 'a'.repeat(201), sort: 'year_desc' },
      { before: 'abc$', sort: 'year_desc' },
    ];
    for (const query of bad) {
      const res = await get({ page: '2', ...query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json(), JSON.stringify(query)).toMatchObject({ fields: expect.anything() });
      expect(JSON.stringify(res.json())).toContain('This page link is no longer valid. Go back to the first page of the search.');
    }
    // A valid cursor of a row that has since gone is still a position: the next rows, not an error.
    const year = await page({ sort: 'year_desc', page: '2', after: b64(['y', 2015, '2026-01-10 00:00:00+00', id]) });
    expect(year.listings.length).toBe(20);
  });
});
