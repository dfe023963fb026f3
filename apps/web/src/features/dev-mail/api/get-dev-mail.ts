import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DevMailListResponse } from '@medallion/contracts/mail';
import { apiFetch } from '@/lib/api-client';

/** GET /dev/mail (only exists while no SMTP server is configured). */
export function getDevMail(): Promise<DevMailListResponse> {
  return apiFetch<DevMailListResponse>('/dev/mail');
}

export const devMailQueryOptions = queryOptions({
  queryKey: ['dev-mail'],
  queryFn: getDevMail,
  retry: false,
  refetchInterval: 5000,
});

export function useDevMail() {
  return useQuery(devMailQueryOptions);
}
