import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmForgotPasswordRequest, SessionResponse } from '@medallion/contracts/auth';
import { apiFetch } from '@/lib/api-client';
import { authKeys } from '@/lib/queries/auth';

/** POST /auth/confirm-forgot-password */
export function confirmForgotPassword(body: ConfirmForgotPasswordRequest): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/auth/confirm-forgot-password', { method: 'POST', body });
}

/** On success the session query holds the signed-in user. */
export function useConfirmForgotPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmForgotPassword,
    onSuccess: (session) => queryClient.setQueryData(authKeys.session(), session),
  });
}
