import type { SocialCallbackRequest } from '@medallion/contracts/social';
import type { OkResponse } from '@medallion/contracts/auth';
import { apiFetch } from '@/lib/api-client';

/** POST /auth/social/callback with what the provider sent to /auth. */
export function completeSocialSignIn(body: SocialCallbackRequest): Promise<OkResponse> {
  return apiFetch<OkResponse>('/auth/social/callback', { method: 'POST', body });
}
