import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest, OkResponse } from '@medallion/contracts/auth';
import { apiFetch } from '@/lib/api-client';

/** POST /users/delete-code: a code to confirm deletion for accounts without a password. */
export function sendDeleteCode(): Promise<OkResponse> {
  return apiFetch<OkResponse>('/users/delete-code', { method: 'POST' });
}

/** DELETE /users, then a full reload to the home page (nothing of the account stays in memory). */
export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await apiFetch<OkResponse>('/users', { method: 'DELETE', body });
  window.location.assign('/?deleted=1');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
