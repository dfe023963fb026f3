import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { EARLY_CAPTURE_SCRIPT } from '@medallion/contracts/early-capture';
import { stripeCspSources } from '../integrations/payments/stripe-csp';
import { API_DOCS_PREFIX } from './docs';

export async function registerSecurity(app: FastifyInstance, options: { imageOrigins?: string[] } = {}): Promise<void> {
  // Stripe mode: Stripe.js (STRIPE_JS_URL) loads, frames its card fields and calls Stripe's API.
  // The sandbox card form is our own code, so its pages stay 'self'.
  const config = app.hasDecorator('config') ? app.config : undefined;
  const stripe = config?.STRIPE_SECRET_KEY ? stripeCspSources({ jsUrl: config.STRIPE_JS_URL, apiUrl: config.STRIPE_API_URL }) : null;
  const pageHeaders = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script, the early capture of taps before the app has hydrated (decision 0014), by its hash.
        scriptSrc: ["'self'", EARLY_CAPTURE_CSP_SOURCE, ...(stripe?.script ?? [])],
        // Swagger UI and radix inject inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Listing photos come from our own /media, or from the S3 bucket / CDN when configured.
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe?.connect ?? [])],
        ...(stripe ? { frameSrc: ["'self'", ...stripe.frame] } : {}),
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Allow same-origin popups (payment provider) later; keep the rest strict.
    crossOriginEmbedderPolicy: false,
  });
  // An API answer is data, never a document: OWASP's set for REST answers (a policy that allows
  // nothing and no framing, nosniff, HSTS, same-origin resources, no referrer) instead of the page's
  // policy and its document-only headers. The API's own pages (Swagger UI at /api/docs) are pages.
  const apiHeaders = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // Every answer (an error included) carries its set; a route may still set its own.
  app.addHook('onRequest', (request, reply, done) => {
    const headers = isApiCall(request.url) ? apiHeaders : pageHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  // Registered globally but off by default: routes opt in with config.rateLimit.
  // With REDIS_URL the counters live in Redis (the plugin's own store), so every instance counts the
  // same requests; a Redis outage then lets requests through (the connection error is logged) rather than answering 500.
  const redis = app.hasDecorator('redis') ? app.redis : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.client, nameSpace: redis.key('rate-limit', ''), skipOnError: true } : {}),
  });
}

/** The early-capture script's hash as a CSP source, worked out once at start. */
export const EARLY_CAPTURE_CSP_SOURCE = `'sha256-${createHash('sha256').update(EARLY_CAPTURE_SCRIPT).digest('base64')}'`;

/** A call of the JSON API (not its documentation pages). */
function isApiCall(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(API_DOCS_PREFIX);
}

/**
 * The headers helmet sets for these options (CSP, HSTS, X-Content-Type-Options, …), worked out once
 * at start: none of ours depends on the request (no nonces, no directive functions), so each answer
 * only copies them. (@fastify/helmet built the whole helmet middleware again for every request: a
 * tenth of the CPU time of the marketplace search.)
 */
export function securityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  if (headers.size === 0) throw new Error('helmet set no security headers');
  return [...headers];
}
