import { useQuery } from '@tanstack/react-query';
import { LOCATION_SUGGESTION_LIMIT, MARKETPLACE_PAGE_SIZE, type StoredListingFilters } from '@medallion/contracts/listing-filters';
import type { ListingAllResponse, ListingResponse, MyListingsResponse, SuggestedLocationsResponse } from '@medallion/contracts/listings';
import { ApiClientError, apiFetch } from '@/lib/api-client';
import { defineQuery, getJson, retryOnceUnless } from './define-query';

/*
 * Reads of the listings API (modules/listings): the marketplace pages, one listing (also the owner's
 * draft), the user's own listings and the location suggestions.
 */

/**
 * Where a marketplace page starts when it is read by keyset (GET /listing-all's `after`/`before`):
 * `after` is the previous page's `next_cursor`, `before` the next page's `prev_cursor`; neither, the
 * page is read by its position.
 */
export interface PageCursor {
  after?: string;
  before?: string;
}

/** Query keys of the listings domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const listingKeys = {
  all: ['listings'] as const,
  /** Every marketplace page. */
  lists: () => [...listingKeys.all, 'list'] as const,
  list: (query: Partial<StoredListingFilters>, page: number, cursor: PageCursor = {}) => [...listingKeys.lists(), query, page, cursor] as const,
  details: () => [...listingKeys.all, 'detail'] as const,
  /** One listing: the listing page, the listing-fee checkout and the create-listing draft share it. */
  detail: (id: string) => [...listingKeys.details(), id] as const,
  mine: () => [...listingKeys.all, 'mine'] as const,
  locations: () => [...listingKeys.all, 'locations'] as const,
  location: (text: string) => [...listingKeys.locations(), text.trim().toLowerCase()] as const,
};

/**
 * GET /listing-all: one page (20) of ACTIVE listings, newest first, for the filters (already reduced by
 * filtersToQuery), read after or before the cursor when one is given (400 filterCursor for a bad one,
 * filterPageTooDeep past the first SEARCH_COUNT_CAP matches).
 */
export function getListings(query: Partial<StoredListingFilters>, page: number, cursor: PageCursor = {}, signal?: AbortSignal): Promise<ListingAllResponse> {
  return apiFetch<ListingAllResponse>('/listing-all', {
    query: { ...query, page, page_size: MARKETPLACE_PAGE_SIZE, after: cursor.after, before: cursor.before },
    signal,
  });
}

export const listingsQueryOptions = defineQuery(
  listingKeys.list,
  (signal, query: Partial<StoredListingFilters>, page: number, cursor: PageCursor = {}) => getListings(query, page, cursor, signal),
  // A bad filter (400) will not get better by asking again.
  { retry: retryOnceUnless((error) => error instanceof ApiClientError && error.status === 400) },
);

/**
 * An answer the page already has as an error is kept when the page mounts (`retryOnMount: false`):
 * a server-rendered page's 400 (bad filters) or 404 (a missing listing) is then drawn as such on the
 * server and in the browser, instead of as "loading" and asked for again. Each visit still asks anew
 * (the route's loader prefetches), and the page's Retry refetches.
 */
const KEEP_ERROR_ON_MOUNT = { retryOnMount: false } as const;

export const useListings = (query: Partial<StoredListingFilters>, page: number, cursor: PageCursor = {}) =>
  useQuery({ ...listingsQueryOptions(query, page, cursor), ...KEEP_ERROR_ON_MOUNT });

/** GET /listing/{id}: 404 when it does not exist or is not ACTIVE and not yours (the owner also sees drafts). */
export function getListing(id: string, signal?: AbortSignal): Promise<ListingResponse> {
  return apiFetch<ListingResponse>(`/listing/${encodeURIComponent(id)}`, { signal });
}

/** 404, or a 400 for an id that cannot exist: show "not found" rather than an error. */
export function isListingMissing(error: unknown): boolean {
  return error instanceof ApiClientError && (error.status === 404 || error.status === 400);
}

export const listingQueryOptions = defineQuery(listingKeys.detail, (signal, id: string) => getListing(id, signal), {
  retry: retryOnceUnless(isListingMissing),
});
export const useListing = (id: string) => useQuery({ ...listingQueryOptions(id), ...KEEP_ERROR_ON_MOUNT });

/** GET /listing (signed in): the user's own listings in every status. */
export const getMyListings = getJson<MyListingsResponse>('/listing');
export const myListingsQueryOptions = defineQuery(listingKeys.mine, getMyListings);
export const useMyListings = () => useQuery(myListingsQueryOptions());

/** Digits only are a zip code, anything else a city name. */
export function locationQuery(text: string): { zip_code: string } | { city: string } {
  const value = text.trim();
  return /^\d+$/.test(value) ? { zip_code: value } : { city: value };
}

/** GET /listing/suggested-locations?limit=5&zip_code=… or &city=…; 400 means nothing matches. */
export function getSuggestedLocations(text: string, signal?: AbortSignal): Promise<SuggestedLocationsResponse> {
  return apiFetch<SuggestedLocationsResponse>('/listing/suggested-locations', {
    query: { limit: LOCATION_SUGGESTION_LIMIT, ...locationQuery(text) },
    signal,
  });
}

export function isLocationNotFound(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 400;
}

export const suggestedLocationsQueryOptions = defineQuery(listingKeys.location, (signal, text: string) => getSuggestedLocations(text, signal), {
  staleTime: 5 * 60_000,
  retry: retryOnceUnless(isLocationNotFound),
});
export const useSuggestedLocations = (text: string, enabled: boolean) =>
  useQuery({ ...suggestedLocationsQueryOptions(text), enabled: enabled && text.trim() !== '' });
