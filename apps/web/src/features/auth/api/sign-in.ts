import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInRequest, SessionResponse } from '@medallion/contracts/auth';
import { apiFetch } from '@/lib/api-client';
import { authKeys } from '@/lib/queries/auth';

/** POST /auth/sign-in */
export function signIn(body: SignInRequest): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/auth/sign-in', { method: 'POST', body });
}

/** On success the session query holds the signed-in user. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => queryClient.setQueryData(authKeys.session(), session),
  });
}
