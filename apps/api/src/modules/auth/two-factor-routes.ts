import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  recoveryCodesResponseSchema,
  twoFactorConfirmRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorPasswordRequestSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@medallion/contracts/two-factor';
import { okResponseSchema } from '@medallion/contracts/auth';
import { authRateLimit, errorResponses as errors } from '../../lib/route-options';
import { forwardCookies, toWebHeaders } from '../../lib/web-headers';
import { requireUser } from '../../plugins/auth';
import { confirmTwoFactor, disableTwoFactor, renewRecoveryCodes, sendStaffEnrollmentCode, setUpTwoFactor } from './manage-two-factor';

/**
 * Two-step sign-in of the signed-in account (the Security tab): set up, confirm, turn off, new recovery
 * codes. Each is limited per IP (the auth limit); wrong codes are also counted per account.
 */
export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const config = authRateLimit(app.config);
  const notice = { mailer: app.mailer, publicUrl: app.config.PUBLIC_URL };

  r.post(
    '/account/two-factor/setup',
    {
      config,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'A new authenticator key and recovery codes (on only after confirm); staff also send the code of POST /account/two-factor/email-code',
        body: twoFactorSetupRequestSchema,
        response: { 200: twoFactorSetupResponseSchema, ...errors },
      },
    },
    async (req) => setUpTwoFactor(app.auth, app.db, req.user, req.body, toWebHeaders(req)),
  );
  r.post(
    '/account/two-factor/email-code',
    {
      config,
      onRequest: requireUser,
      schema: {
        tags,
        summary: "Staff: e-mails the code that turning on two-step sign-in needs to the account's own address",
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => sendStaffEnrollmentCode(app.db, app.mailer, req.user),
  );
  r.post(
    '/account/two-factor/confirm',
    {
      config,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'One code of the app turns two-step sign-in on',
        body: twoFactorConfirmRequestSchema,
        response: { 200: twoFactorStatusResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const result = await confirmTwoFactor(app.auth, app.db, req.user, req.body.code, toWebHeaders(req), notice);
      forwardCookies(result.headers, reply);
      return result.body;
    },
  );
  r.post(
    '/account/two-factor/disable',
    {
      config,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Turns two-step sign-in off (password and a code)',
        body: twoFactorDisableRequestSchema,
        response: { 200: twoFactorStatusResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const result = await disableTwoFactor(app.auth, app.db, req.user, req.body, toWebHeaders(req), notice);
      forwardCookies(result.headers, reply);
      return result.body;
    },
  );
  r.post(
    '/account/two-factor/recovery-codes',
    {
      config,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'A new set of recovery codes (the old ones stop working)',
        body: twoFactorPasswordRequestSchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (req) => renewRecoveryCodes(app.auth, app.db, req.user, req.body.password, toWebHeaders(req), notice),
  );
}
