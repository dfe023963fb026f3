import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Listing } from '@medallion/contracts/listings';
import { apiFetch } from '@/lib/api-client';

export interface DraftResponse {
  data: Listing;
}

/** GET /listing/{id}: the owner also sees their drafts. */
export function getDraft(id: string, signal?: AbortSignal): Promise<DraftResponse> {
  return apiFetch<DraftResponse>(`/listing/${encodeURIComponent(id)}`, { signal });
}

export function draftQueryOptions(id: string) {
  return queryOptions({
    // The same key as the listing page, so saving refreshes both.
    queryKey: ['listings', 'one', id],
    queryFn: ({ signal }) => getDraft(id, signal),
    retry: false,
  });
}

export function useDraft(id: string | null) {
  return useQuery({ ...draftQueryOptions(id ?? ''), enabled: Boolean(id) });
}
