import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetUserResponse } from '@medallion/contracts/users';
import { apiFetch } from '@/lib/api-client';

/** GET /users: the signed-in user's record. */
export function getUser(): Promise<GetUserResponse> {
  return apiFetch<GetUserResponse>('/users');
}

export const userQueryOptions = queryOptions({ queryKey: ['user'], queryFn: getUser });

export function useUser() {
  return useQuery(userQueryOptions);
}
