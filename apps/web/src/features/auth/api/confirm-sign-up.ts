import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmSignUpRequest, SessionResponse } from '@medallion/contracts/auth';
import { apiFetch } from '@/lib/api-client';
import { authKeys } from '@/lib/queries/auth';

/** POST /auth/confirm-sign-up (signs in), then PATCH /users status CONFIRMED as the spec's flow does. */
export async function confirmSignUp(body: ConfirmSignUpRequest): Promise<SessionResponse> {
  const session = await apiFetch<SessionResponse>('/auth/confirm-sign-up', { method: 'POST', body });
  await apiFetch('/users', { method: 'PATCH', body: { status: 'CONFIRMED' } });
  return session;
}

/** On success the session query holds the signed-in user. */
export function useConfirmSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSignUp,
    onSuccess: (session) => queryClient.setQueryData(authKeys.session(), session),
  });
}
