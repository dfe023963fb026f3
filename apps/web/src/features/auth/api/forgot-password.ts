import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyRequest, OkResponse } from '@medallion/contracts/auth';
import { apiFetch } from '@/lib/api-client';

/** POST /auth/forgot-password */
export function forgotPassword(body: EmailOnlyRequest): Promise<OkResponse> {
  return apiFetch<OkResponse>('/auth/forgot-password', { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
