import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingFiltersQuerySchema } from '@medallion/contracts/listings';
import { isoTimestamp, queryRecords, rowColumns } from '@medallion/db/records';
import { listings } from '@medallion/db/schema';
import { toListing } from '../src/modules/listings/listing-record';
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

  /** The statement of both listings' rows, their columns named as drizzle names them. */
  const bothRows = () =>
    app.db
      .select(rowColumns(listings))
      .from(listings)
      .where(inArray(listings.id, [full, sparse]))
      .orderBy(listings.id)
      .toSQL();

  it('gives every column of every row as drizzle does', async () => {
    const byDrizzle = await app.db
      .select()
      .from(listings)
      .where(inArray(listings.id, [full, sparse]))
      .orderBy(listings.id);
    const { sql: text, params } = bothRows();
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
    // The search's records carry its sort key and count besides the row, and its timestamps as
    // PostgreSQL's text (timestampsAsText), each the same instant as drizzle's Date.
    const { k0, k1, total, publishedAt, deletedAt, createdAt, updatedAt, ...row } = page.rows[0] as (typeof page.rows)[number] & {
      k0: string;
      k1: string;
      total: unknown;
    };
    const { publishedAt: p, deletedAt: d, createdAt: c, updatedAt: u, ...drizzleRow } = byDrizzle!;
    expect(row).toEqual(drizzleRow);
    for (const [text, date] of [
      [publishedAt, p],
      [createdAt, c],
      [updatedAt, u],
    ] as const) {
      expect(typeof text).toBe('string');
      expect(isoTimestamp(text!)).toBe(date!.toISOString());
    }
    expect(deletedAt).toBeNull();
    expect(d).toBeNull();
    // Newest first: the key is the publication time and the id, as text.
    expect(new Date(k0).toISOString()).toBe(byDrizzle!.publishedAt!.toISOString());
    expect(k1).toBe(full);
    expect(Number(total)).toBe(1);
    expect(page).toMatchObject({ total: 1, capped: false, page: 1, nextCursor: null, prevCursor: null });
    // The API's listing is the same from the record as from drizzle's row.
    expect(toListing(page.rows[0]!, app.storage)).toEqual(toListing(byDrizzle!, app.storage));
  });

  it('gives timestamps as text when asked, each to the microsecond, and isoTimestamp cuts them as a Date does', async () => {
    const { sql: text, params } = bothRows();
    const asText = await queryRecords<Record<string, unknown>>(app.db, text, params, { timestampsAsText: true });
    const asDates = await queryRecords<typeof listings.$inferSelect>(app.db, text, params);
    const sparseText = asText.find((r) => r.id === sparse)!;
    // PostgreSQL's text in the session's time zone (+00 on ours), to the microsecond.
    expect(sparseText.publishedAt).toMatch(/^2026-05-0[56] \d\d:\d\d:09\.123456[+-]\d\d(:\d\d)?$/);
    expect(isoTimestamp(sparseText.publishedAt as string)).toBe('2026-05-06T07:08:09.123Z');
    for (const [i, row] of asText.entries()) {
      for (const key of ['publishedAt', 'createdAt', 'updatedAt', 'deletedAt'] as const) {
        const date = asDates[i]![key];
        expect(row[key] === null ? null : isoTimestamp(row[key] as string), key).toBe(date === null ? null : date.toISOString());
      }
      // Every other column is as the driver gives it by default.
      expect(Object.fromEntries(Object.entries(row).filter(([k]) => !k.endsWith('At')))).toEqual(
        Object.fromEntries(Object.entries(asDates[i]!).filter(([k]) => !k.endsWith('At'))),
      );
    }
  });
});

describe('isoTimestamp', () => {
  it('writes PostgreSQL UTC text as toISOString does, the fraction cut to milliseconds', () => {
    const cases = [
      '2026-11-27 21:40:00+00',
      '2026-11-27 21:40:00.5+00',
      '2026-11-27 21:40:00.05+00',
      '2026-11-27 21:40:00.123+00',
      '2026-11-27 21:40:00.999999+00',
      '2026-01-01 00:00:00.000001+00',
      '1999-12-31 23:59:59.9995+00',
    ];
    for (const text of cases)
      expect(isoTimestamp(text), text).toBe(
        new Date(
          text
            .replace(' ', 'T')
            .replace(/(\.\d{3})\d+/, '$1')
            .replace('+00', 'Z'),
        ).toISOString(),
      );
    expect(isoTimestamp('2026-11-27 21:40:00.5+00')).toBe('2026-11-27T21:40:00.500Z');
    expect(isoTimestamp('1999-12-31 23:59:59.9995+00')).toBe('1999-12-31T23:59:59.999Z');
  });

  it('parses any other form as the driver does: another time zone, an old year', () => {
    expect(isoTimestamp('2026-11-27 16:40:00.25-05')).toBe('2026-11-27T21:40:00.250Z');
    expect(isoTimestamp('2026-11-28 02:10:00+04:30')).toBe('2026-11-27T21:40:00.000Z');
    expect(isoTimestamp('0999-01-02 03:04:05+00')).toBe('0999-01-02T03:04:05.000Z');
    expect(isoTimestamp(new Date('2026-11-27T21:40:00.123Z'))).toBe('2026-11-27T21:40:00.123Z');
  });
});
