import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '@medallion/contracts/error-codes';
import { isAppRoute } from '@medallion/contracts/site';
import { escapeHtml } from '../lib/escape-html';

export interface WebOptions {
  /** Folder with the built SPA (vite build output). */
  webDist: string;
  /** Extra client routes that exist in this configuration (e.g. the dev mailbox). */
  extraRoutes: string[];
  /** Page-specific title, description and preview image (Open Graph) for share-friendly pages. */
  pageHead?: (path: string) => Promise<PageHead | null>;
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page and of its preview image. */
  url: string;
  image?: string;
}

/** index.html with the page's own title, description and Open Graph tags. */
export function withPageHead(html: string, head: PageHead): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Medallion" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    ...(head.image
      ? [`<meta property="og:image" content="${escapeHtml(head.image)}" />`, `<meta name="twitter:card" content="summary_large_image" />`]
      : [`<meta name="twitter:card" content="summary" />`]),
  ].join('\n    ');
  // Replacer functions, not replacement strings: in a string, `$&`, `$'` and `$\`` of a listing's
  // title (or of an escaped `'`, &#39;… after `$`) would insert parts of the page again.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `  ${tags}\n  </head>`);
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

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'There is no such API endpoint.' });
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith('/assets/') || !hasWeb) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND });
    }
    const status = isAppRoute(path, options.extraRoutes) ? 200 : 404;
    let html = indexHtml;
    if (status === 200 && options.pageHead) {
      try {
        const head = await options.pageHead(path);
        if (head) html = withPageHead(indexHtml, head);
      } catch (error) {
        request.log.warn({ err: error, path }, 'page head failed; serving the plain page');
      }
    }
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
