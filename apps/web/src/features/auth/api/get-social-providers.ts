import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SocialProvidersResponse } from '@medallion/contracts/social';
import { apiFetch } from '@/lib/api-client';

/** GET /auth/providers: the configured social sign-in options. */
export function getSocialProviders(): Promise<SocialProvidersResponse> {
  return apiFetch<SocialProvidersResponse>('/auth/providers');
}

export const socialProvidersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: getSocialProviders,
  staleTime: Infinity,
});

export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions);
}
