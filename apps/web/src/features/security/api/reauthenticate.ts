import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@medallion/contracts/auth';
import type { ReauthenticateRequest, ReauthenticateResponse } from '@medallion/contracts/two-factor';
import { apiFetch } from '@/lib/api-client';
import { authKeys } from '@/lib/queries/auth';

/* The step-up before changing passkeys (modules/auth/step-up-routes.ts). */

/** POST /account/reauthenticate: the password, a two-step or recovery code, or the e-mailed code; holds 5 minutes. */
export function reauthenticate(body: ReauthenticateRequest): Promise<ReauthenticateResponse> {
  return apiFetch<ReauthenticateResponse>('/account/reauthenticate', { method: 'POST', body });
}

/** POST /account/reauthenticate/email-code: a code to the account's address (no password nor two-step sign-in). */
export function sendStepUpCode(): Promise<OkResponse> {
  return apiFetch<OkResponse>('/account/reauthenticate/email-code', { method: 'POST' });
}

export function useReauthenticate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reauthenticate, onSuccess: () => void queryClient.invalidateQueries({ queryKey: authKeys.stepUp() }) });
}
export const useSendStepUpCode = () => useMutation({ mutationFn: sendStepUpCode });
