import { useMutation } from '@tanstack/react-query';
import type { RecordListingViewResponse } from '@medallion/contracts/listings';
import { apiFetch } from '@/lib/api-client';

/** POST /listing/{id}/views: user_id only when signed in. */
export function recordListingView({ listingId, userId }: { listingId: string; userId?: string }): Promise<RecordListingViewResponse> {
  return apiFetch<RecordListingViewResponse>(`/listing/${encodeURIComponent(listingId)}/views`, {
    method: 'POST',
    body: userId ? { user_id: userId } : {},
  });
}

export function useRecordListingView() {
  return useMutation({
    mutationFn: recordListingView,
    // A view that was not counted is not worth bothering the visitor about.
    onError: (error) => console.error('Recording the listing view failed', error),
  });
}
