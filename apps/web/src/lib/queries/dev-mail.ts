import { useQuery } from '@tanstack/react-query';
import type { DevMailListResponse } from '@medallion/contracts/mail';
import { defineQuery, getJson } from './define-query';

/* Reads of the dev mailbox (modules/dev-mail): the outbox while no SMTP server is configured. */

/** Query keys of the dev-mail domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const devMailKeys = {
  all: ['dev-mail'] as const,
  messages: () => [...devMailKeys.all, 'messages'] as const,
};

/** GET /dev/mail (only exists while no SMTP server is configured; 403 unless on the app's machine or staff). */
export const getDevMail = getJson<DevMailListResponse>('/dev/mail');
export const devMailQueryOptions = defineQuery(devMailKeys.messages, getDevMail, {
  retry: false,
  // New mail shows up by itself; a refusal (403) or a missing mailbox (404) is not polled again.
  refetchInterval: (query) => (query.state.error ? false : 5000),
});
export const useDevMail = () => useQuery(devMailQueryOptions());
