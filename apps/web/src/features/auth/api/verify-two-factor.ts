import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@medallion/contracts/auth';
import type { TwoFactorRecoveryRequest, TwoFactorVerifyRequest } from '@medallion/contracts/two-factor';
import { apiFetch } from '@/lib/api-client';
import { authKeys } from '@/lib/queries/auth';

/** POST /auth/two-factor/verify (the app's code) or /auth/two-factor/recovery (a recovery code): the second step of sign-in. */
export function verifyTwoFactor({
  kind,
  ...body
}: (TwoFactorVerifyRequest | TwoFactorRecoveryRequest) & { kind: 'totp' | 'recovery' }): Promise<SessionResponse> {
  return apiFetch<SessionResponse>(kind === 'totp' ? '/auth/two-factor/verify' : '/auth/two-factor/recovery', { method: 'POST', body });
}

/** On success the session query holds the signed-in user. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: (session) => queryClient.setQueryData(authKeys.session(), session),
  });
}
