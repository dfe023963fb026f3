import { useQuery } from '@tanstack/react-query';
import type { DisputedClaimsResponse, HandoverResponse } from '@medallion/contracts/rental-handover';
import { apiFetch } from '../api-client';
import { defineQuery, getJson } from './define-query';

export const handoverKeys = {
  all: ['rental-handover'] as const,
  /** One rental's hand-over sets and claim. */
  detail: (rentalId: string) => [...handoverKeys.all, rentalId] as const,
  /** The staff's queue of disputed claims. */
  disputed: () => [...handoverKeys.all, 'disputed'] as const,
};

/** GET /rentals/{id}/handover (its parties; staff in a dispute). */
export function getHandover(rentalId: string, signal?: AbortSignal): Promise<HandoverResponse> {
  return apiFetch<HandoverResponse>(`/rentals/${encodeURIComponent(rentalId)}/handover`, { signal });
}
export const handoverQueryOptions = defineQuery(handoverKeys.detail, (signal, rentalId: string) => getHandover(rentalId, signal));
export const useHandover = (rentalId: string) => useQuery(handoverQueryOptions(rentalId));

/** GET /admin/rental-claims (staff): disputed claims, oldest first. */
export const getDisputedClaims = getJson<DisputedClaimsResponse>('/admin/rental-claims');
export const disputedClaimsQueryOptions = defineQuery(handoverKeys.disputed, getDisputedClaims);
export const useDisputedClaims = () => useQuery(disputedClaimsQueryOptions());
