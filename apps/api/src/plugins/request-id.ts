import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { runWithRequestLogger } from '../lib/request-context';

export const REQUEST_ID_HEADER = 'x-request-id';
export const SERVED_BY_HEADER = 'x-served-by';

/** What an incoming X-Request-Id may be (a proxy's id, a UUID, a trace id): short, no spaces or quotes. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:@/+=-]{8,128}$/;

/**
 * Fastify's genReqId: the caller's X-Request-Id when it looks like an id (nginx sends its
 * $request_id, so one id follows a request from the proxy's log to ours), else a new UUID. Anything
 * else (too long, control characters, several headers) is replaced, never echoed.
 */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Every answer carries its request id (X-Request-Id) and, when INSTANCE_ID is set, the instance that
 * served it (X-Served-By). Integrations that log through contextLogger() write with the request's
 * logger (its `reqId`) while the request is served.
 */
export function registerRequestId(app: FastifyInstance): void {
  const instance = app.config.INSTANCE_ID;
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (instance) reply.header(SERVED_BY_HEADER, instance);
    runWithRequestLogger(request.log, done);
  });
  // A body is read in the socket's callbacks, outside the context entered above: enter it again.
  app.addHook('preValidation', (request, _reply, done) => runWithRequestLogger(request.log, done));
}
