// The searches drivers make on the marketplace, as query strings of GET /api/listing-all, for the
// data of listings-seed.ts: bench/listings.bench.ts measures them at every size and
// apps/api/test/search-plans.test.ts reads the plan of each on PostgreSQL.
import { lastReachablePage, listingFiltersQuerySchema, MARKETPLACE_PAGE_SIZE } from '@medallion/contracts/listings';
import type { Database } from '@medallion/db/client';
import { searchListings } from '../apps/api/src/modules/listings/search-listings';
import { EMPTY_ZIP, type MakeChoice } from './listings-seed';

export interface SearchShape {
  name: string;
  /** The query string (no leading "?"), "" for the first page without a filter. */
  query: string;
}

export const parseSearch = (query: string) => listingFiltersQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

/**
 * The shapes: the first page; each filter alone; three filters and all of them; rent or buy and the
 * price period; every sort; page 2 and page 50 as the pagination links them (by number, read by
 * position), page 50 reached with Next from page 49 (`after`, keyset) and page 49 with Previous from
 * page 50 (`before`); the last page the pagination links (ceil(matches / 20), within the first
 * 10,000 matches); a filter that matches nothing. The cursors are those the API gives for these pages
 * (`db`: the database of the data).
 */
export async function listingSearchShapes(db: Database, makes: MakeChoice[], activeCount: number): Promise<SearchShape[]> {
  const make = (name: string) => makes.find((m) => m.makeName === name)!;
  const toyota = make('Toyota');
  const camry = toyota.models.find((m) => m.name === 'Camry')!;
  const honda = make('Honda');
  const toyotaQuery = `car_make_value=${toyota.makeId}&car_make=Toyota`;
  const lastPage = lastReachablePage(activeCount, MARKETPLACE_PAGE_SIZE);
  const cursorOf = async (query: string, which: 'next' | 'prev') => {
    const page = await searchListings(db, parseSearch(query));
    const cursor = which === 'next' ? page.nextCursor : page.prevCursor;
    if (!cursor) throw new Error(`no ${which} cursor for ${query} (${activeCount} active listings)`);
    return cursor;
  };
  const deep = Math.min(50, lastPage);
  return [
    { name: 'first-page', query: '' },
    { name: 'category', query: 'category=cars' },
    { name: 'price-range', query: 'price_min=200&price_max=500' },
    { name: 'year-range', query: 'car_year_min=2018&car_year_max=2021' },
    { name: 'make', query: toyotaQuery },
    { name: 'make-model', query: `${toyotaQuery}&car_model_value=${camry.id}&car_model=Camry` },
    { name: 'zip', query: 'location_zip=11368' },
    { name: 'city', query: 'location_city=Brooklyn&location_state=NY' },
    { name: 'location-prefix', query: 'location=Jam' },
    { name: 'three-filters', query: `category=cars&car_make_value=${honda.makeId}&car_make=Honda&price_min=300&price_max=600` },
    {
      name: 'all-filters',
      query: `category=cars&${toyotaQuery}&car_model_value=${camry.id}&car_model=Camry&car_year_min=2018&car_year_max=2023&price_min=300&price_max=900`,
    },
    { name: 'deal-sale', query: 'deal_type=sale' },
    { name: 'rent-weekly-price', query: 'deal_type=rent&price_period=weekly&price_min=300&price_max=500' },
    { name: 'rent-monthly-price', query: 'category=cars&deal_type=rent&price_period=monthly&price_max=2000' },
    { name: 'sort-price-asc', query: 'sort=price_asc' },
    { name: 'sort-price-desc', query: 'sort=price_desc' },
    { name: 'sort-year', query: 'sort=year_desc' },
    { name: 'sale-price-desc', query: 'deal_type=sale&sort=price_desc' },
    { name: 'cars-year', query: 'category=cars&sort=year_desc' },
    { name: 'plates-year', query: 'category=plates&sort=year_desc' },
    { name: 'page-2', query: 'page=2' },
    { name: 'page-50', query: `page=${deep}&after=${await cursorOf(`page=${deep - 1}`, 'next')}` },
    { name: 'page-50-link', query: `page=${deep}` },
    { name: 'page-49-back', query: `page=${deep - 1}&before=${await cursorOf(`page=${deep}`, 'prev')}` },
    { name: 'year-page-50', query: `sort=year_desc&page=${deep}&after=${await cursorOf(`sort=year_desc&page=${deep - 1}`, 'next')}` },
    { name: 'price-page-50', query: `sort=price_asc&page=${deep}&after=${await cursorOf(`sort=price_asc&page=${deep - 1}`, 'next')}` },
    { name: 'last-page', query: `page=${lastPage}` },
    { name: 'no-match', query: `location_zip=${EMPTY_ZIP}` },
  ];
}
