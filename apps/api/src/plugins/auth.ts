import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AUTH_MESSAGES } from '@medallion/contracts/auth';
import type { SessionUser } from '@medallion/contracts/auth';
import { AppError } from '../lib/app-error';
import { toWebHeaders } from '../lib/web-headers';
import { getSessionUser } from '../modules/auth/account-flows';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireStaff. */
    user: SessionUser;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Origin of the request as the browser sees it (same-origin calls from the SPA). */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null as unknown as SessionUser);
  const trusted = new URL(app.config.PUBLIC_URL).origin;

  // A state-changing call that carries our cookies must come from our own pages.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    if (!request.headers.cookie) return;
    const origin = request.headers.origin ?? (request.headers.referer ? new URL(request.headers.referer).origin : undefined);
    if (origin && origin !== trusted && origin !== requestOrigin(request)) {
      throw new AppError('FORBIDDEN', AUTH_MESSAGES.crossSite);
    }
  });
}

/**
 * onRequest hook: 401 "User is not authenticated" without a valid session (cookie or bearer token).
 * It runs before body validation, so anonymous callers learn nothing about a route's input.
 */
export const requireUser: onRequestAsyncHookHandler = async function (request) {
  const session = await getSessionUser(this.auth, toWebHeaders(request));
  if (!session) throw new AppError('UNAUTHORIZED');
  request.user = session.user;
};

/** onRequest hook: staff only (401 without a session, 403 for other users). */
export const requireStaff: onRequestAsyncHookHandler = async function (request, reply) {
  await requireUser.call(this, request, reply);
  if (request.user.role !== 'staff') throw new AppError('FORBIDDEN');
};
