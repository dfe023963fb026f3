import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DevMailListResponse } from '@medallion/contracts/mail';
import { apiFetch } from '@/lib/api-client';

/* Reads of the dev mailbox (modules/dev-mail): the outbox while no SMTP server is configured. */

/** Query keys of the dev-mail domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const devMailKeys = {
  all: ['dev-mail'] as const,
  messages: () => [...devMailKeys.all, 'messages'] as const,
};

/** GET /dev/mail (only exists while no SMTP server is configured; 403 unless on the app's machine or staff). */
export function getDevMail(signal?: AbortSignal): Promise<DevMailListResponse> {
  return apiFetch<DevMailListResponse>('/dev/mail', { signal });
}

export function devMailQueryOptions() {
  return queryOptions({
    queryKey: devMailKeys.messages(),
    queryFn: ({ signal }) => getDevMail(signal),
    retry: false,
    // New mail shows up by itself; a refusal (403) or a missing mailbox (404) is not polled again.
    refetchInterval: (query) => (query.state.error ? false : 5000),
  });
}

export function useDevMail() {
  return useQuery(devMailQueryOptions());
}
