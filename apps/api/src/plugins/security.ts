import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { stripeCspSources } from '../integrations/payments/stripe-csp';

export async function registerSecurity(app: FastifyInstance, options: { imageOrigins?: string[] } = {}): Promise<void> {
  // Stripe mode: Stripe.js (STRIPE_JS_URL) loads, frames its card fields and calls Stripe's API.
  // The sandbox card form is our own code, so its pages stay 'self'.
  const config = app.hasDecorator('config') ? app.config : undefined;
  const stripe = config?.STRIPE_SECRET_KEY ? stripeCspSources({ jsUrl: config.STRIPE_JS_URL, apiUrl: config.STRIPE_API_URL }) : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe?.script ?? [])],
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
  // Registered globally but off by default: routes opt in with config.rateLimit.
  // With REDIS_URL the counters live in Redis (the plugin's own store), so every instance counts the
  // same requests; a Redis outage then lets requests through (the connection error is logged) rather than answering 500.
  const redis = app.hasDecorator('redis') ? app.redis : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.client, nameSpace: redis.key('rate-limit', ''), skipOnError: true } : {}),
  });
}
