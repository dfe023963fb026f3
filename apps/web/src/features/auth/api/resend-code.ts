import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyRequest, OkResponse } from '@medallion/contracts/auth';
import { apiFetch } from '@/lib/api-client';

/** POST /auth/resend-code */
export function resendCode(body: EmailOnlyRequest): Promise<OkResponse> {
  return apiFetch<OkResponse>('/auth/resend-code', { method: 'POST', body });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
