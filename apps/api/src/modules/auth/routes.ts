import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordRequestSchema,
  confirmForgotPasswordRequestSchema,
  confirmSignUpRequestSchema,
  emailOnlyRequestSchema,
  okResponseSchema,
  sessionResponseSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from '@medallion/contracts/auth';
import {
  socialCallbackRequestSchema,
  socialCallbackResponseSchema,
  socialProvidersResponseSchema,
  socialStartRequestSchema,
  socialStartResponseSchema,
} from '@medallion/contracts/social';
import { twoFactorRecoveryRequestSchema, twoFactorVerifyRequestSchema } from '@medallion/contracts/two-factor';
import { requireUser } from '../../plugins/auth';
import { forwardCookies, toWebHeaders } from '../../lib/web-headers';
import {
  changePassword,
  confirmSignUp,
  getSessionUser,
  requestPasswordReset,
  resendConfirmationCode,
  resetPassword,
  signInUser,
  signOutUser,
  signUpUser,
  type FlowResult,
} from './account-flows';
import { completeSocialSignIn, startSocialSignIn } from './social-sign-in';
import { verifyTwoFactorSignIn } from './two-factor-sign-in';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, deviceIdFromCookie, isKnownBrowserOf, notePasswordStep, noteSignInBrowser } from './known-browsers';
import { withPasswordPriority } from './password-hashing';
import { linkTrustToSession } from './trusted-browsers';
import { noteSessionUse } from './session-activity';
import { passkeyRoutes } from './passkey-routes';
import { socialProviders } from './social-providers';
import { authRateLimit, errorResponses } from '../../lib/route-options';

const errors = errorResponses;

/** The session token of an `Authorization: Bearer` header (better-auth's signed form is `token.signature`). */
function bearerTokenOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const value = header.slice('Bearer '.length).trim();
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // Not URL-encoded: use it as it is.
  }
  return decoded.split('.')[0] || null;
}

function send<T>(reply: FastifyReply, result: FlowResult<T>): T {
  forwardCookies(result.headers, reply);
  return result.body;
}

