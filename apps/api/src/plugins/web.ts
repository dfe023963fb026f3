import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '@medallion/contracts/error-codes';
import { isAppRoute } from '@medallion/contracts/site';

export interface WebOptions {
  /** Folder with the built SPA (vite build output). */
  webDist: string;
  /** Extra client routes that exist in this configuration (e.g. the dev mailbox). */
  extraRoutes: string[];
}

/**
 * Serves the built SPA: hashed assets with long caching (pre-compressed .br/.gz when present),
 * index.html for every client route with 200, and for unknown paths with 404 so that a missing
 * page is a real 404 while the SPA still renders its not-found view. Unknown /api paths get JSON.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const indexFile = join(options.webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (!hasWeb) {
    app.log.warn({ webDist: options.webDist }, 'web app is not built; only the API is served');
  }
  const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : '';

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(reply, path) {
        if (path.includes('/assets/')) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'There is no such API endpoint.' });
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith('/assets/') || !hasWeb) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND });
    }
    const status = isAppRoute(path, options.extraRoutes) ? 200 : 404;
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
