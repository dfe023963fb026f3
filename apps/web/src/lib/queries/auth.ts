import { useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@medallion/contracts/auth';
import type { SocialProvidersResponse } from '@medallion/contracts/social';
import type { StepUpStatusResponse } from '@medallion/contracts/two-factor';
import { apiFetch } from '@/lib/api-client';
import { defineQuery, getJson } from './define-query';

/* Reads of the auth API (modules/auth): who is signed in, and which social sign-ins are offered. */

/** Query keys of the auth domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const authKeys = {
  all: ['auth'] as const,
  /** The session: every page reads it (header, guards); sign-in flows write it. */
  session: () => [...authKeys.all, 'session'] as const,
  providers: () => [...authKeys.all, 'providers'] as const,
  /** How the account confirms it is its owner (the step-up before passkey changes), and until when this browser has. */
  stepUp: () => [...authKeys.all, 'step-up'] as const,
};

/** GET /auth/session: the signed-in user, or {user: null}. A failure counts as signed out. */
export async function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  try {
    return await apiFetch<SessionResponse>('/auth/session', { signal });
  } catch {
    return { user: null, token: null };
  }
}

export const sessionQueryOptions = defineQuery(authKeys.session, getSession, { staleTime: 60_000, refetchOnWindowFocus: true });
export const useSession = () => useQuery(sessionQueryOptions());

/** GET /auth/providers: the configured social sign-in options. */
export const getSocialProviders = getJson<SocialProvidersResponse>('/auth/providers');
export const socialProvidersQueryOptions = defineQuery(authKeys.providers, getSocialProviders, { staleTime: Infinity });
export const useSocialProviders = () => useQuery(socialProvidersQueryOptions());

/** GET /account/reauthenticate (signed in): the step-up's ways for this account, and until when it holds. */
export const getStepUpStatus = getJson<StepUpStatusResponse>('/account/reauthenticate');
export const stepUpStatusQueryOptions = defineQuery(authKeys.stepUp, getStepUpStatus, { staleTime: 0 });
export const useStepUpStatus = (enabled: boolean) => useQuery({ ...stepUpStatusQueryOptions(), enabled });
