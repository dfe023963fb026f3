import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Listing } from '@medallion/contracts/listings';
import { ApiClientError, apiFetch } from '@/lib/api-client';

export interface ListingResponse {
  data: Listing;
}

/** GET /listing/{id}: 404 when it does not exist or is not ACTIVE and not yours. */
export function getListing(id: string, signal?: AbortSignal): Promise<ListingResponse> {
  return apiFetch<ListingResponse>(`/listing/${encodeURIComponent(id)}`, { signal });
}

export const listingQueryKey = (id: string) => ['listings', 'one', id] as const;

/** 404, or a 400 for an id that cannot exist: show "not found" rather than an error. */
export function isListingMissing(error: unknown): boolean {
  return error instanceof ApiClientError && (error.status === 404 || error.status === 400);
}

export function listingQueryOptions(id: string) {
  return queryOptions({
    queryKey: listingQueryKey(id),
    queryFn: ({ signal }) => getListing(id, signal),
    retry: (count, error) => count < 1 && !isListingMissing(error),
  });
}

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}
