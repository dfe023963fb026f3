import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptAgreement, CreateRentalRequest } from '@medallion/contracts/rentals';
import { apiFetch } from '@/lib/api-client';
import { rentalKeys } from '@/lib/queries/rentals';

export { useMyRentals } from '@/lib/queries/rentals';

function useRentalMutation<I>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void queryClient.invalidateQueries({ queryKey: rentalKeys.mine() }) });
}

/** POST /rental-requests: a driver asks for a car. */
export function useRequestRental() {
  return useRentalMutation((body: CreateRentalRequest) => apiFetch('/rental-requests', { method: 'POST', body }));
}

/** POST /rental-requests/{id}/approve | decline | withdraw. */
export function useDecideRequest() {
  return useRentalMutation(({ id, action }: { id: string; action: 'approve' | 'decline' | 'withdraw' }) =>
    apiFetch(`/rental-requests/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
  );
}

/** POST /rentals/{id}/agreement/accept: consent and the typed name. */
export function useAcceptAgreement() {
  return useRentalMutation(({ id, ...body }: AcceptAgreement & { id: string }) =>
    apiFetch(`/rentals/${encodeURIComponent(id)}/agreement/accept`, { method: 'POST', body }),
  );
}
