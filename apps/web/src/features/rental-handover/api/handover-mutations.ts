import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HandoverRequest, HandoverResponse, HandoverStage, OpenClaimRequest } from '@medallion/contracts/rental-handover';
import { apiFetch } from '@/lib/api-client';
import { handoverKeys } from '@/lib/queries/rental-handover';

const base = (rentalId: string) => `/rentals/${encodeURIComponent(rentalId)}`;

/** POST /rentals/{id}/handover/{stage}: the signed-in party's set. */
export function useSendHandover(rentalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stage, body }: { stage: HandoverStage; body: HandoverRequest }) =>
      apiFetch<HandoverResponse>(`${base(rentalId)}/handover/${stage}`, { method: 'POST', body }),
    onSuccess: (data) => queryClient.setQueryData(handoverKeys.detail(rentalId), data),
  });
}

/** POST /rentals/{id}/claim: the owner's damage claim. */
export function useOpenClaim(rentalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenClaimRequest) => apiFetch<unknown>(`${base(rentalId)}/claim`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: handoverKeys.detail(rentalId) }),
  });
}

/** POST /rentals/{id}/claim/answer: the driver accepts or disputes. */
export function useAnswerClaim(rentalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { answer: 'accept' | 'dispute'; note?: string }) => apiFetch<unknown>(`${base(rentalId)}/claim/answer`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: handoverKeys.detail(rentalId) }),
  });
}

/** POST /admin/rental-claims/{id}/decision (staff). */
export function useDecideClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rentalId, amount, note }: { rentalId: string; amount: number; note?: string }) =>
      apiFetch<unknown>(`/admin/rental-claims/${encodeURIComponent(rentalId)}/decision`, { method: 'POST', body: { amount, note } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: handoverKeys.all }),
  });
}
