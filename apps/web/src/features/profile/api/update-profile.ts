import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest } from '@medallion/contracts/account';
import type { GetUserResponse } from '@medallion/contracts/users';
import { apiFetch } from '@/lib/api-client';
import { authKeys } from '@/lib/queries/auth';
import { userKeys } from '@/lib/queries/users';

/** PATCH /account/profile: the name and the phone; answers the user record. */
export function updateProfile(body: UpdateProfileRequest): Promise<GetUserResponse> {
  return apiFetch<GetUserResponse>('/account/profile', { method: 'PATCH', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (record) => {
      queryClient.setQueryData(userKeys.me(), record);
      // The header and the listing form read the name from the session.
      void queryClient.invalidateQueries({ queryKey: authKeys.session() });
    },
  });
}
