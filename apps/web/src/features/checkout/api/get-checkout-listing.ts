import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Listing } from '@medallion/contracts/listings';
import { apiFetch } from '@/lib/api-client';

export interface CheckoutListingResponse {
  data: Listing;
}

/** GET /listing/{id}: the owner's draft to pay for. */
export function getCheckoutListing(id: string, signal?: AbortSignal): Promise<CheckoutListingResponse> {
  return apiFetch<CheckoutListingResponse>(`/listing/${encodeURIComponent(id)}`, { signal });
}

export function checkoutListingQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['listings', 'one', id],
    queryFn: ({ signal }) => getCheckoutListing(id, signal),
    retry: false,
  });
}

export function useCheckoutListing(id: string) {
  return useQuery(checkoutListingQueryOptions(id));
}
