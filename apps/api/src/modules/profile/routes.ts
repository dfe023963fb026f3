import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailChangeConfirmRequestSchema,
  emailChangeRequestSchema,
  emailRestoreRequestSchema,
  emailRestoreResponseSchema,
  updateProfileRequestSchema,
} from '@medallion/contracts/account';
import { okResponseSchema } from '@medallion/contracts/auth';
import { getUserResponseSchema } from '@medallion/contracts/users';
import { requireUser } from '../../plugins/auth';
import { authRateLimit, errorResponses } from '../../lib/route-options';
import { forwardCookies, toWebHeaders } from '../../lib/web-headers';
import { getUserRecord } from '../users/user-record';
import { confirmEmailChange, requestEmailChange } from './change-email';
import { restoreEmail } from './restore-email';
import { updateProfile } from './update-profile';

const errors = errorResponses;

/** The signed-in user's own attributes (the spec's "update user attributes"): name, phone, e-mail. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const limited = authRateLimit(app.config);

  r.patch(
    '/account/profile',
    {
      config: limited,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Change your name and phone (a US number, stored in E.164)',
        body: updateProfileRequestSchema,
        response: { 200: getUserResponseSchema, ...errors },
      },
    },
    async (req) => {
      await updateProfile(app.auth, app.db, req.user.id, req.body);
      return { data: await getUserRecord(app.db, req.user.id) };
    },
  );

  r.post(
    '/account/email-change',
    {
      config: limited,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Start changing your e-mail: the current password, then a code is sent to the new address',
        body: emailChangeRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => requestEmailChange(app.auth, app.db, req.user, req.body, toWebHeaders(req)),
  );

  r.post(
    '/account/email-change/confirm',
    {
      config: limited,
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Finish changing your e-mail with the code sent to the new address; both addresses get a notice',
        body: emailChangeConfirmRequestSchema,
        response: { 200: getUserResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const result = await confirmEmailChange(app.auth, app.db, app.mailer, app.config.PUBLIC_URL, req.user, req.body, toWebHeaders(req));
      forwardCookies(result.headers, reply);
      return { data: await getUserRecord(app.db, req.user.id) };
    },
  );

  r.post(
    '/account/email-restore',
    {
      config: limited,
      schema: {
        tags,
        summary:
          'Undo an e-mail change with the link sent to the old address (no sign-in; 7 days, once): the old address is back, every browser signed out, passkeys removed, the password to set again',
        body: emailRestoreRequestSchema,
        response: { 200: emailRestoreResponseSchema, ...errors },
      },
    },
    async (req) => restoreEmail(app.auth, app.db, req.body.token),
  );
}
