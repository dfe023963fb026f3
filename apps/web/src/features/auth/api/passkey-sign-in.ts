import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@medallion/contracts/auth';
import type { PasskeyOptionsResponse } from '@medallion/contracts/passkeys';
import { apiFetch } from '@/lib/api-client';
import { getPasskey } from '@/lib/passkeys';
import { authKeys } from '@/lib/queries/auth';

/** Signs in with a passkey: POST /auth/passkey/options, the browser's prompt, then POST /auth/passkey/sign-in. */
export async function passkeySignIn(): Promise<SessionResponse> {
  const { options } = await apiFetch<PasskeyOptionsResponse>('/auth/passkey/options', { method: 'POST' });
  const response = await getPasskey(options);
  return apiFetch<SessionResponse>('/auth/passkey/sign-in', { method: 'POST', body: { response } });
}

/** On success the session query holds the signed-in user. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: passkeySignIn,
    onSuccess: (session) => queryClient.setQueryData(authKeys.session(), session),
  });
}
