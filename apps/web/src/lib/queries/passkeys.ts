import { useQuery } from '@tanstack/react-query';
import type { AccountPasskeysResponse } from '@medallion/contracts/passkeys';
import { defineQuery, getJson } from './define-query';

/* Reads of the account's passkeys (modules/auth, the dashboard's Security tab). */

/** Query keys of the passkeys domain. */
export const passkeyKeys = {
  all: ['passkeys'] as const,
  /** The account's passkeys, newest first. */
  list: () => [...passkeyKeys.all, 'list'] as const,
};

/** GET /account/passkeys (signed in). */
export const getAccountPasskeys = getJson<AccountPasskeysResponse>('/account/passkeys');
export const accountPasskeysQueryOptions = defineQuery(passkeyKeys.list, getAccountPasskeys);
export const useAccountPasskeys = () => useQuery(accountPasskeysQueryOptions());
