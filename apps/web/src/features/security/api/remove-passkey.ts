import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountPasskeysResponse } from '@medallion/contracts/passkeys';
import { apiFetch } from '@/lib/api-client';
import { accountPasskeysQueryOptions } from '@/lib/queries/passkeys';

/** DELETE /account/passkeys/{id}: removes the passkey; answers the list as it is afterwards. */
export function removePasskey(passkeyId: string): Promise<AccountPasskeysResponse> {
  return apiFetch<AccountPasskeysResponse>(`/account/passkeys/${encodeURIComponent(passkeyId)}`, { method: 'DELETE' });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: (data) => queryClient.setQueryData(accountPasskeysQueryOptions().queryKey, data),
    // Already gone (404) or not: the list is asked for again.
    onError: () => void queryClient.invalidateQueries({ queryKey: accountPasskeysQueryOptions().queryKey }),
  });
}
