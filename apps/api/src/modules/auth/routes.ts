import type { FastifyInstance, FastifyReply } from 'fastify';
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
import { socialCallbackRequestSchema, socialProvidersResponseSchema, socialStartRequestSchema, socialStartResponseSchema } from '@medallion/contracts/social';
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
import { socialProviders } from './social-providers';
import { authRateLimit, errorResponses } from '../../lib/route-options';

const errors = errorResponses;

function send<T>(reply: FastifyReply, result: FlowResult<T>): T {
  forwardCookies(result.headers, reply);
  return result.body;
}

/** Our identity endpoints, over better-auth. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const limited = authRateLimit(app.config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post(
    '/auth/sign-up',
    { config: limited, schema: { tags, body: signUpRequestSchema, response: { 200: okResponseSchema, ...errors } } },
    async (req, reply) => send(reply, await signUpUser(app.auth, app.db, req.body)),
  );
  r.post(
    '/auth/confirm-sign-up',
    { config: limited, schema: { tags, body: confirmSignUpRequestSchema, response: { 200: sessionResponseSchema, ...errors } } },
    async (req, reply) => send(reply, await confirmSignUp(app.auth, app.db, req.body)),
  );
  r.post(
    '/auth/resend-code',
    { config: limited, schema: { tags, body: emailOnlyRequestSchema, response: { 200: okResponseSchema, ...errors } } },
    async (req, reply) => send(reply, await resendConfirmationCode(app.auth, app.db, req.body)),
  );
  r.post(
    '/auth/sign-in',
    { config: limited, schema: { tags, body: signInRequestSchema, response: { 200: sessionResponseSchema, ...errors } } },
    async (req, reply) => send(reply, await signInUser(app.auth, app.db, req.body, toWebHeaders(req))),
  );
  r.post(
    '/auth/forgot-password',
    { config: limited, schema: { tags, body: emailOnlyRequestSchema, response: { 200: okResponseSchema, ...errors } } },
    async (req, reply) => send(reply, await requestPasswordReset(app.auth, app.db, req.body)),
  );
  r.post(
    '/auth/confirm-forgot-password',
    { config: limited, schema: { tags, body: confirmForgotPasswordRequestSchema, response: { 200: sessionResponseSchema, ...errors } } },
    async (req, reply) => send(reply, await resetPassword(app.auth, app.db, req.body, toWebHeaders(req))),
  );
  r.post(
    '/auth/change-password',
    { config: limited, onRequest: requireUser, schema: { tags, body: changePasswordRequestSchema, response: { 200: okResponseSchema, ...errors } } },
    async (req, reply) => send(reply, await changePassword(app.auth, req.body, toWebHeaders(req))),
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
          req.body.provider,
          providers.map((p) => p.id),
          toWebHeaders(req),
        ),
      ),
  );
  r.post(
    '/auth/social/callback',
    { config: limited, schema: { tags, body: socialCallbackRequestSchema, response: { 200: okResponseSchema, ...errors } } },
    async (req, reply) => send(reply, await completeSocialSignIn(app.auth, app.config.PUBLIC_URL, req.body, toWebHeaders(req))),
  );
  r.get('/auth/session', { schema: { tags, response: { 200: sessionResponseSchema } } }, async (req) => {
    const session = await getSessionUser(app.auth, toWebHeaders(req));
    return { user: session?.user ?? null, token: session?.token ?? null };
  });
}
