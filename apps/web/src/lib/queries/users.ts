import { useQuery } from '@tanstack/react-query';
import type { GetUserResponse } from '@medallion/contracts/users';
import { defineQuery, getJson } from './define-query';

/* Reads of the users API (modules/users): the signed-in user's record (the dashboard's user card). */

/** Query keys of the users domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const userKeys = {
  all: ['users'] as const,
  /** The signed-in user's record. */
  me: () => [...userKeys.all, 'me'] as const,
};

/** GET /users: the signed-in user's record (404 "User not found" before the record exists). */
export const getUser = getJson<GetUserResponse>('/users');
export const userQueryOptions = defineQuery(userKeys.me, getUser);
export const useUser = () => useQuery(userQueryOptions());
