import {
  DEFAULT_LISTING_SORT,
  emptyListingFilters,
  filtersToQuery,
  LISTING_FILTER_KEYS,
  LISTING_SORTS,
  MAX_PAGE,
  type ListingSort,
} from '@medallion/contracts/listing-filters';
import type { StoredListingFilters } from '@medallion/contracts/listings';
import type { PageCursor } from '@/lib/queries/listings';

/** The stored filter object from a URL query (absent keys are ""). */
export function filtersFromParams(params: URLSearchParams): StoredListingFilters {
  const filters = emptyListingFilters();
  for (const key of LISTING_FILTER_KEYS) filters[key] = params.get(key) ?? '';
  return filters;
}

/** ?page=N, 1 when absent or not a page number. */
export function pageFromParams(params: URLSearchParams): number {
  const raw = params.get('page') ?? '';
  if (!/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/*
 * A page's cursor (keyset paging, `PageCursor`) is kept in the URL beside the page number, so a Next
 * link can be shared, but it is not part of the search: the stored filter object and saved searches
 * never carry it, and a new search or sort starts again at page 1 without one.
 */
/** The URL keys of a page cursor: they name no other page than ?page=N does (the canonical address leaves them out). */
export const PAGE_CURSOR_KEYS = ['after', 'before'] as const;

/** ?after=… / ?before=… as the URL has them (the server checks them: a bad one answers 400 filterCursor). */
export function cursorFromParams(params: URLSearchParams): PageCursor {
  const cursor: PageCursor = {};
  for (const key of PAGE_CURSOR_KEYS) {
    const value = params.get(key);
    if (value) cursor[key] = value;
  }
  return cursor;
}

/**
 * The URL query of a search: the filters that would be sent, plus the page after the first and, for
 * it, the cursor that leads there (page 1 is read by position, so it never has one).
 */
export function searchToParams(filters: StoredListingFilters, page: number, cursor: PageCursor = {}): URLSearchParams {
  const params = new URLSearchParams();
  const query = filtersToQuery(filters);
  for (const key of LISTING_FILTER_KEYS) {
    const value = query[key];
    if (value !== undefined) params.set(key, value);
  }
  if (page > 1) {
    params.set('page', String(page));
    for (const key of PAGE_CURSOR_KEYS) {
      const value = cursor[key];
      if (value) params.set(key, value);
    }
  }
  return params;
}

/** The sort of a search: the URL's, or newest first. */
export function sortOf(filters: StoredListingFilters): ListingSort {
  return (LISTING_SORTS as readonly string[]).includes(filters.sort) ? (filters.sort as ListingSort) : DEFAULT_LISTING_SORT;
}

/** True when the URL names no filter and no page (e.g. the header's Marketplace link). */
export function hasSearchParams(params: URLSearchParams): boolean {
  return params.has('page') || LISTING_FILTER_KEYS.some((key) => params.has(key));
}

/** How many filters a search uses (the badge on the phone's Filters button). */
export function activeFilterCount(filters: StoredListingFilters): number {
  const query = filtersToQuery(filters);
  const groups = [
    query.location || query.location_zip || query.location_city,
    query.category,
    query.deal_type,
    query.price_min || query.price_max,
    query.car_year_min || query.car_year_max,
    query.car_make_value || query.car_make,
    query.car_model_value || query.car_model,
  ];
  return groups.filter(Boolean).length;
}
