import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOCATION_SUGGESTION_LIMIT, MARKETPLACE_PAGE_SIZE, type StoredListingFilters } from '@medallion/contracts/listing-filters';
import type { ListingAllResponse, listingResponseSchema, myListingsResponseSchema, suggestedLocationsResponseSchema } from '@medallion/contracts/listings';
import type { z } from 'zod';
import { ApiClientError, apiFetch } from '@/lib/api-client';

/*
 * Reads of the listings API (modules/listings): the marketplace pages, one listing (also the owner's
 * draft), the user's own listings and the location suggestions.
 */

export type ListingResponse = z.infer<typeof listingResponseSchema>;
export type MyListingsResponse = z.infer<typeof myListingsResponseSchema>;
export type SuggestedLocationsResponse = z.infer<typeof suggestedLocationsResponseSchema>;

/** Query keys of the listings domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const listingKeys = {
  all: ['listings'] as const,
  /** Every marketplace page. */
  lists: () => [...listingKeys.all, 'list'] as const,
  list: (query: Partial<StoredListingFilters>, page: number) => [...listingKeys.lists(), query, page] as const,
  details: () => [...listingKeys.all, 'detail'] as const,
  /** One listing: the listing page, the listing-fee checkout and the create-listing draft share it. */
  detail: (id: string) => [...listingKeys.details(), id] as const,
  mine: () => [...listingKeys.all, 'mine'] as const,
  locations: () => [...listingKeys.all, 'locations'] as const,
  location: (text: string) => [...listingKeys.locations(), text.trim().toLowerCase()] as const,
};

/** GET /listing-all: one page (20) of ACTIVE listings, newest first, for the filters (already reduced by filtersToQuery). */
export function getListings(query: Partial<StoredListingFilters>, page: number, signal?: AbortSignal): Promise<ListingAllResponse> {
  return apiFetch<ListingAllResponse>('/listing-all', {
    query: { ...query, page, page_size: MARKETPLACE_PAGE_SIZE },
    signal,
  });
}

export function listingsQueryOptions(query: Partial<StoredListingFilters>, page: number) {
  return queryOptions({
    queryKey: listingKeys.list(query, page),
    queryFn: ({ signal }) => getListings(query, page, signal),
    // A bad filter (400) will not get better by asking again.
    retry: (count, error) => count < 1 && !(error instanceof ApiClientError && error.status === 400),
  });
}

/**
 * An answer the page already has as an error is kept when the page mounts (`retryOnMount: false`):
 * a server-rendered page's 400 (bad filters) or 404 (a missing listing) is then drawn as such on the
 * server and in the browser, instead of as "loading" and asked for again. Each visit still asks anew
 * (the route's loader prefetches), and the page's Retry refetches.
 */
const KEEP_ERROR_ON_MOUNT = { retryOnMount: false } as const;

export function useListings(query: Partial<StoredListingFilters>, page: number) {
  return useQuery({ ...listingsQueryOptions(query, page), ...KEEP_ERROR_ON_MOUNT });
}

/** GET /listing/{id}: 404 when it does not exist or is not ACTIVE and not yours (the owner also sees drafts). */
export function getListing(id: string, signal?: AbortSignal): Promise<ListingResponse> {
  return apiFetch<ListingResponse>(`/listing/${encodeURIComponent(id)}`, { signal });
}

/** 404, or a 400 for an id that cannot exist: show "not found" rather than an error. */
export function isListingMissing(error: unknown): boolean {
  return error instanceof ApiClientError && (error.status === 404 || error.status === 400);
}

export function listingQueryOptions(id: string) {
  return queryOptions({
    queryKey: listingKeys.detail(id),
    queryFn: ({ signal }) => getListing(id, signal),
    retry: (count, error) => count < 1 && !isListingMissing(error),
  });
}

export function useListing(id: string) {
  return useQuery({ ...listingQueryOptions(id), ...KEEP_ERROR_ON_MOUNT });
}

/** GET /listing (signed in): the user's own listings in every status. */
export function getMyListings(signal?: AbortSignal): Promise<MyListingsResponse> {
  return apiFetch<MyListingsResponse>('/listing', { signal });
}

export function myListingsQueryOptions() {
  return queryOptions({
    queryKey: listingKeys.mine(),
    queryFn: ({ signal }) => getMyListings(signal),
  });
}

export function useMyListings() {
  return useQuery(myListingsQueryOptions());
}

/** Digits only are a zip code, anything else a city name (spec §5). */
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

export function suggestedLocationsQueryOptions(text: string) {
  return queryOptions({
    queryKey: listingKeys.location(text),
    queryFn: ({ signal }) => getSuggestedLocations(text, signal),
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 1 && !isLocationNotFound(error),
  });
}

export function useSuggestedLocations(text: string, enabled: boolean) {
  return useQuery({ ...suggestedLocationsQueryOptions(text), enabled: enabled && text.trim() !== '' });
}
