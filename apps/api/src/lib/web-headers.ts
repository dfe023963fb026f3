import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The client's address as Fastify resolved it (request.ip: the socket peer, or with TRUST_PROXY the
 * proxy's X-Forwarded-For), handed to better-auth in this header, which it records on a new session.
 * A client cannot set it: a header of that name sent by the client is dropped.
 */
export const CLIENT_IP_HEADER = 'x-medallion-client-ip';

/** The request's headers as a Web Headers object (what better-auth reads cookies and bearer tokens from). */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.ip) headers.set(CLIENT_IP_HEADER, request.ip);
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key.toLowerCase() === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, String(value));
  }
  return headers;
}

/** Copies Set-Cookie headers from a better-auth answer onto the Fastify reply. */
export function forwardCookies(from: Headers | null | undefined, reply: FastifyReply): void {
  const cookies = from?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** A compression both Fastify's replies and every current browser and crawler take. */
export type HtmlEncoding = 'br' | 'gzip';

/** Brotli when the browser takes it (every current one), else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): HtmlEncoding | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}
