import { useMutation } from '@tanstack/react-query';
import type { SocialProviderId, SocialStartRequest, SocialStartResponse } from '@medallion/contracts/social';
import { apiFetch } from '@/lib/api-client';

const STATE_KEY_PREFIX = 'medallion.oauth.';

/** The provider that issued this state (the state value picks the provider on /auth). */
export function providerForState(state: string): SocialProviderId | null {
  try {
    const value = window.sessionStorage.getItem(STATE_KEY_PREFIX + state);
    return value === 'google' || value === 'oidc' ? value : null;
  } catch {
    return null;
  }
}

export function forgetState(state: string): void {
  try {
    window.sessionStorage.removeItem(STATE_KEY_PREFIX + state);
  } catch {
    // Nothing stored.
  }
}

/**
 * POST /auth/social/start, remember which provider the state belongs to, and go to the provider. The
 * page to come back to (`redirect`) travels with the provider's state on the server.
 */
export async function startSocialSignIn(body: SocialStartRequest): Promise<void> {
  const { provider } = body;
  const { url } = await apiFetch<SocialStartResponse>('/auth/social/start', { method: 'POST', body });
  const state = new URL(url).searchParams.get('state');
  if (state) {
    try {
      window.sessionStorage.setItem(STATE_KEY_PREFIX + state, provider);
    } catch {
      // Without storage /auth falls back to the only configured provider.
    }
  }
  window.location.assign(url);
}

export function useStartSocialSignIn() {
  return useMutation({ mutationFn: startSocialSignIn });
}
