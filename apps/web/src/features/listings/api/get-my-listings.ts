import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Listing } from '@medallion/contracts/listings';
import { apiFetch } from '@/lib/api-client';

export interface MyListingsResponse {
  data: { data: Listing[] };
}

/** GET /listing (signed in): the user's own listings in every status. */
export function getMyListings(signal?: AbortSignal): Promise<MyListingsResponse> {
  return apiFetch<MyListingsResponse>('/listing', { signal });
}

export const myListingsQueryKey = ['listings', 'mine'] as const;

export const myListingsQueryOptions = queryOptions({
  queryKey: myListingsQueryKey,
  queryFn: ({ signal }) => getMyListings(signal),
});

export function useMyListings() {
  return useQuery(myListingsQueryOptions);
}