/** Our identity endpoints, over better-auth. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const limited = authRateLimit(app.config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const secure = app.config.PUBLIC_URL.startsWith('https:');

  /** The browser's device cookie (known-browsers.ts): set, or renewed for another year. */
  function deviceOf(req: FastifyRequest, reply: FastifyReply): string {
    const device = deviceIdFromCookie(req.cookies[DEVICE_COOKIE]);
    reply.setCookie(DEVICE_COOKIE, device.id, { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure, maxAge: DEVICE_COOKIE_MAX_AGE_S });
    return device.id;
  }

  /**
   * After a sign-in: the browser's device cookie, the "New sign-in" notice when the account has not used
   * this browser before (known-browsers.ts), and the link between the browser's "Trust this browser" and
   * its new session (trusted-browsers.ts), so that signing it out forgets the trust. A database or mail
   * error there is logged and the sign-in goes on.
   */
  async function signedInFrom<T>(req: FastifyRequest, reply: FastifyReply, result: FlowResult<T>, signedIn: { id: string; email: string } | null | undefined) {
    if (!signedIn) return result;
    const deviceId = deviceOf(req, reply);
    try {
      await noteSignInBrowser(app.db, app.mailer, app.config.PUBLIC_URL, { user: signedIn, deviceId, userAgent: req.headers['user-agent'] });
    } catch (err) {
      req.log.error({ err }, 'new-browser notice failed; the sign-in goes on');
    }
    try {
      await linkTrustToSession(app.auth, app.db, signedIn.id, toWebHeaders(req), result.headers);
    } catch (err) {
      req.log.error({ err }, 'linking the trusted browser to its session failed; the sign-in goes on');
    }
    return result;
  }

  /**
   * A right password that waits for the two-step code: the device cookie (so the code's step is the same
   * browser), and "Your password was used…" (sent after PASSWORD_NOTICE_DELAY_MS unless the code signs this
   * browser in first) when the account has not used this browser (known-browsers.ts notePasswordStep). A
   * failure there is logged and the sign-in goes on.
   */
  async function passwordStepFrom<T>(req: FastifyRequest, reply: FastifyReply, result: FlowResult<T>) {
    if (!result.challenged) return result;
    const deviceId = deviceOf(req, reply);
    try {
      const input = { user: result.challenged, deviceId, userAgent: req.headers['user-agent'] };
      await notePasswordStep(app.db, app.mailer, app.config.PUBLIC_URL, input, new Date(), app.config.PASSWORD_NOTICE_DELAY_MS);
    } catch (err) {
      req.log.error({ err }, 'password-step notice failed; the sign-in goes on');
    }
    return result;
  }

  r.post(
    '/auth/sign-up',
    { config: limited, schema: { tags, body: signUpRequestSchema, response: { 200: okResponseSchema, ...errors } } },
    async (req, reply) => send(reply, await signUpUser(app.auth, app.db, req.body)),
  );
  r.post(
    '/auth/confirm-sign-up',
    { config: limited, schema: { tags, body: confirmSignUpRequestSchema, response: { 200: sessionResponseSchema, ...errors } } },
    async (req, reply) => {
      const result = await confirmSignUp(app.auth, app.db, req.body, toWebHeaders(req));
      return send(reply, await signedInFrom(req, reply, result, result.body.user));
    },
  );
  r.post(
    '/auth/resend-code',
    { config: limited, schema: { tags, body: emailOnlyRequestSchema, response: { 200: okResponseSchema, ...errors } } },
    async (req, reply) => send(reply, await resendConfirmationCode(app.auth, app.db, req.body)),
  );
  r.post(
    '/auth/sign-in',
    { config: limited, schema: { tags, body: signInRequestSchema, response: { 200: sessionResponseSchema, ...errors } } },
    async (req, reply) => {
      // A browser that signed in to this account before has the priority lane of the password queue;
      // without a device cookie there is none to have, and a full queue refuses before any database work.
      const deviceCookie = req.cookies[DEVICE_COOKIE];
      if (!deviceCookie) app.passwordHashing.assertRoom();
      const known = await isKnownBrowserOf(app.db, req.body.email, deviceCookie);
      const signedIn = await withPasswordPriority(known, req.body.email, () => signInUser(app.auth, app.db, req.body, toWebHeaders(req)));
      const result = await passwordStepFrom(req, reply, signedIn);
      return send(reply, await signedInFrom(req, reply, result, result.body.user));
    },
  );
  // The second step of sign-in (two-step sign-in on): the app's code or a recovery code, with the challenge cookie.
  for (const [path, kind, body] of [
    ['/auth/two-factor/verify', 'totp', twoFactorVerifyRequestSchema],
    ['/auth/two-factor/recovery', 'recovery', twoFactorRecoveryRequestSchema],
  ] as const) {
    r.post(path, { config: limited, schema: { tags, body, response: { 200: sessionResponseSchema, ...errors } } }, async (req, reply) => {
      const result = await verifyTwoFactorSignIn(app.auth, app.db, kind, req.body, toWebHeaders(req));
      return send(reply, await signedInFrom(req, reply, result, result.signedIn));
    });
  }
  r.post(
    '/auth/forgot-password',
    { config: limited, schema: { tags, body: emailOnlyRequestSchema, response: { 200: okResponseSchema, ...errors } } },
    async (req, reply) => send(reply, await requestPasswordReset(app.auth, app.db, req.body)),
  );
  r.post(
    '/auth/confirm-forgot-password',
    { config: limited, schema: { tags, body: confirmForgotPasswordRequestSchema, response: { 200: sessionResponseSchema, ...errors } } },
    async (req, reply) => {
      const result = await resetPassword(app.auth, app.db, app.mailer, app.config.PUBLIC_URL, req.body, toWebHeaders(req));
      return send(reply, await signedInFrom(req, reply, result, result.body.user));
    },
  );
  r.post(
    '/auth/change-password',
    { config: limited, onRequest: requireUser, schema: { tags, body: changePasswordRequestSchema, response: { 200: okResponseSchema, ...errors } } },
    async (req, reply) => send(reply, await changePassword(app.auth, app.db, req.user, req.body, toWebHeaders(req))),
  );
  r.post('/auth/sign-out', { schema: { tags, response: { 200: okResponseSchema } } }, async (req, reply) =>
    send(reply, await signOutUser(app.auth, toWebHeaders(req))),
  );
  const providers = socialProviders(app.config);
  r.get('/auth/providers', { schema: { tags, response: { 200: socialProvidersResponseSchema } } }, async () => ({
    data: providers.map((p) => ({ id: p.id, name: p.name })),
  }));
  r.post(
    '/auth/social/start',
    { config: limited, schema: { tags, body: socialStartRequestSchema, response: { 200: socialStartResponseSchema, ...errors } } },
    async (req, reply) =>
      send(
        reply,
        await startSocialSignIn(
          app.auth,
          req.body,
          providers.map((p) => p.id),
          toWebHeaders(req),
        ),
      ),
  );
  r.post(
    '/auth/social/callback',
    { config: limited, schema: { tags, body: socialCallbackRequestSchema, response: { 200: socialCallbackResponseSchema, ...errors } } },
    async (req, reply) => {
      const result = await completeSocialSignIn(app.auth, app.config.PUBLIC_URL, req.body, toWebHeaders(req));
      return send(reply, await signedInFrom(req, reply, result, result.signedIn));
    },
  );
  r.get('/auth/session', { schema: { tags, response: { 200: sessionResponseSchema } } }, async (req) => {
    const session = await getSessionUser(app.auth, toWebHeaders(req));
    if (session) await noteSessionUse(app.db, session.session);
    // The token only to a client that already holds it (a bearer request): a cookie-signed-in page's
    // scripts never need it, and an XSS could otherwise read a 30-day session out of this answer.
    return { user: session?.user ?? null, token: session && bearerTokenOf(req) === session.token ? session.token : null };
  });
  await passkeyRoutes(app, { limited, signedInFrom });
}
