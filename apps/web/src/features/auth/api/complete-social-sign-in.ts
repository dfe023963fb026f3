import type { SocialCallbackRequest, SocialCallbackResponse } from '@medallion/contracts/social';
import { apiFetch } from '@/lib/api-client';

/** POST /auth/social/callback with what the provider sent to /auth; answers the page to go back to. */
export function completeSocialSignIn(body: SocialCallbackRequest): Promise<SocialCallbackResponse> {
  return apiFetch<SocialCallbackResponse>('/auth/social/callback', { method: 'POST', body });
}
