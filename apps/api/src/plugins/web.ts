import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EARLY_CAPTURE_SCRIPT } from '@medallion/contracts/early-capture';
import { toMessage } from '@medallion/contracts/messages';
import { hasSessionCookie, isAppRoute, LANGUAGE_COOKIE } from '@medallion/contracts/site';
import { pickEncoding } from '../lib/web-headers';
import { registerServiceWorkerScript } from './service-worker';
import { compressHtml, createFontPreloads, createPageAssets, inProcessFetch, loadWebRenderer, RenderCache, weakEtag, type CachedPage } from './web-render';

export interface WebOptions {
  /** Folder with the built web app (vite build output); its server bundle is in ../dist-ssr. */
  webDist: string;
  /** Extra client routes that exist in this configuration (e.g. the dev mailbox). */
  extraRoutes: string[];
  /** The site's public origin (canonical links, previews). */
  publicUrl: string;
  /** How long an anonymous page's HTML is reused (0: never). */
  renderCacheMs: number;
}

/** Public pages whose HTML any visitor may get from a shared cache for a short while. */
const BRIEFLY_CACHEABLE = [/^\/marketplace\/?$/, /^\/listing\/[^/]+\/?$/];
const PUBLIC_HTML_MAX_AGE_S = 60;
/**
 * Writes that can change what an anonymous page shows (a listing's status or text, its deletion, staff edits of
 * listings, products and questions, a bought-out product, a deleted account, a paid listing fee).
 * Sign-ins, views and carts do not, so they keep the render cache.
 */
const CHANGES_PUBLIC_PAGES = [
  /^\/api\/admin\//,
  /^\/api\/listing\/(change-status|save-draft)$/,
  /^\/api\/listing\/:listing_id$/,
  /^\/api\/users(\/transactions)?$/,
  /^\/api\/payments\//,
];

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
  const pageAssets = createPageAssets(options.webDist);
  const fontPreloads = createFontPreloads(options.webDist);
  const template = splitTemplate(indexHtml);
  const cache = new RenderCache(options.renderCacheMs);
  if (cache.enabled) {
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
      if (CHANGES_PUBLIC_PAGES.some((pattern) => pattern.test(request.routeOptions.url ?? ''))) cache.clear();
    });
  }

  if (hasWeb) {
    await registerServiceWorkerScript(app, options.webDist);
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

  const sendHtml = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    html: string | Uint8Array,
    cacheControl: string,
    etag = weakEtag(html),
    cached?: CachedPage,
  ) => {
    reply.header('vary', 'Cookie, Accept-Language, Accept-Encoding').header('cache-control', cacheControl).header('etag', etag);
    if (status === 200 && request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.status(status).type('text/html; charset=utf-8');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding || request.method === 'HEAD') return reply.send(html);
    const body = cached ? await cached.encoded(encoding) : await compressHtml(html, encoding);
    return reply.header('content-encoding', encoding).send(body);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ code: 'NOT_FOUND', ...toMessage('error.noSuchEndpoint') });
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith('/assets/') || !hasWeb) {
      return reply.status(404).send({ code: 'NOT_FOUND', ...toMessage('error.notFound') });
    }
    const known = isAppRoute(path, options.extraRoutes);
    if (!renderer) return sendHtml(request, reply, known ? 200 : 404, indexHtml, 'no-cache');

    const anonymous = !hasSessionCookie(request.headers.cookie);
    const cacheKey = `${request.url}\n${languageCookieOf(request.headers.cookie)}\n${request.headers['accept-language'] ?? ''}`;
    const cached = anonymous ? cache.get(cacheKey) : undefined;
    if (cached) return sendHtml(request, reply, cached.status, cached.html, cached.cacheControl, cached.etag, cached);

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
    const parts = { language: page.language, head: fontPreloads(page.language) + page.head + pageAssets(page.chunks), body: page.html };
    const html = template.assemble({ ...parts, state: page.state });
    // The state carries the times its data was fetched, new on every render: the ETag is of the
    // document without them (its parts, without putting it together again), so an unchanged page
    // (same markup, data, assets) answers 304.
    const etag = page.stableState === undefined ? weakEtag(html) : template.etag({ ...parts, state: page.stableState });
    const cacheControl = page.signedIn
      ? 'private, no-store'
      : status === 200 && BRIEFLY_CACHEABLE.some((pattern) => pattern.test(path))
        ? `public, max-age=${PUBLIC_HTML_MAX_AGE_S}`
        : 'no-cache';
    const entry = anonymous && !page.signedIn ? cache.set(cacheKey, { status, html, cacheControl, etag }) : undefined;
    return sendHtml(request, reply, status, html, cacheControl, etag, entry);
  });
}

