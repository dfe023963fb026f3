import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteAccountRequestSchema, emailOnlyRequestSchema, okResponseSchema } from '@medallion/contracts/auth';
import { createUserRequestSchema, emailCheckResponseSchema, getUserResponseSchema, patchUserRequestSchema } from '@medallion/contracts/users';
import { requireUser } from '../../plugins/auth';
import { emailExists } from '../auth/account-flows';
import { toWebHeaders } from '../../lib/web-headers';
import { deleteAccount, sendDeleteAccountCode } from './delete-account';
import { confirmUser, createOwnUserRecord, getUserRecord } from './user-record';
import { authRateLimit, errorResponses } from '../../lib/route-options';

const errors = errorResponses;

/** /users calls. A user only ever reads and changes their own record. */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get('/users', { onRequest: requireUser, schema: { tags, response: { 200: getUserResponseSchema, ...errors } } }, async (req) => ({
    data: await getUserRecord(app.db, req.user.id),
  }));

  r.post(
    '/users',
    { onRequest: requireUser, schema: { tags, body: createUserRequestSchema, response: { 200: getUserResponseSchema, ...errors } } },
    async (req) => {
      await createOwnUserRecord(app.auth, app.db, req.user, req.body);
      return { data: await getUserRecord(app.db, req.user.id) };
    },
  );

  r.patch(
    '/users',
    { onRequest: requireUser, schema: { tags, body: patchUserRequestSchema, response: { 200: getUserResponseSchema, ...errors } } },
    async (req) => {
      await confirmUser(app.auth, app.db, req.user.id);
      return { data: await getUserRecord(app.db, req.user.id) };
    },
  );

  const limited = authRateLimit(app.config);

  r.post('/users/delete-code', { config: limited, onRequest: requireUser, schema: { tags, response: { 200: okResponseSchema, ...errors } } }, async (req) =>
    sendDeleteAccountCode(app.auth, app.db, req.user.email),
  );

  r.delete(
    '/users',
    { config: limited, onRequest: requireUser, schema: { tags, body: deleteAccountRequestSchema, response: { 200: okResponseSchema, ...errors } } },
    async (req, reply) => {
      const result = await deleteAccount(app.auth, app.db, app.storage, req.log, req.user, req.body, toWebHeaders(req));
      // The session is gone with the account; tell the browser to drop its cookie too.
      for (const name of ['medallion.session_token', '__Secure-medallion.session_token']) {
        reply.clearCookie(name, { path: '/' });
      }
      return result;
    },
  );

  r.post(
    '/users/email-check',
    {
      config: limited,
      schema: { tags, body: emailOnlyRequestSchema, response: { 200: emailCheckResponseSchema, ...errors } },
    },
    async (req) => ({ email_exist: await emailExists(app.db, req.body.email) }),
  );
}
