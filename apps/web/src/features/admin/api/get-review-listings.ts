import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewListingsResponse } from '@medallion/contracts/admin';
import { apiFetch } from '@/lib/api-client';

/** GET /admin/listings (staff): listings waiting for review, oldest first. */
export function getReviewListings(signal?: AbortSignal): Promise<ReviewListingsResponse> {
  return apiFetch<ReviewListingsResponse>('/admin/listings', { signal });
}

export const reviewListingsQueryKey = ['admin', 'listings'] as const;

export const reviewListingsQueryOptions = queryOptions({
  queryKey: reviewListingsQueryKey,
  queryFn: ({ signal }) => getReviewListings(signal),
});

export function useReviewListings() {
  return useQuery(reviewListingsQueryOptions);
}
