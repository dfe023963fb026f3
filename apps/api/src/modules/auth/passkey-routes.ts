import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionResponseSchema } from '@medallion/contracts/auth';
import {
  accountPasskeysResponseSchema,
  addPasskeyRequestSchema,
  passkeyOptionsResponseSchema,
  passkeyParamsSchema,
  passkeySignInRequestSchema,
} from '@medallion/contracts/passkeys';
import { errorResponses as errors } from '../../lib/route-options';
import { forwardCookies, toWebHeaders } from '../../lib/web-headers';
import { requireStepUp, requireUser } from '../../plugins/auth';
import type { FlowResult } from './account-flows';
import { deletePasskey } from './delete-passkey';
import { listPasskeys } from './list-passkeys';
import { addPasskey, startPasskeyRegistration } from './register-passkey';
import { signInWithPasskey, startPasskeySignIn } from './sign-in-with-passkey';

/** What routes.ts hands over: its per-IP limit and its "after sign-in" step (device cookie, new-browser notice). */
export interface PasskeyRouteOptions {
  limited: object;
  signedInFrom: <T>(
    req: FastifyRequest,
    reply: FastifyReply,
    result: FlowResult<T>,
    signedIn: { id: string; email: string } | null | undefined,
  ) => Promise<FlowResult<T>>;
}

function send<T>(reply: FastifyReply, result: FlowResult<T>): T {
  forwardCookies(result.headers, reply);
  return result.body;
}

/**
 * Passkeys (WebAuthn, decision 0008) over our better-auth plugin (passkey-plugin.ts): the account's
 * passkeys in the Security tab, and sign-in with one on /login. Every call that makes or answers a
 * challenge is limited per IP like the other sign-in calls.
 */
export async function passkeyRoutes(app: FastifyInstance, { limited, signedInFrom }: PasskeyRouteOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const account = ['account'];
  const auth = ['auth'];
  const list = async (req: FastifyRequest) => ({ data: { passkeys: await listPasskeys(app.db, req.user.id) } });

  r.get(
    '/account/passkeys',
    {
      onRequest: requireUser,
      schema: { tags: account, summary: "The account's passkeys, newest first", response: { 200: accountPasskeysResponseSchema, ...errors } },
    },
    async (req) => list(req),
  );

  r.post(
    '/account/passkeys/register-options',
    {
      config: limited,
      onRequest: requireUser,
      preHandler: requireStepUp,
      schema: {
        tags: account,
        summary:
          'WebAuthn options to create a passkey (the challenge is bound to this browser by a cookie, 5 minutes, once); needs a step-up (POST /account/reauthenticate)',
        response: { 200: passkeyOptionsResponseSchema, ...errors },
      },
    },
    async (req, reply) => send(reply, await startPasskeyRegistration(app.auth, toWebHeaders(req))),
  );

  r.post(
    '/account/passkeys',
    {
      config: limited,
      onRequest: requireUser,
      preHandler: requireStepUp,
      schema: {
        tags: account,
        summary: "Checks the browser's answer to the registration options and adds the passkey; answers the list",
        body: addPasskeyRequestSchema,
        response: { 200: accountPasskeysResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      send(reply, await addPasskey(app.auth, req.body, toWebHeaders(req)));
      return list(req);
    },
  );

  r.delete(
    '/account/passkeys/:passkey_id',
    {
      onRequest: requireUser,
      preHandler: requireStepUp,
      schema: {
        tags: account,
        summary: "Removes one of the account's passkeys (404 for any other id; needs a step-up); answers the list",
        params: passkeyParamsSchema,
        response: { 200: accountPasskeysResponseSchema, ...errors },
      },
    },
    async (req) => {
      await deletePasskey(app.db, req.user.id, req.params.passkey_id);
      return list(req);
    },
  );

  r.post(
    '/auth/passkey/options',
    {
      config: limited,
      schema: {
        tags: auth,
        summary: 'WebAuthn options to sign in with a passkey (no e-mail; the challenge is bound to this browser by a cookie)',
        response: { 200: passkeyOptionsResponseSchema, ...errors },
      },
    },
    async (req, reply) => send(reply, await startPasskeySignIn(app.auth, toWebHeaders(req))),
  );

  r.post(
    '/auth/passkey/sign-in',
    {
      config: limited,
      schema: {
        tags: auth,
        summary: 'Signs in with a passkey: no password and no second factor; answers as /auth/sign-in',
        body: passkeySignInRequestSchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const result = await signInWithPasskey(app.auth, req.body, toWebHeaders(req));
      return send(reply, await signedInFrom(req, reply, result, result.body.user));
    },
  );
}
