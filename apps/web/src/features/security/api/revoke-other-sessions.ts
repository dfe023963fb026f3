import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSessionsResponse } from '@medallion/contracts/sessions';
import { apiFetch } from '@/lib/api-client';
import { accountSessionsQueryOptions } from '@/lib/queries/sessions';

/** POST /account/sessions/revoke-others: signs every other browser out; answers the list as it is afterwards. */
export function revokeOtherSessions(): Promise<AccountSessionsResponse> {
  return apiFetch<AccountSessionsResponse>('/account/sessions/revoke-others', { method: 'POST' });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: (data) => queryClient.setQueryData(accountSessionsQueryOptions().queryKey, data),
  });
}
