import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest, OkResponse } from '@medallion/contracts/auth';
import { apiFetch } from '@/lib/api-client';

/** POST /auth/sign-up */
export function signUp(body: SignUpRequest): Promise<OkResponse> {
  return apiFetch<OkResponse>('/auth/sign-up', { method: 'POST', body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
