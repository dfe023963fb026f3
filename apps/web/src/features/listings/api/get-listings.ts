import { queryOptions, useQuery } from '@tanstack/react-query';
import { MARKETPLACE_PAGE_SIZE } from '@medallion/contracts/listing-filters';
import type { ListingAllResponse, StoredListingFilters } from '@medallion/contracts/listings';
import { ApiClientError, apiFetch } from '@/lib/api-client';

/** GET /listing-all: one page (20) of ACTIVE listings, newest first, for the filters (already reduced by filtersToQuery). */
export function getListings(query: Partial<StoredListingFilters>, page: number, signal?: AbortSignal): Promise<ListingAllResponse> {
  return apiFetch<ListingAllResponse>('/listing-all', {
    query: { ...query, page, page_size: MARKETPLACE_PAGE_SIZE },
    signal,
  });
}

export function listingsQueryOptions(query: Partial<StoredListingFilters>, page: number) {
  return queryOptions({
    queryKey: ['listings', 'all', query, page],
    queryFn: ({ signal }) => getListings(query, page, signal),
    // A bad filter (400) will not get better by asking again.
    retry: (count, error) => count < 1 && !(error instanceof ApiClientError && error.status === 400),
  });
}

export function useListings(query: Partial<StoredListingFilters>, page: number) {
  return useQuery(listingsQueryOptions(query, page));
}
