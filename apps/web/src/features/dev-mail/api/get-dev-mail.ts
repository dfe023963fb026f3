import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DevMailListResponse } from '@medallion/contracts/mail';
import { apiFetch } from '@/lib/api-client';

/** GET /dev/mail (only exists while no SMTP server is configured; 403 unless on the app's machine or staff). */
export function getDevMail(): Promise<DevMailListResponse> {
  return apiFetch<DevMailListResponse>('/dev/mail');
}

export const devMailQueryOptions = queryOptions({
  queryKey: ['dev-mail'],
  queryFn: getDevMail,
  retry: false,
  // New mail shows up by itself; a refusal (403) or a missing mailbox (404) is not polled again.
  refetchInterval: (query) => (query.state.error ? false : 5000),
});

export function useDevMail() {
  return useQuery(devMailQueryOptions);
}
