import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeListingStatusRequest, ChangeListingStatusResponse, ListingResponse } from '@medallion/contracts/listings';
import { apiFetch } from '@/lib/api-client';
import { listingKeys } from '@/lib/queries/listings';

/** POST /listing/change-status (owner): ACTIVE <-> INACTIVE. */
export function changeListingStatus(body: ChangeListingStatusRequest): Promise<ChangeListingStatusResponse> {
  return apiFetch<ChangeListingStatusResponse>('/listing/change-status', { method: 'POST', body });
}

/** The new status is written into the cached listing only after the server's 200. */
export function useChangeListingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeListingStatus,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<ListingResponse>(listingKeys.detail(data.listing_id), (old) => (old ? { data: { ...old.data, status: data.status } } : old));
      // The marketplace pages and the dashboard list change with it.
      void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: listingKeys.mine() });
    },
  });
}
