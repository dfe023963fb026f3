import { useMutation } from '@tanstack/react-query';
import type { ReportListingRequest, ReportListingResponse } from '@medallion/contracts/listing-reports';
import { apiFetch } from '@/lib/api-client';

export interface ReportListingInput extends ReportListingRequest {
  listingId: string;
}

/** POST /listing/{listing_id}/report: once per user and listing (409 `listingReport.alreadyReported` after). */
export function reportListing({ listingId, ...body }: ReportListingInput): Promise<ReportListingResponse> {
  return apiFetch<ReportListingResponse>(`/listing/${encodeURIComponent(listingId)}/report`, { method: 'POST', body });
}

export const useReportListing = () => useMutation({ mutationFn: reportListing });
