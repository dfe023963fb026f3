import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetUserResponse } from '@medallion/contracts/users';
import { apiFetch } from '@/lib/api-client';

/* Reads of the users API (modules/users): the signed-in user's record (the dashboard's user card). */

/** Query keys of the users domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const userKeys = {
  all: ['users'] as const,
  /** The signed-in user's record. */
  me: () => [...userKeys.all, 'me'] as const,
};

/** GET /users: the signed-in user's record (404 "User not found" before the record exists). */
export function getUser(signal?: AbortSignal): Promise<GetUserResponse> {
  return apiFetch<GetUserResponse>('/users', { signal });
}

export function userQueryOptions() {
  return queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => getUser(signal),
  });
}

export function useUser() {
  return useQuery(userQueryOptions());
}
