import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_MODULES_ID } from '@medallion/contracts/site';
import type { HtmlEncoding } from '../lib/web-headers';

/** What apps/web/src/entry-server.tsx exports (kept structural: the API does not compile the web app). */
export interface WebRenderer {
  render(input: { url: string; origin: string; cookie?: string; acceptLanguage?: string; fetch: (url: URL, init: RequestInit) => Promise<Response> }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | {
        kind: 'page';
        status: number;
        language: string;
        head: string;
        html: string;
        state: string;
        /** `state` without what differs on every render (fetch times): the ETag is made with it. */
        stableState?: string;
        chunks: string[];
        signedIn: boolean;
      }
  >;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** The server bundle of the web app, if it was built (`vite build --ssr` into apps/web/dist-ssr). */
export async function loadWebRenderer(webDist: string): Promise<WebRenderer | null> {
  const entry = join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as WebRenderer;
}

/**
 * The chunks a page needs beyond the entry, from Vite's manifest. Their stylesheets are linked (the
 * first paint needs them); their modules are listed in `<script type="application/json"
 * id="medallion-modules">`, which the entry turns into `<link rel="modulepreload">` once the first
 * view has arrived (apps/web/src/lib/after-first-view.ts), so they load in parallel with the app
 * instead of after it, and not before the page's pictures and font.
 */
/**
 * The web font's subsets a page in each language needs besides the Latin one, which index.html
 * preloads for every page (vite.config.ts, PRELOADED_FONT). A Russian page sets its text in the Cyrillic
 * subset: fetched only once the first Cyrillic text is laid out, it arrived after the first paint and
 * the text re-flowed (a centered dialog, such as the exam's, moved: a layout shift), so a Russian page
 * preloads it too.
 */
const FONT_SUBSETS_BY_LANGUAGE: Record<string, RegExp> = { ru: /^inter-cyrillic-wght-normal-[\w-]+\.woff2$/ };

/** The `<link rel="preload">` of the font subsets a page in `language` needs (none for English). */
export function createFontPreloads(webDist: string): (language: string) => string {
  const folder = join(webDist, 'assets');
  const files = existsSync(folder) ? readdirSync(folder) : [];
  const tags = new Map<string, string>();
  for (const [language, pattern] of Object.entries(FONT_SUBSETS_BY_LANGUAGE)) {
    const file = files.find((name) => pattern.test(name));
    if (file) tags.set(language, `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin>`);
  }
  return (language) => tags.get(language) ?? '';
}

export function createPageAssets(webDist: string): (chunks: string[]) => string {
  const file = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const loadedByEntry = new Set<string>();
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const child of manifest[key]!.imports ?? []) walk(child, into);
  };
  if (entryKey) walk(entryKey, loadedByEntry);
  const cache = new Map<string, string>();
  return (chunks) => {
    const cacheKey = chunks.join('|');
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const keys = new Set<string>();
    for (const chunk of chunks) walk(chunk, keys);
    const stylesheets: string[] = [];
    const modules: string[] = [];
    for (const key of keys) {
      if (loadedByEntry.has(key)) continue;
      const chunk = manifest[key]!;
      modules.push(`/${chunk.file}`);
      for (const css of chunk.css ?? []) stylesheets.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
    }
    const list =
      modules.length > 0 ? `<script type="application/json" id="${PAGE_MODULES_ID}">${JSON.stringify(modules).replace(/</g, '\\u003c')}</script>` : '';
    const html = stylesheets.join('') + list;
    cache.set(cacheKey, html);
    return html;
  };
}

/** An API call of the page being rendered, answered in-process (no socket) as the visitor. */
export function inProcessFetch(app: FastifyInstance, request: FastifyRequest) {
  return async (url: URL, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    if (request.headers.cookie) headers.cookie = request.headers.cookie;
    if (request.headers['user-agent']) headers['user-agent'] = request.headers['user-agent'];
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      // Limits and logs see the visitor's address, not the server's own.
      remoteAddress: request.ip,
    });
    return new Response(response.statusCode === 204 ? null : response.rawPayload, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };
}

export function weakEtag(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * A page's HTML compressed for the wire: a marketplace page is ~150 KB of markup and state, ~20 KB
 * compressed, which on a phone's network is most of its first paint. Brotli at quality 5 is a few
 * milliseconds; the render cache keeps the result.
 */
export function compressHtml(html: string, encoding: HtmlEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT } })
    : gzipAsync(html, { level: 6 });
}

export interface CachedPage {
  status: number;
  html: string;
  cacheControl: string;
  etag: string;
  expires: number;
  /** The page compressed once per encoding. */
  encoded(encoding: HtmlEncoding): Promise<Buffer>;
}

/**
 * The rendered HTML of anonymous pages, kept for a few seconds per address and language (what a
 * shared cache in front of us may keep for a minute anyway): a burst of visitors on one listing or
 * on the first marketplace page costs one render. Signed-in requests never use it. Any successful
 * change made through this process (a POST, PATCH, PUT or DELETE) clears it, so a seller sees
 * their change at once; other processes see it within the TTL.
 */
export class RenderCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.expires <= now) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  set(key: string, page: Pick<CachedPage, 'status' | 'html' | 'cacheControl' | 'etag'>, now = Date.now()): CachedPage | undefined {
    if (!this.enabled) return undefined;
    if (this.pages.size >= this.maxEntries) {
      // Maps keep insertion order: the oldest entry goes first.
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    const encodings = new Map<HtmlEncoding, Promise<Buffer>>();
    const entry: CachedPage = {
      ...page,
      expires: now + this.ttlMs,
      encoded(encoding) {
        let body = encodings.get(encoding);
        if (!body) {
          body = compressHtml(page.html, encoding);
          encodings.set(encoding, body);
        }
        return body;
      },
    };
    this.pages.set(key, entry);
    return entry;
  }

  clear(): void {
    this.pages.clear();
  }
}
