import { describe, expect, it } from 'vitest';
import { monthlyEquivalentCents, type Listing } from '@medallion/contracts/listings';
import { runSeed } from '@medallion/db/seed';
import { listings } from '@medallion/db/schema';
import { demoAccountsSeedStep, demoListingsSeedStep, demoSaleListingsSeedStep } from '@medallion/demo';
import { demoSeedContext } from '../src/modules/demo/seed-context';
import { buildTestApp } from './helpers/build-test-app';
import { searchAllListings } from './helpers/listings';
import { createConfirmedUser } from './helpers/auth';

type Row = typeof listings.$inferSelect;

/** A rent's monthly equivalent in cents (contracts' rule), a sale's price: what the marketplace compares. */
const comparable = (r: Pick<Row, 'dealType' | 'paymentPeriod' | 'priceCents'>) =>
  r.dealType === 'rent' && r.paymentPeriod ? monthlyEquivalentCents(r.priceCents!, r.paymentPeriod) : r.priceCents!;

const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newestFirst = (a: Row, b: Row) => b.publishedAt!.getTime() - a.publishedAt!.getTime() || -byId(a, b);
/** The orders of the sorts, as the API documents them (rentals before sales going up, sales first going down). */
const ORDERS: Record<string, (a: Row, b: Row) => number> = {
  newest: newestFirst,
  price_asc: (a, b) => a.dealType.localeCompare(b.dealType) || comparable(a) - comparable(b) || byId(a, b),
  price_desc: (a, b) => b.dealType.localeCompare(a.dealType) || comparable(b) - comparable(a) || -byId(a, b),
  year_desc: (a, b) => {
    if (a.carYear !== b.carYear) {
      if (a.carYear === null) return 1;
      if (b.carYear === null) return -1;
      return b.carYear - a.carYear;
    }
    return newestFirst(a, b);
  },
};

