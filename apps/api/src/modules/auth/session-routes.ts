import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountSessionsResponseSchema, sessionParamsSchema } from '@medallion/contracts/sessions';
import { errorResponses as errors } from '../../lib/route-options';
import { forwardCookies, toWebHeaders } from '../../lib/web-headers';
import { requireUser } from '../../plugins/auth';
import { listSessions } from './list-sessions';
import { revokeOtherSessions, revokeSession } from './revoke-sessions';

/**
 * The browsers signed in to the account (the dashboard's Security tab), over better-auth's session
 * calls. Sessions are named by their row id; tokens never leave the server. Each call answers the list
 * as it is afterwards.
 */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const list = async (req: FastifyRequest, currentSessionId: string | null = req.sessionId) => ({
    data: { sessions: await listSessions(app.auth, req.user.id, currentSessionId) },
  });

  r.get(
    '/account/sessions',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'The browsers signed in to the account, this one first', response: { 200: accountSessionsResponseSchema, ...errors } },
    },
    async (req) => list(req),
  );

  r.delete(
    '/account/sessions/:session_id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Signs one browser out (404 for an id that is not a signed-in browser of the account)',
        params: sessionParamsSchema,
        response: { 200: accountSessionsResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { headers } = await revokeSession(app.auth, app.db, req.user.id, req.params.session_id, req.sessionId, toWebHeaders(req));
      forwardCookies(headers, reply);
      return list(req, req.params.session_id === req.sessionId ? null : req.sessionId);
    },
  );

  r.post(
    '/account/sessions/revoke-others',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'Signs every other browser out, keeping this one', response: { 200: accountSessionsResponseSchema, ...errors } },
    },
    async (req) => {
      await revokeOtherSessions(app.auth, app.db, req.user.id, toWebHeaders(req));
      return list(req);
    },
  );
}
