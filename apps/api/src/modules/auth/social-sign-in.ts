import { formatMessage } from '@medallion/contracts/messages';
import type { SocialCallbackRequest, SocialProviderId } from '@medallion/contracts/social';
import { AppError } from '../../lib/app-error';
import { toAppError } from './auth-errors';
import type { Auth } from './create-auth';
import type { FlowResult } from './account-flows';

/** Starts the authorization-code flow: the provider's authorize URL, plus better-auth's state cookie. */
export async function startSocialSignIn(
  auth: Auth,
  provider: SocialProviderId,
  configured: SocialProviderId[],
  headers: Headers,
): Promise<FlowResult<{ url: string }>> {
  if (!configured.includes(provider)) throw new AppError('NOT_FOUND', 'auth.optionUnavailable');
  try {
    const { headers: out, response } = await auth.api.signInSocial({
      body: { provider, callbackURL: '/', errorCallbackURL: '/' },
      headers,
      returnHeaders: true,
    });
    if (!response.url) throw new AppError('SERVICE_UNAVAILABLE', 'auth.providerUnreachable');
    return { body: { url: response.url }, headers: out };
  } catch (error) {
    if (error instanceof AppError) throw error;
    return toAppError(error);
  }
}

/**
 * Completes the flow with the code and state the provider sent to /auth: better-auth checks the state
 * against its cookie, exchanges the code, finds or creates the user and sets the session cookie.
 */
export async function completeSocialSignIn(
  auth: Auth,
  publicUrl: string,
  input: SocialCallbackRequest,
  headers: Headers,
): Promise<FlowResult<{ message: string }>> {
  const url = new URL(`${publicUrl}/api/auth/callback/${input.provider}`);
  url.searchParams.set('code', input.code);
  url.searchParams.set('state', input.state);
  const forwarded = new Headers();
  const cookie = headers.get('cookie');
  if (cookie) forwarded.set('cookie', cookie);
  const response = await auth.handler(new Request(url, { method: 'GET', headers: forwarded }));
  const location = response.headers.get('location') ?? '';
  const failed = response.status >= 400 || /[?&]error=/.test(location);
  if (failed || response.headers.getSetCookie().every((c) => !c.includes('session_token'))) {
    throw new AppError('UNAUTHORIZED', 'auth.socialFailed');
  }
  return { body: { message: formatMessage('auth.signedIn') }, headers: response.headers };
}
