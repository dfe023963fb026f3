import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, OkResponse } from '@medallion/contracts/auth';
import { apiFetch } from '@/lib/api-client';

/** POST /auth/change-password */
export function changePassword(body: ChangePasswordRequest): Promise<OkResponse> {
  return apiFetch<OkResponse>('/auth/change-password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
