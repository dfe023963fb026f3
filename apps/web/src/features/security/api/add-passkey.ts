import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountPasskeysResponse, PasskeyOptionsResponse } from '@medallion/contracts/passkeys';
import { apiFetch } from '@/lib/api-client';
import { createPasskey } from '@/lib/passkeys';
import { accountPasskeysQueryOptions } from '@/lib/queries/passkeys';

/**
 * Adds a passkey: POST /account/passkeys/register-options, the browser's prompt (Face ID, a fingerprint,
 * a security key), then POST /account/passkeys with its answer; answers the list as it is afterwards.
 */
export async function addPasskey(): Promise<AccountPasskeysResponse> {
  const { options } = await apiFetch<PasskeyOptionsResponse>('/account/passkeys/register-options', { method: 'POST' });
  const response = await createPasskey(options);
  return apiFetch<AccountPasskeysResponse>('/account/passkeys', { method: 'POST', body: { response } });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: (data) => queryClient.setQueryData(accountPasskeysQueryOptions().queryKey, data),
  });
}