describe('marketplace: rent or buy, prices within one period, sorts', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const seedContext = demoSeedContext({ storage: app.storage });
  await runSeed(app.db, [
    demoAccountsSeedStep(seedContext),
    demoListingsSeedStep(seedContext, { photos: false }),
    demoSaleListingsSeedStep(seedContext, { photos: false }),
  ]);

  // Three listings of our own at a ZIP no demo listing uses: $375 a week, $1,780 a month, $18,500 for sale.
  const owner = await createConfirmedUser(app, 'sorts-owner@example.com');
  const ZIP = '10280';
  const base = {
    userId: owner.id,
    status: 'ACTIVE' as const,
    category: 'cars' as const,
    locationCity: 'New York',
    locationState: 'NY',
    locationZip: ZIP,
    carMake: 'Toyota',
    carModel: 'Camry',
  };
  const day = 86_400_000;
  const [weekly, monthly, sale] = await app.db
    .insert(listings)
    .values([
      { ...base, title: 'Weekly', dealType: 'rent', priceCents: 37_500, paymentPeriod: 'weekly', carYear: 2020, publishedAt: new Date(Date.now() - 3 * day) },
      {
        ...base,
        title: 'Monthly',
        dealType: 'rent',
        priceCents: 178_000,
        paymentPeriod: 'monthly',
        carYear: 2023,
        publishedAt: new Date(Date.now() - 2 * day),
      },
      { ...base, title: 'Sale', dealType: 'sale', priceCents: 1_850_000, paymentPeriod: null, carYear: 2019, publishedAt: new Date(Date.now() - day) },
    ])
    .returning();

  const all: Row[] = await app.db.select().from(listings);
  const active = all.filter((r) => r.status === 'ACTIVE');

  const searchAll = (query: Record<string, string>) => searchAllListings(app, query);

  /** The API's answer equals the brute-force filter and order of the seeded rows. */
  async function expectSearch(query: Record<string, string>, predicate: (r: Row) => boolean, minimum = 1) {
    const order = ORDERS[query.sort ?? 'newest']!;
    const expected = active
      .filter(predicate)
      .sort(order)
      .map((r) => r.id);
    expect(expected.length, `the seed has data for ${JSON.stringify(query)}`).toBeGreaterThanOrEqual(minimum);
    const got = await searchAll(query);
    expect(
      got.map((l) => l.listing_id),
      JSON.stringify(query),
    ).toEqual(expected);
    return got;
  }

  const ids = async (query: string) =>
    ((await app.inject({ method: 'GET', url: `/api/listing-all?${query}` })).json().data.listings as Listing[]).map((l) => l.listing_id);

  it('seeds cars ($8k–$45k) and plates for sale: one price, no period', () => {
    const sales = active.filter((r) => r.dealType === 'sale' && r.userId !== owner.id);
    const cars = sales.filter((r) => r.category === 'cars');
    const plates = sales.filter((r) => r.category === 'plates');
    expect(cars.length).toBeGreaterThanOrEqual(10);
    expect(plates.length).toBeGreaterThanOrEqual(4);
    for (const r of sales) expect(r.paymentPeriod).toBeNull();
    for (const r of cars) {
      expect(r.priceCents).toBeGreaterThanOrEqual(8_000_00);
      expect(r.priceCents).toBeLessThanOrEqual(45_000_00);
    }
    expect(active.some((r) => r.dealType === 'rent' && r.paymentPeriod === 'weekly')).toBe(true);
    expect(active.some((r) => r.dealType === 'rent' && r.paymentPeriod === 'monthly')).toBe(true);
  });

  it('stores the compared price: a weekly rent as its monthly equivalent, a monthly rent and a sale as they are', () => {
    for (const r of all) expect(r.comparablePriceCents, r.id).toBe(r.priceCents === null ? null : comparable(r));
    expect(weekly!.comparablePriceCents).toBe(162_500);
  });

  it('filters by deal type; without one, both (as before)', async () => {
    const sales = await expectSearch({ deal_type: 'sale' }, (r) => r.dealType === 'sale', 10);
    for (const l of sales) expect(l).toMatchObject({ deal_type: 'sale', payment_period: null });
    await expectSearch({ deal_type: 'rent' }, (r) => r.dealType === 'rent', 100);
    await expectSearch({ deal_type: 'all' }, () => true, 120);
    await expectSearch({ deal_type: 'sale', category: 'plates' }, (r) => r.dealType === 'sale' && r.category === 'plates', 4);
    await expectSearch({}, () => true, 120);
  });

  it('compares rents within one period: $375 a week vs $1,780 a month ($410.77 a week)', async () => {
    const at = (query: string) => ids(`location_zip=${ZIP}&${query}`);
    expect(await at('deal_type=rent&price_period=weekly&price_max=400')).toEqual([weekly!.id]);
    expect(await at('deal_type=rent&price_max=400')).toEqual([weekly!.id]); // per week unless told
    expect(await at('deal_type=rent&price_period=weekly&price_min=400')).toEqual([monthly!.id]);
    expect(await at('deal_type=rent&price_period=weekly&price_min=375&price_max=375')).toEqual([weekly!.id]);
    expect(await at('deal_type=rent&price_period=monthly&price_max=1700')).toEqual([weekly!.id]); // $1,625 a month
    expect(await at('deal_type=rent&price_period=monthly&price_min=1700')).toEqual([monthly!.id]);
    expect(await at('deal_type=sale&price_min=18000&price_max=19000')).toEqual([sale!.id]);
    expect(await at('deal_type=sale&price_max=10000')).toEqual([]);
    // A period means nothing for a sale; without a deal type the stored prices compare as they are.
    expect(await at('deal_type=sale&price_period=weekly&price_min=18000')).toEqual([sale!.id]);
    expect(await at('price_max=400')).toEqual([weekly!.id]);
    // A bound past the column's range is no match, not an error.
    expect(await at('deal_type=rent&price_min=10000000')).toEqual([]);
  });

  it('applies rent price ranges to the whole seed by the monthly equivalent', async () => {
    await expectSearch({ deal_type: 'rent', price_period: 'weekly', price_min: '350', price_max: '450' }, (r) => {
      const c = comparable(r);
      return r.dealType === 'rent' && c >= Math.round((35_000 * 52) / 12) && c <= Math.round((45_000 * 52) / 12);
    });
    await expectSearch(
      { deal_type: 'rent', price_period: 'monthly', price_max: '1800', category: 'cars' },
      (r) => r.dealType === 'rent' && r.category === 'cars' && comparable(r) <= 180_000,
    );
    await expectSearch({ deal_type: 'sale', price_min: '20000' }, (r) => r.dealType === 'sale' && r.priceCents! >= 2_000_000, 3);
  });

  it('sorts by newest, price both ways and year, alone and with filters', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'year_desc']) {
      await expectSearch({ sort }, () => true, 120);
      await expectSearch({ sort, deal_type: 'rent' }, (r) => r.dealType === 'rent');
      await expectSearch({ sort, deal_type: 'sale', category: 'cars' }, (r) => r.dealType === 'sale' && r.category === 'cars');
      await expectSearch(
        { sort, category: 'cars', deal_type: 'rent', price_period: 'monthly', price_max: '2000', car_year_min: '2020' },
        (r) => r.category === 'cars' && r.dealType === 'rent' && comparable(r) <= 200_000 && r.carYear! >= 2020,
      );
    }
    // Our three: by price, the weekly ($1,625 a month) before the monthly ($1,780), the sale last; by year 2023, 2020, 2019.
    expect(await ids(`location_zip=${ZIP}&sort=price_asc`)).toEqual([weekly!.id, monthly!.id, sale!.id]);
    expect(await ids(`location_zip=${ZIP}&sort=price_desc`)).toEqual([sale!.id, monthly!.id, weekly!.id]);
    expect(await ids(`location_zip=${ZIP}&sort=year_desc`)).toEqual([monthly!.id, weekly!.id, sale!.id]);
    expect(await ids(`location_zip=${ZIP}`)).toEqual([sale!.id, monthly!.id, weekly!.id]);
    // Plates (no year) come after every car.
    const byYear = await searchAll({ sort: 'year_desc' });
    const firstPlate = byYear.findIndex((l) => l.car_year === null);
    expect(firstPlate).toBeGreaterThan(0);
    expect(byYear.slice(firstPlate).every((l) => l.car_year === null)).toBe(true);
  });

  it('pages a sorted search without gaps or repeats', async () => {
    const query = { sort: 'price_asc', deal_type: 'rent', page_size: '7' };
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await app.inject({ method: 'GET', url: '/api/listing-all', query: { ...query, page: String(page) } });
      seen.push(...(res.json().data.listings as Listing[]).map((l) => l.listing_id));
    }
    const expected = active
      .filter((r) => r.dealType === 'rent')
      .sort(ORDERS.price_asc)
      .slice(0, 28)
      .map((r) => r.id);
    expect(seen).toEqual(expected);
  });

  it('refuses a bad deal type, period or sort with a 400 that says what is wrong', async () => {
    const cases: Array<[string, string, RegExp, string]> = [
      ['deal_type=lease', 'deal_type', /Rent, Buy or All/, 'filterDealType'],
      ['deal_type=SALE', 'deal_type', /Rent, Buy or All/, 'filterDealType'],
      ['deal_type=sale%00', 'deal_type', /./, ''],
      ['price_period=daily', 'price_period', /per week or per month/, 'filterPricePeriod'],
      ['sort=cheapest', 'sort', /Sort by newest/, 'filterSort'],
      ['sort=price_asc;drop%20table%20listings', 'sort', /Sort by newest/, 'filterSort'],
      [`sort=${'x'.repeat(5000)}`, 'sort', /./, ''],
      ['sort=newest&sort=year_desc', 'sort', /./, ''],
      ['deal_type=rent&price_min=500&price_max=100', 'price_min', /minimum price/, 'filterPriceRange'],
    ];
    for (const [query, field, message, key] of cases) {
      const res = await app.inject({ method: 'GET', url: `/api/listing-all?${query}` });
      expect(res.statusCode, query).toBe(400);
      const body = res.json();
      expect(body.code, query).toBe('VALIDATION_ERROR');
      expect(body.fields?.[field]?.message, query).toMatch(message);
      if (key) expect(body.key, query).toBe(key);
    }
    // "" and "all" are "not chosen".
    for (const query of ['deal_type=', 'deal_type=all', 'sort=', 'price_period=']) {
      const res = await app.inject({ method: 'GET', url: `/api/listing-all?${query}` });
      expect(res.statusCode, query).toBe(200);
    }
  });
});
