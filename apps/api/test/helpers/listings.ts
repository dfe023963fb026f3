import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Listing } from '@medallion/contracts/listings';
import { listings } from '@medallion/db/schema';

type ListingInsert = typeof listings.$inferInsert;

/** A published car listing of this owner, written straight to the database (status and fields overridable). */
export async function insertListing(app: FastifyInstance, userId: string, overrides: Partial<ListingInsert> = {}): Promise<string> {
  const [row] = await app.db
    .insert(listings)
    .values({
      userId,
      status: 'ACTIVE',
      category: 'cars',
      title: '2021 Toyota Camry Hybrid',
      priceCents: 45000,
      paymentPeriod: 'weekly',
      name: 'Fleet Owner',
      email: 'fleet-contact@example.com',
      phoneNumber: '(718) 555-0100',
      locationCity: 'Queens',
      locationState: 'NY',
      publishedAt: new Date(),
      ...overrides,
    })
    .returning({ id: listings.id });
  return row!.id;
}

/** Every page of a marketplace search (GET /api/listing-all, 100 a page), in the API's order. */
export async function searchAllListings(app: FastifyInstance, query: Record<string, string>): Promise<Listing[]> {
  const out: Listing[] = [];
  for (let page = 1; page < 100; page++) {
    const res = await app.inject({ method: 'GET', url: '/api/listing-all', query: { ...query, page: String(page), page_size: '100' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    out.push(...body.listings);
    if (out.length >= body.total) {
      expect(out.length).toBe(body.total);
      break;
    }
  }
  return out;
}
