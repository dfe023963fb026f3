import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveDraftResponse, SaveDraftStep1, SaveDraftStep2 } from '@medallion/contracts/listings';
import { apiFetch } from '@/lib/api-client';
import { listingKeys } from '@/lib/queries/listings';

/** POST /listing/save-draft: step 1 creates (or updates) the draft, step 2 adds the listing details and pictures. */
export function saveDraft(body: SaveDraftStep1 | SaveDraftStep2): Promise<SaveDraftResponse> {
  return apiFetch<SaveDraftResponse>('/listing/save-draft', { method: 'POST', body });
}

export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDraft,
    // Waits for the fresh draft, so the next step starts from what was saved.
    onSuccess: (response) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listingKeys.detail(response.data.data.listing_id) }),
        queryClient.invalidateQueries({ queryKey: listingKeys.mine() }),
      ]),
  });
}
