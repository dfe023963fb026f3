import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationResponse, ReviewListingsResponse } from '@medallion/contracts/admin';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from '@/lib/queries/admin';

/** POST /admin/listings/{id}/approve: the listing becomes ACTIVE (published). */
export function approveListing(listingId: string): Promise<ModerationResponse> {
  return apiFetch<ModerationResponse>(`/admin/listings/${encodeURIComponent(listingId)}/approve`, { method: 'POST' });
}

/** Drops a decided listing from the cached queue at once, then refreshes it. */
export function removeFromQueue(queryClient: ReturnType<typeof useQueryClient>, listingId: string) {
  queryClient.setQueryData<ReviewListingsResponse>(adminKeys.reviewListings(), (old) =>
    old ? { data: old.data.filter((l) => l.listing_id !== listingId) } : old,
  );
  return queryClient.invalidateQueries({ queryKey: adminKeys.reviewListings() });
}

export function useApproveListing() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveListing, onSuccess: (_data, listingId) => removeFromQueue(queryClient, listingId) });
}
