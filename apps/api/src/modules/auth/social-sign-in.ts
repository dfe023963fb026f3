import { formatMessage } from '@medallion/contracts/messages';
import { AFTER_SIGN_IN_DEFAULT, safeRedirect, sameSitePath } from '@medallion/contracts/safe-redirect';
import type { SocialCallbackRequest, SocialCallbackResponse, SocialProviderId, SocialStartRequest } from '@medallion/contracts/social';
import { AppError } from '../../lib/app-error';
import { toAppError } from './auth-errors';
import type { Auth } from './create-auth';
import type { FlowResult } from './account-flows';

/**
 * Starts the authorization-code flow: the provider's authorize URL, plus better-auth's state cookie.
 * The page to come back to travels as better-auth's callbackURL, which it keeps with the state (server
 * side, tied to the browser's state cookie): only a path of this site, else the dashboard.
 */
export async function startSocialSignIn(
  auth: Auth,
  { provider, redirect }: SocialStartRequest,
  configured: SocialProviderId[],
  headers: Headers,
): Promise<FlowResult<{ url: string }>> {
  if (!configured.includes(provider)) throw new AppError('NOT_FOUND', 'auth.optionUnavailable');
  try {
    const { headers: out, response } = await auth.api.signInSocial({
      body: { provider, callbackURL: safeRedirect(redirect), errorCallbackURL: AFTER_SIGN_IN_DEFAULT },
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
 * against its cookie, exchanges the code, finds or creates the user and sets the session cookie. Its
 * answer redirects to the callbackURL of the start: the page to go back to, checked again here. With
 * two-step sign-in on, that session is ended and the code's step starts (social-second-step.ts):
 * `twoFactorRequired`, the challenge cookie, and still the page to go back to after the code.
 */
export async function completeSocialSignIn(
  auth: Auth,
  publicUrl: string,
  input: SocialCallbackRequest,
  headers: Headers,
): Promise<FlowResult<SocialCallbackResponse>> {
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
  // Who signed in: the session the new cookie names.
  const setCookies = response.headers.getSetCookie();
  const sessionCookies = new Headers({ cookie: setCookies.map((c) => c.split(';')[0]).join('; ') });
  const signedIn = await auth.api.getSession({ headers: sessionCookies });
  const redirect = returnPath(location, publicUrl);
  if (!signedIn) throw new AppError('UNAUTHORIZED', 'auth.socialFailed');

  // Two-step sign-in on: no session yet, the same challenge as after a password (unless this browser is trusted).
  const secondStep = await auth.api.startSocialSecondStep({
    body: { sessionToken: signedIn.session.token },
    headers: forwarded,
    returnHeaders: true,
  });
  if (secondStep.response.twoFactorRequired) {
    const out = new Headers();
    for (const c of setCookies) if (!/^[^=]*session_(token|data)=/.test(c) && !/^[^=]*dont_remember=/.test(c)) out.append('set-cookie', c);
    for (const c of secondStep.headers.getSetCookie()) out.append('set-cookie', c);
    return { body: { message: formatMessage('twoFactor.codeNeeded'), redirect, twoFactorRequired: true }, headers: out };
  }
  const out = new Headers(response.headers);
  for (const c of secondStep.headers.getSetCookie()) out.append('set-cookie', c);
  return {
    body: { message: formatMessage('auth.signedIn'), redirect },
    headers: out,
    signedIn: { id: signedIn.user.id, email: signedIn.user.email },
  };
}

/** The path of this site that better-auth's redirect names (relative, or absolute on PUBLIC_URL); home otherwise. */
function returnPath(location: string, publicUrl: string): string {
  if (!location) return AFTER_SIGN_IN_DEFAULT;
  if (location.startsWith('/')) return safeRedirect(location);
  try {
    const url = new URL(location);
    if (url.origin !== new URL(publicUrl).origin) return AFTER_SIGN_IN_DEFAULT;
    return sameSitePath(url.pathname + url.search + url.hash) ?? AFTER_SIGN_IN_DEFAULT;
  } catch {
    return AFTER_SIGN_IN_DEFAULT;
  }
}
