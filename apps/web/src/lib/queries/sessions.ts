import { useQuery } from '@tanstack/react-query';
import type { AccountSessionsResponse } from '@medallion/contracts/sessions';
import { defineQuery, getJson } from './define-query';

/* Reads of the account's sessions (modules/auth, the dashboard's Security tab): the signed-in browsers. */

/** Query keys of the sessions domain. */
export const sessionKeys = {
  all: ['sessions'] as const,
  /** The browsers signed in to the account, this one first. */
  list: () => [...sessionKeys.all, 'list'] as const,
};

/** GET /account/sessions (signed in). */
export const getAccountSessions = getJson<AccountSessionsResponse>('/account/sessions');
export const accountSessionsQueryOptions = defineQuery(sessionKeys.list, getAccountSessions, { refetchOnWindowFocus: true });
export const useAccountSessions = () => useQuery(accountSessionsQueryOptions());
