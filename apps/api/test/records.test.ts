import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingFiltersQuerySchema } from '@medallion/contracts/listings';
import { queryRecords, rowColumns } from '@medallion/db/records';
import { listings } from '@medallion/db/schema';
import { searchListings } from '../src/modules/listings/search-listings';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { insertListing } from './helpers/listings';

/**
 * The marketplace search reads its rows on the driver itself (queryRecords), its columns named in
 * the statement as drizzle names them in a row (rowColumns), instead of drizzle's mapping. On the driver of this run (PGlite by default, PostgreSQL
 * in the CI's PostgreSQL variant) every column must come out exactly as drizzle maps it: values,
 * nulls, types, timestamps to the millisecond, the jsonb photo list.
 */
describe('listing rows read on the driver itself', async () => {
  const { app } = await buildTestApp();
  const owner = await createConfirmedUser(app, 'records-owner@example.com');
  const full = await insertListing(app, owner.id, {
    dealType: 'rent',
    title: 'Toyota Sienna 2022 — "wheelchair" accessible, 7 seats',
    description: "Line one\nLine two, with an apostrophe's and a backslash \\ and ünïcödé",
    priceCents: 47_550,
    paymentPeriod: 'weekly',
    images: ['a1b2.jpg', 'c3d4.webp'],
    plateNumber: 'T123456C',
    vin: '5TDKZ3DC1NS000001',
    viewCount: 12,
    publishedAt: new Date('2026-03-04T05:06:07.089Z'),
    locationZip: '11101',
    carMake: 'Toyota',
    carMakeId: 448,
    carModel: 'Sienna',
    carModelId: 2207,
    carYear: 2022,
    carBodyClass: 'Minivan',
    carFuel: 'Hybrid',
    carDoorNumber: 4,
    carSeatNumber: 7,
    carSeatRowNumber: 3,
  });
  const sparse = await insertListing(app, owner.id, {
    category: 'plates',
    dealType: 'sale',
    title: null,
    description: null,
    priceCents: null,
    paymentPeriod: null,
    name: null,
    email: null,
    phoneNumber: null,
    locationCity: null,
    locationState: null,
    publishedAt: new Date('2026-03-04T05:06:07.000Z'),
  });
  // A publication time with microseconds (as PostgreSQL's now() stores it): both ways cut it to the millisecond.
  await app.db.execute(sql`update ${listings} set published_at = timestamptz '2026-05-06 07:08:09.123456+00', deleted_at = now() where id = ${sparse}`);

  it('gives every column of every row as drizzle does', async () => {
    const byDrizzle = await app.db
      .select()
      .from(listings)
      .where(inArray(listings.id, [full, sparse]))
      .orderBy(listings.id);
    const { sql: text, params } = app.db
      .select(rowColumns(listings))
      .from(listings)
      .where(inArray(listings.id, [full, sparse]))
      .orderBy(listings.id)
      .toSQL();
    const byDriver = await queryRecords<typeof listings.$inferSelect>(app.db, text, params);
    expect(byDrizzle).toHaveLength(2);
    expect(byDriver).toEqual(byDrizzle);
    // toEqual sees Dates and arrays; these say the types themselves are the same.
    for (const [i, row] of byDriver.entries()) {
      for (const [key, value] of Object.entries(row)) {
        const expected = (byDrizzle[i] as Record<string, unknown>)[key];
        expect(Object.prototype.toString.call(value), key).toBe(Object.prototype.toString.call(expected));
      }
    }
    const sparseRow = byDriver.find((r) => r.id === sparse)!;
    expect(sparseRow.publishedAt!.toISOString()).toBe('2026-05-06T07:08:09.123Z');
    expect(sparseRow.comparablePriceCents).toBeNull();
    expect(byDriver.find((r) => r.id === full)!.comparablePriceCents).toBe(Math.round((47_550 * 52) / 12));
  });

  it('gives the search the rows drizzle gives', async () => {
    const page = await searchListings(app.db, listingFiltersQuerySchema.parse({ category: 'cars' }));
    expect(page.rows.map((r) => r.id)).toEqual([full]);
    const [byDrizzle] = await app.db
      .select()
      .from(listings)
      .where(inArray(listings.id, [full]));
    // The search's records carry its sort key and count besides the row.
    const { k0, k1, total, ...row } = page.rows[0] as (typeof page.rows)[number] & { k0: string; k1: string; total: unknown };
    expect(row).toEqual(byDrizzle);
    // Newest first: the key is the publication time and the id, as text.
    expect(new Date(k0).toISOString()).toBe(byDrizzle!.publishedAt!.toISOString());
    expect(k1).toBe(full);
    expect(Number(total)).toBe(1);
    expect(page).toMatchObject({ total: 1, capped: false, page: 1, nextCursor: null, prevCursor: null });
  });
});
