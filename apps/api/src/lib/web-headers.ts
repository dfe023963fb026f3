import type { FastifyReply, FastifyRequest } from 'fastify';

/** The request's headers as a Web Headers object (what better-auth reads cookies and bearer tokens from). */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
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
