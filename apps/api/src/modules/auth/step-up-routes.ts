import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@medallion/contracts/auth';
import { reauthenticateRequestSchema, reauthenticateResponseSchema, stepUpStatusResponseSchema } from '@medallion/contracts/two-factor';
import { authRateLimit, errorResponses as errors } from '../../lib/route-options';
import { toWebHeaders } from '../../lib/web-headers';
import { requireUser } from '../../plugins/auth';
import { reauthenticate, sendStepUpCode, stepUpStatus } from './reauthenticate';

/**
 * The step-up before changing how the account signs in (step-up.ts): what the account can confirm with,
 * the check itself, and the e-mailed code of an account with no password nor two-step sign-in. A call
 * that needs it answers 403 REAUTH_REQUIRED; the Security tab then asks in a dialog and tries again.
 */
export async function stepUpRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const config = authRateLimit(app.config);

  r.get(
    '/account/reauthenticate',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'How this account confirms it is you (password, two-step code or e-mailed code), and until when this browser has',
        response: { 200: stepUpStatusResponseSchema, ...errors },
      },
    },
    async (req) => stepUpStatus(app.db, req.user, req.sessionId),
  );
  r.post(
    '/account/reauthenticate',
    {
      config,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Confirm it is you (password, or a two-step or recovery code): this browser may change passkeys for 5 minutes',
        body: reauthenticateRequestSchema,
        response: { 200: reauthenticateResponseSchema, ...errors },
      },
    },
    async (req) => reauthenticate(app.auth, app.db, req.user, req.sessionId, req.body, toWebHeaders(req)),
  );
  r.post(
    '/account/reauthenticate/email-code',
    {
      config,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'E-mails a code that confirms it is you (accounts with no password nor two-step sign-in)',
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => sendStepUpCode(app.db, app.mailer, req.user),
  );
}
