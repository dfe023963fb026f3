import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES } from '@medallion/contracts/error-codes';
import { isAppRoute } from '@medallion/contracts/site';
import { createPreloader, inProcessFetch, loadWebRenderer, weakEtag } from './web-render';

export interface WebOptions {
  /** Folder with the built web app (vite build output); its server bundle is in ../dist-ssr. */
  webDist: string;
  /** Extra client routes that exist in this configuration (e.g. the dev mailbox). */
  extraRoutes: string[];
  /** The site's public origin (canonical links, previews). */
  publicUrl: string;
}

/** Public pages whose HTML any visitor may get from a shared cache for a short while. */
const BRIEFLY_CACHEABLE = [/^\/marketplace\/?$/, /^\/listing\/[^/]+\/?$/];
const PUBLIC_HTML_MAX_AGE_S = 60;

/**
 * Serves the web app: hashed assets with long caching (pre-compressed .br/.gz when present), and
 * every page rendered on the server (apps/web/src/entry-server.tsx) in the visitor's language with
 * its data, status 200 for the product's routes and 404 for anything else or a missing listing.
 * Without the server bundle (a bare API test) the plain index.html is sent. Unknown /api paths get JSON.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const indexFile = join(options.webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (!hasWeb) {
    app.log.warn({ webDist: options.webDist }, 'web app is not built; only the API is served');
  }
  const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  const renderer = hasWeb ? await loadWebRenderer(options.webDist) : null;
  if (hasWeb && !renderer) app.log.warn('the web app has no server bundle; pages are rendered in the browser only');
  const preloads = createPreloader(options.webDist);
  const template = splitTemplate(indexHtml);

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

  const sendHtml = (request: FastifyRequest, reply: FastifyReply, status: number, html: string, cacheControl: string, etag = weakEtag(html)) => {
    reply.header('vary', 'Cookie, Accept-Language').header('cache-control', cacheControl).header('etag', etag);
    if (status === 200 && request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.status(status).type('text/html; charset=utf-8').send(html);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'There is no such API endpoint.' });
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith('/assets/') || !hasWeb) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND });
    }
    const known = isAppRoute(path, options.extraRoutes);
    if (!renderer) return sendHtml(request, reply, known ? 200 : 404, indexHtml, 'no-cache');

    let page: Awaited<ReturnType<typeof renderer.render>>;
    try {
      page = await renderer.render({
        url: request.url,
        origin: options.publicUrl,
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
        fetch: inProcessFetch(app, request),
      });
    } catch (error) {
      // The browser can still draw the page: send the plain shell rather than an error.
      request.log.error({ err: error, path }, 'server rendering failed; sending the plain page');
      return sendHtml(request, reply, known ? 200 : 404, indexHtml, 'no-store');
    }
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);

    const status = known ? page.status : 404;
    const parts = { language: page.language, head: page.head + preloads(page.chunks), body: page.html };
    const html = template.assemble({ ...parts, state: page.state });
    // The state carries the times its data was fetched, new on every render: the ETag is of the
    // document without them, so an unchanged page (same markup, data, assets) answers 304.
    const etag = weakEtag(page.stableState === undefined ? html : template.assemble({ ...parts, state: page.stableState }));
    const cacheControl = page.signedIn
      ? 'private, no-store'
      : status === 200 && BRIEFLY_CACHEABLE.some((pattern) => pattern.test(path))
        ? `public, max-age=${PUBLIC_HTML_MAX_AGE_S}`
        : 'no-cache';
    return sendHtml(request, reply, status, html, cacheControl, etag);
  });
}

/**
 * index.html as Vite built it, cut where a rendered page goes: the language on <html>, the page's
 * head elements (replacing the default title and description when the page has its own), the
 * markup inside #root and the hydration state after it.
 */
export function splitTemplate(indexHtml: string) {
  return {
    assemble(parts: { language: string; head: string; body: string; state: string }): string {
      let html = indexHtml.replace(/<html lang="[^"]*"/, () => `<html lang="${parts.language}" data-ssr="true"`);
      if (parts.head.includes('<title>')) html = html.replace(/\s*<title>[^<]*<\/title>/, '');
      if (parts.head.includes('<meta name="description"')) html = html.replace(/\s*<meta name="description" content="[^"]*"\s*\/?>/, '');
      return html
        .replace('</head>', () => `${parts.head}</head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${parts.body}</div>${parts.state}`);
    },
  };
}
