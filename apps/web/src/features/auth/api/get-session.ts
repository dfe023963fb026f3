import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@medallion/contracts/auth';
import { apiFetch } from '@/lib/api-client';

/** GET /auth/session: the signed-in user, or {user: null}. A failure counts as signed out (spec §4). */
export async function getSession(): Promise<SessionResponse> {
  try {
    return await apiFetch<SessionResponse>('/auth/session');
  } catch {
    return { user: null, token: null };
  }
}

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}
