import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

export async function registerSecurity(app: FastifyInstance, options: { imageOrigins?: string[] } = {}): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Swagger UI and radix inject inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Listing photos come from our own /media, or from the S3 bucket / CDN when configured.
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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
  await app.register(rateLimit, { global: false });
}
