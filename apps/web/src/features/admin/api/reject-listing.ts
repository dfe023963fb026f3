import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationResponse, RejectListingRequest } from '@medallion/contracts/admin';
import { apiFetch } from '@/lib/api-client';
import { removeFromQueue } from './approve-listing';

/** POST /admin/listings/{id}/reject {reason}: back to DRAFT with the reason shown to the owner. */
export function rejectListing(input: { listingId: string } & RejectListingRequest): Promise<ModerationResponse> {
  return apiFetch<ModerationResponse>(`/admin/listings/${encodeURIComponent(input.listingId)}/reject`, {
    method: 'POST',
    body: { reason: input.reason },
  });
}

export function useRejectListing() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectListing, onSuccess: (_data, input) => removeFromQueue(queryClient, input.listingId) });
}
