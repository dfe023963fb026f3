import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { SessionUser } from '@medallion/contracts/auth';
import { AppError } from '../lib/app-error';
import { toWebHeaders } from '../lib/web-headers';
import { getSessionUser } from '../modules/auth/account-flows';
import { noteSessionUse } from '../modules/auth/session-activity';
import { assertSteppedUp } from '../modules/auth/step-up';
import { actsAsStaff } from '../modules/auth/two-factor-policy';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireStaff. */
    user: SessionUser;
    /** The row id of the request's session (set by requireUser / requireStaff); never its token. */
    sessionId: string;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Origin of the request as the browser sees it (same-origin calls from the SPA). */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * The origin the browser claims for a call: the Origin header as sent (browsers send it serialized,
 * so it is compared as text and anything odd simply does not match), else the origin of the Referer.
 * A Referer that is not a URL gives null, which is refused like a foreign origin (not a 500).
 * undefined: neither header, i.e. not a browser's cross-site call.
 */
function claimedOrigin(request: FastifyRequest): string | null | undefined {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return origin;
  if (!referer) return undefined;
  try {
    const parsed = new URL(referer).origin;
    return parsed === 'null' ? null : parsed;
  } catch {
    return null;
  }
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('sessionId', '');
  const trusted = new URL(app.config.PUBLIC_URL).origin;

  // A state-changing call that carries our cookies must come from our own pages. (A callback hook:
  // it runs on every request, and most pass at the first test.)
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/') || !request.headers.cookie) return done();
    const origin = claimedOrigin(request);
    if (origin !== undefined && origin !== trusted && origin !== requestOrigin(request)) return done(new AppError('FORBIDDEN', 'auth.crossSite'));
    done();
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
  request.sessionId = session.session.id;
  await noteSessionUse(this.db, session.session);
};

/** onRequest hook: staff only (401 without a session, 403 for other users, 403 TWO_FACTOR_REQUIRED for staff without two-factor). */
export const requireStaff: onRequestAsyncHookHandler = async function (request, reply) {
  await requireUser.call(this, request, reply);
  if (request.user.role !== 'staff') throw new AppError('FORBIDDEN');
  // Staff must use two-step sign-in (two-factor-policy.ts): until it is on, every staff call says so.
  if (!actsAsStaff(request.user)) throw new AppError('TWO_FACTOR_REQUIRED');
};

/**
 * preHandler of a route with requireUser: 403 REAUTH_REQUIRED unless this session checked its password
 * or second factor in the last 5 minutes (step-up.ts; POST /account/reauthenticate). For the calls that
 * change how the account signs in without asking for the password themselves (passkeys). A preHandler,
 * so a bad input is still a 400 first.
 */
export const requireStepUp: preHandlerAsyncHookHandler = async function (request) {
  await assertSteppedUp(this.db, request.sessionId, request.user.id);
};
