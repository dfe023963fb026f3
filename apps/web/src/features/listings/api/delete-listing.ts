import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteListingResponse } from '@medallion/contracts/listings';
import { apiFetch } from '@/lib/api-client';
import { listingKeys } from '@/lib/queries/listings';

/** DELETE /listing/{id} (owner): a never-paid draft is deleted, any other listing is taken off and kept on record. */
export function deleteListing(listingId: string): Promise<DeleteListingResponse> {
  return apiFetch<DeleteListingResponse>(`/listing/${encodeURIComponent(listingId)}`, { method: 'DELETE' });
}

/** After the server's 200 the listing leaves the caches: its page, the dashboard and the marketplace pages. */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: ({ data }) => {
      queryClient.removeQueries({ queryKey: listingKeys.detail(data.listing_id), exact: true });
      void queryClient.invalidateQueries({ queryKey: listingKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
    },
  });
}
