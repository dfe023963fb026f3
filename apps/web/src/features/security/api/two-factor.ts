import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse, SessionResponse } from '@medallion/contracts/auth';
import type {
  RecoveryCodesResponse,
  TwoFactorConfirmRequest,
  TwoFactorDisableRequest,
  TwoFactorPasswordRequest,
  TwoFactorSetupRequest,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '@medallion/contracts/two-factor';
import { apiFetch } from '@/lib/api-client';
import { authKeys } from '@/lib/queries/auth';
import { userKeys } from '@/lib/queries/users';

/* Two-step sign-in of the signed-in account (modules/auth/two-factor-routes.ts). */

export function setUpTwoFactor(body: TwoFactorSetupRequest): Promise<TwoFactorSetupResponse> {
  return apiFetch<TwoFactorSetupResponse>('/account/two-factor/setup', { method: 'POST', body });
}
export function confirmTwoFactor(body: TwoFactorConfirmRequest): Promise<TwoFactorStatusResponse> {
  return apiFetch<TwoFactorStatusResponse>('/account/two-factor/confirm', { method: 'POST', body });
}
export function disableTwoFactor(body: TwoFactorDisableRequest): Promise<TwoFactorStatusResponse> {
  return apiFetch<TwoFactorStatusResponse>('/account/two-factor/disable', { method: 'POST', body });
}
export function renewRecoveryCodes(body: TwoFactorPasswordRequest): Promise<RecoveryCodesResponse> {
  return apiFetch<RecoveryCodesResponse>('/account/two-factor/recovery-codes', { method: 'POST', body });
}

/** POST /account/two-factor/email-code: a staff account's enrollment code, to its own address. */
export function sendEnrollmentCode(): Promise<OkResponse> {
  return apiFetch<OkResponse>('/account/two-factor/email-code', { method: 'POST' });
}

export const useSetUpTwoFactor = () => useMutation({ mutationFn: setUpTwoFactor });
export const useSendEnrollmentCode = () => useMutation({ mutationFn: sendEnrollmentCode });
export const useRenewRecoveryCodes = () => useMutation({ mutationFn: renewRecoveryCodes });

/** Turning it on or off replaces the session (a new cookie): the session query takes the user as it is now. */
function useStatusChange<T>(mutationFn: (body: T) => Promise<TwoFactorStatusResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ user }) => {
      queryClient.setQueryData<SessionResponse>(authKeys.session(), (old) => ({ token: old?.token ?? null, user }));
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
export const useConfirmTwoFactor = () => useStatusChange(confirmTwoFactor);
export const useDisableTwoFactor = () => useStatusChange(disableTwoFactor);
