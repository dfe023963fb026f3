import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolveListingReportsRequest, ResolveListingReportsResponse } from '@medallion/contracts/listing-reports';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from '@/lib/queries/admin';
import { listingKeys } from '@/lib/queries/listings';

export interface ResolveListingReportsInput extends ResolveListingReportsRequest {
  listingId: string;
}

/** POST /admin/listing-reports/{listing_id}/resolve (staff): dismiss the reports, or deactivate the listing. */
export function resolveListingReports({ listingId, action }: ResolveListingReportsInput): Promise<ResolveListingReportsResponse> {
  return apiFetch<ResolveListingReportsResponse>(`/admin/listing-reports/${encodeURIComponent(listingId)}/resolve`, { method: 'POST', body: { action } });
}

export function useResolveListingReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveListingReports,
    onSettled: (_data, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.listingReports() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview() });
      void queryClient.invalidateQueries({ queryKey: listingKeys.detail(input.listingId) });
      void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
    },
  });
}
