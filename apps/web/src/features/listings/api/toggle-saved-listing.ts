import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedListingIdsResponse, SaveListingResponse } from '@medallion/contracts/saved';
import { apiFetch } from '@/lib/api-client';
import { savedKeys } from '@/lib/queries/saved';

/** PUT (save) or DELETE (remove) /saved-listings/{id}; both idempotent. */
export function setListingSaved(listingId: string, save: boolean): Promise<SaveListingResponse> {
  return apiFetch<SaveListingResponse>(`/saved-listings/${encodeURIComponent(listingId)}`, { method: save ? 'PUT' : 'DELETE' });
}

function withId(ids: string[], id: string, save: boolean): string[] {
  const rest = ids.filter((x) => x !== id);
  return save ? [id, ...rest] : rest;
}

/**
 * The heart: the saved ids change at once (every heart of the listing follows) and are restored if
 * the call fails; the dashboard's list is asked again afterwards.
 */
export function useToggleSavedListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { listingId: string; save: boolean }) => setListingSaved(input.listingId, input.save),
    onMutate: async ({ listingId, save }) => {
      await queryClient.cancelQueries({ queryKey: savedKeys.listingIds() });
      const previous = queryClient.getQueryData<SavedListingIdsResponse>(savedKeys.listingIds());
      queryClient.setQueryData<SavedListingIdsResponse>(savedKeys.listingIds(), {
        data: { listing_ids: withId(previous?.data.listing_ids ?? [], listingId, save) },
      });
      return { previous };
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(savedKeys.listingIds(), context?.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: savedKeys.listingIds() });
      void queryClient.invalidateQueries({ queryKey: savedKeys.listings() });
    },
  });
}
