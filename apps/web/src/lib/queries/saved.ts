import { useQuery } from '@tanstack/react-query';
import type { SavedListingIdsResponse, SavedListingsResponse, SavedSearchesResponse, UnsubscribeResponse } from '@medallion/contracts/saved';
import { ApiClientError, apiFetch } from '@/lib/api-client';
import { defineQuery, getJson, retryOnceUnless } from './define-query';

/*
 * Reads of the saved-items API (modules/saved): the user's saved listings (the hearts and the
 * dashboard's "Saved listings" tab), their saved searches, and the digest's unsubscribe link.
 */

export const savedKeys = {
  all: ['saved'] as const,
  listings: () => [...savedKeys.all, 'listings'] as const,
  /** The ids of the saved listings: the hearts read (and optimistically write) this one. */
  listingIds: () => [...savedKeys.all, 'listing-ids'] as const,
  searches: () => [...savedKeys.all, 'searches'] as const,
  unsubscribe: (tokens: readonly string[]) => [...savedKeys.all, 'unsubscribe', ...tokens] as const,
};

/** GET /saved-listings (signed in): newest first, unavailable ones without details. */
export const getSavedListings = getJson<SavedListingsResponse>('/saved-listings');
export const savedListingsQueryOptions = defineQuery(savedKeys.listings, getSavedListings);
export const useSavedListings = () => useQuery(savedListingsQueryOptions());

/** GET /saved-listings/ids (signed in). */
export const getSavedListingIds = getJson<SavedListingIdsResponse>('/saved-listings/ids');
export const savedListingIdsQueryOptions = defineQuery(savedKeys.listingIds, getSavedListingIds, { staleTime: 60_000 });
/** Only asked for when someone is signed in (a guest's hearts are all off). */
export const useSavedListingIds = (enabled: boolean) => useQuery({ ...savedListingIdsQueryOptions(), enabled });

/** GET /saved-searches (signed in): newest first. */
export const getSavedSearches = getJson<SavedSearchesResponse>('/saved-searches');
export const savedSearchesQueryOptions = defineQuery(savedKeys.searches, getSavedSearches);
export const useSavedSearches = () => useQuery(savedSearchesQueryOptions());

/**
 * GET /saved-searches/unsubscribe?token=…: the digest's link turns the alerts off (no sign-in; asking
 * again answers the same). 404 for a token of no search.
 */
export function getUnsubscribe(tokens: readonly string[], signal?: AbortSignal): Promise<UnsubscribeResponse> {
  const query = new URLSearchParams(tokens.map((t): [string, string] => ['token', t]));
  return apiFetch<UnsubscribeResponse>(`/saved-searches/unsubscribe?${query.toString()}`, { signal });
}

export function isUnsubscribeNotFound(error: unknown): boolean {
  return error instanceof ApiClientError && (error.status === 404 || error.status === 400);
}

export const unsubscribeQueryOptions = defineQuery(savedKeys.unsubscribe, (signal, tokens: readonly string[]) => getUnsubscribe(tokens, signal), {
  retry: retryOnceUnless(isUnsubscribeNotFound),
  staleTime: Infinity,
});
export const useUnsubscribe = (tokens: readonly string[]) => useQuery({ ...unsubscribeQueryOptions(tokens), retryOnMount: false });

/** The unsubscribe link's tokens (a digest's "stop all" link repeats `token`). */
export function unsubscribeTokens(params: URLSearchParams): string[] {
  return params
    .getAll('token')
    .filter((token) => token !== '')
    .slice(0, 20);
}