/**
 * index.html as Vite built it, cut where a rendered page goes: the language on <html>, the page's
 * head elements (replacing the default title and description when the page has its own), the
 * markup inside #root and the hydration state after it. It is cut once, at start: a page is then
 * put together by joining strings.
 */
export function splitTemplate(indexHtml: string) {
  // A rendered page is readable without its JavaScript, so the code yields the network to what the
  // first paint needs (the stylesheet, the font, the largest picture) and hydrates right after.
  const template = indexHtml
    .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
    .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin')
    // Taps before the app has hydrated are kept and replayed (decision 0014): first in the head (after the charset), before the stylesheet.
    .replace(/<meta charset="[^"]*"\s*\/?>|<head>(?![\s\S]*<meta charset=)/i, (start) => `${start}<script>${EARLY_CAPTURE_SCRIPT}</script>`);
  type Parts = { language: string; head: string; body: string | Uint8Array; state: string | Uint8Array };
  /** The template with a mark where each part goes, in the order of the document. */
  const LANGUAGE = '\uE000language\uE000';
  const HEAD = '\uE000head\uE000';
  const BODY = '\uE000body\uE000';
  const STATE = '\uE000state\uE000';
  const cut = (withoutTitle: boolean, withoutDescription: boolean): string[] => {
    let html = template.replace(/<html lang="[^"]*"/, () => `<html lang="${LANGUAGE}" data-ssr="true"`);
    if (withoutTitle) html = html.replace(/\s*<title>[^<]*<\/title>/, '');
    if (withoutDescription) html = html.replace(/\s*<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, ''); // also as Prettier wraps it
    html = html.replace('</head>', () => `${HEAD}</head>`).replace('<div id="root"></div>', () => `<div id="root">${BODY}</div>${STATE}`);
    return html.split(/\uE000(?:language|head|body|state)\uE000/);
  };
  const variants = [cut(false, false), cut(false, true), cut(true, false), cut(true, true)].map((pieces) => pieces.map((piece) => Buffer.from(piece)));
  const piecesFor = (head: string) => variants[(head.includes('<title>') ? 2 : 0) + (head.includes('<meta name="description"') ? 1 : 0)]!;
  const parts = (p: Parts) => [p.language, p.head, p.body, p.state];
  const bytes = (part: string | Uint8Array) => (typeof part === 'string' ? Buffer.from(part) : part);
  const text = (part: string | Uint8Array) => (typeof part === 'string' ? part : Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('utf8'));
  /** The template's own pieces: what the ETag of a page takes from it. */
  const templateId = createHash('sha1').update(template).digest();
  return {
    /** The page's bytes (the renderer's markup and state are bytes already; no string of the whole page is made). */
    assemble(p: Parts): Buffer {
      const pieces = piecesFor(p.head);
      if (pieces.length !== 5) return Buffer.from(assembleByReplacing(template, { ...p, body: text(p.body), state: text(p.state) }));
      const [language, head, body, state] = parts(p).map(bytes);
      return Buffer.concat([pieces[0]!, language!, pieces[1]!, head!, pieces[2]!, body!, pieces[3]!, state!, pieces[4]!]);
    },
    /** The weak ETag of the page these parts make, without putting it together. */
    etag(p: Parts): string {
      const hash = createHash('sha1').update(templateId);
      for (const part of parts(p)) hash.update(part).update('\u0000');
      return `W/"${hash.digest('base64url')}"`;
    },
  };
}

/** A page put together by replacing in the template, for a template that lacks a place of a part (not Vite's index.html). */
function assembleByReplacing(template: string, parts: { language: string; head: string; body: string; state: string }): string {
  let html = template.replace(/<html lang="[^"]*"/, () => `<html lang="${parts.language}" data-ssr="true"`);
  if (parts.head.includes('<title>')) html = html.replace(/\s*<title>[^<]*<\/title>/, '');
  if (parts.head.includes('<meta name="description"')) html = html.replace(/\s*<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, '');
  return html.replace('</head>', () => `${parts.head}</head>`).replace('<div id="root"></div>', () => `<div id="root">${parts.body}</div>${parts.state}`);
}

/** The language cookie's raw value (part of the render cache's key; the web app decides what it means). */
const LANGUAGE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE.replace('.', '\\.')}=([^;]*)`);

function languageCookieOf(cookieHeader: string | undefined): string {
  return LANGUAGE_COOKIE_VALUE.exec(cookieHeader ?? '')?.[1] ?? '';
}
