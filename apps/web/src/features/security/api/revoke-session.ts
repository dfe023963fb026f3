import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSessionsResponse } from '@medallion/contracts/sessions';
import { apiFetch } from '@/lib/api-client';
import { accountSessionsQueryOptions } from '@/lib/queries/sessions';

/** DELETE /account/sessions/{id}: signs that browser out; answers the list as it is afterwards. */
export function revokeSession(sessionId: string): Promise<AccountSessionsResponse> {
  return apiFetch<AccountSessionsResponse>(`/account/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: (data) => queryClient.setQueryData(accountSessionsQueryOptions().queryKey, data),
    // Already gone (404) or not: the list is asked for again.
    onError: () => void queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions().queryKey }),
  });
}
