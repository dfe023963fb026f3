import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeConfirmRequest, EmailChangeRequest } from '@medallion/contracts/account';
import type { OkResponse } from '@medallion/contracts/auth';
import type { GetUserResponse } from '@medallion/contracts/users';
import { apiFetch } from '@/lib/api-client';
import { authKeys } from '@/lib/queries/auth';
import { userKeys } from '@/lib/queries/users';

/** POST /account/email-change: the current password again; a code goes to the new address. */
export function requestEmailChange(body: EmailChangeRequest): Promise<OkResponse> {
  return apiFetch<OkResponse>('/account/email-change', { method: 'POST', body });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

/** POST /account/email-change/confirm: the code from the new address; answers the changed user record. */
export function confirmEmailChange(body: EmailChangeConfirmRequest): Promise<GetUserResponse> {
  return apiFetch<GetUserResponse>('/account/email-change/confirm', { method: 'POST', body });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: (record) => {
      queryClient.setQueryData(userKeys.me(), record);
      void queryClient.invalidateQueries({ queryKey: authKeys.session() });
    },
  });
}
