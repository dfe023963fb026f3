import { useMutation } from '@tanstack/react-query';
import type { EmailRestoreResponse } from '@medallion/contracts/account';
import { apiFetch } from '@/lib/api-client';

/** POST /account/email-restore (no sign-in): undoes an e-mail change with the link's token. */
export function restoreEmail(token: string): Promise<EmailRestoreResponse> {
  return apiFetch<EmailRestoreResponse>('/account/email-restore', { method: 'POST', body: { token } });
}

export const useRestoreEmail = () => useMutation({ mutationFn: restoreEmail });
