import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailRestoreResponse } from '@medallion/contracts/account';
import { apiFetch } from '@/lib/api-client';

/** POST /account/email-restore (no sign-in): undoes an e-mail change with the link's token. */
export function restoreEmail(token: string): Promise<EmailRestoreResponse> {
  return apiFetch<EmailRestoreResponse>('/account/email-restore', { method: 'POST', body: { token } });
}

/**
 * The restore signs every browser of the account out, this one too: what the app holds of a session
 * (the header's "Sign out", the dashboard's data) is dropped and read again, so the page says "Sign in"
 * and "Go to sign-in" opens the sign-in form, not a dashboard that no longer answers.
 */
export function useRestoreEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreEmail, onSuccess: () => void queryClient.resetQueries() });
}
