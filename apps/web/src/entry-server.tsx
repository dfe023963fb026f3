import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { StrictMode, Suspense } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { hasSessionCookie, LANGUAGES, type Language } from '@medallion/contracts/site';
import { AppProvider, createQueryClient } from './app/provider';
import { createRoutes, type RouteHandle } from './app/router';
import { ApiClientError } from './lib/api-client';
import { dehydrateQueries, scriptSafeJson, SSR_STATE_ELEMENT_ID } from './app/ssr-state';
import { languageOfRequest } from './lib/language';
import { setRequestScopeResolver, type RequestScope } from './lib/request-scope';

/**
 * The server's entry, built by `vite build --ssr` into apps/web/dist-ssr and called by the API's
 * web plugin for every page. It runs the same route table as the browser through React Router's
 * static handler (loaders fill a per-request query cache from the API in-process), renders the page
 * in the visitor's language, and returns the parts the plugin puts into index.html.
 */

/** A render's scope: what the app's code asks for (RequestScope), and the namespaces its texts came from. */
interface RenderScope extends RequestScope {
  used: Set<string>;
}

const scopes = new AsyncLocalStorage<RenderScope>();
setRequestScopeResolver(() => scopes.getStore());

/** Every text of both languages, loaded once per process. */
const localeModules = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
const allTexts: Resource = {};
for (const [path, texts] of Object.entries(localeModules)) {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!language || !namespace) continue;
  allTexts[language] = { ...allTexts[language], [namespace]: texts };
}

/**
 * One i18next instance per language for the life of the process, none per request or component: a
 * render only reads texts, in one language. The namespaces a page used (sent along with it for
 * hydration) are noted in the request's scope; the server's `useTranslation`
 * (lib/react-i18next-server.ts) reports them as the package's hook does.
 */
const i18nByLanguage = new Map<string, I18n>(
  LANGUAGES.map((language) => {
    const instance = i18next.createInstance();
    void instance.init({
      resources: allTexts,
      lng: language,
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: Object.keys(allTexts.en ?? {}),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
      initAsync: false,
    });
    Object.assign(instance, {
      reportNamespaces: {
        addUsedNamespaces: (namespaces: readonly string[]) => {
          const used = scopes.getStore()?.used;
          if (used) for (const ns of namespaces) used.add(ns);
        },
        getUsedNamespaces: () => [...(scopes.getStore()?.used ?? [])],
      },
    });
    return [language, instance] as const;
  }),
);

/**
 * The texts a page sends along (its language, the namespaces it used), as script-safe JSON bytes and
 * their digest (what the page's ETag takes from them), made once per language and set of namespaces.
 */
const textsJson = new Map<string, { bytes: Buffer; digest: string }>();
function textsOf(language: Language, used: Set<string>): { bytes: Buffer; digest: string } {
  const namespaces = [...used];
  const key = `${language}\u0000${namespaces.join(',')}`;
  let json = textsJson.get(key);
  if (json === undefined) {
    const texts: Resource = { [language]: Object.fromEntries(namespaces.map((ns) => [ns, allTexts[language]?.[ns] ?? {}])) };
    const bytes = Buffer.from(scriptSafeJson(JSON.stringify(texts)));
    json = { bytes, digest: createHash('sha1').update(bytes).digest('base64url') };
    textsJson.set(key, json);
  }
  return json;
}

/**
 * The one route table and static handler of the process: the loaders fill the query cache of the
 * request being rendered (its scope's). React Router resolves a lazy page once and keeps it.
 */
const routes = createRoutes(() => {
  const scope = scopes.getStore();
  if (!scope) throw new Error('a route loader ran outside of a render');
  return scope.queryClient;
});
const handler = createStaticHandler(routes);

export interface RenderInput {
  /** Path and query, e.g. `/marketplace?category=cars`. */
  url: string;
  origin: string;
  cookie?: string;
  acceptLanguage?: string;
  /** Answers an API call (`/api/...`) in-process as this visitor. */
  fetch: RequestScope['fetch'];
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      language: Language;
      /** The page's <title>, <meta> and <link> elements, for <head>. */
      head: string;
      /** The markup inside #root (UTF-8). */
      html: Uint8Array;
      /** The <script type="application/json"> with the state for hydration (UTF-8). */
      state: Uint8Array;
      /** What `state` holds without the times its queries were fetched (new on every render): the page's ETag is made with it. */
      stableState: string;
      /** The page modules of the matched routes and the lazy parts it rendered (Vite manifest keys), to preload their chunks. */
      chunks: string[];
      /** The request carried a session cookie: its page is private. */
      signedIn: boolean;
    };

const RENDER_TIMEOUT_MS = 10_000;

const STATE_OPEN = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">`;
/** The times a query was fetched and dehydrated, in its JSON (a key of ours: user text would have its quotes escaped). */
const FETCH_TIMES = /"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g;

export async function render(input: RenderInput): Promise<RenderResult> {
  const url = new URL(input.url, input.origin);
  const language = languageOfRequest({ search: url.search, cookie: input.cookie, acceptLanguage: input.acceptLanguage });
  const i18n = i18nByLanguage.get(language)!;
  const signedIn = hasSessionCookie(input.cookie);
  const queryClient = createQueryClient();
  const scope: RenderScope = {
    i18n,
    fetch: input.fetch,
    signedIn,
    origin: input.origin,
    queryClient,
    used: new Set(['common']),
    lazyParts: new Map(),
  };

  return scopes.run(scope, async () => {
    const context = await handler.query(new Request(url, { headers: input.cookie ? { cookie: input.cookie } : {} }));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const { head, body } = await renderPage(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <AppProvider client={queryClient}>
            <Suspense fallback={null}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </Suspense>
          </AppProvider>
        </I18nextProvider>
      </StrictMode>,
    );

    // The state (SsrState), written key by key in its order: the texts' JSON is made once per
    // language and namespaces, the rest once per render.
    const texts = textsOf(language, scope.used);
    const queries = scriptSafeJson(JSON.stringify(dehydrateQueries(queryClient)));
    // The lazy parts it rendered: the browser loads them before it hydrates (else React would draw them
    // anew, losing what was typed into them), and their chunks are preloaded with the page's.
    const parts = [...scope.lazyParts!.keys()];
    const rest = scriptSafeJson(
      JSON.stringify({
        ...(parts.length > 0 ? { parts } : {}),
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      }).slice(1),
    );
    const start = scriptSafeJson(`${JSON.stringify({ language, origin: input.origin }).slice(0, -1)},"texts":`);
    const leaf = context.matches[context.matches.length - 1];
    const missing =
      leaf?.route.path === '*' ||
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.error instanceof ApiClientError && query.state.error.status === 404);
    return {
      kind: 'page',
      status: context.statusCode >= 400 ? context.statusCode : missing ? 404 : 200,
      language,
      head,
      html: body,
      state: Buffer.concat([Buffer.from(`${STATE_OPEN}${start}`), texts.bytes, Buffer.from(`,"queries":${queries},${rest}</script>`)]),
      stableState: `${start}${texts.digest},"queries":${queries.replace(FETCH_TIMES, '"$1":0')},${rest}`,
      chunks: [
        ...context.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.chunk).filter((chunk): chunk is string => Boolean(chunk)),
        ...[...scope.lazyParts!.values()].filter((chunk): chunk is string => Boolean(chunk)),
      ],
      signedIn,
    };
  });
}

/**
 * A page whose data and code are all there renders in one synchronous pass, written as a string (React's
 * streaming writer encodes every small piece into its own buffer, most of its time on a large page). A
 * page that suspends (a lazy part not loaded yet, the first time) would get its fallback that way, marked
 * as left to the browser (`<!--$!-->`): that page is rendered again by the streaming renderer, which waits.
 */
async function renderPage(element: React.ReactNode): Promise<{ head: string; body: Buffer }> {
  const markup = renderToString(element);
  if (markup.includes('<!--$!-->')) return splitHoistedBytes(await renderToBytes(element));
  // The head elements are split off the string (the match reads only them), not off its bytes.
  const { head, body } = splitHoisted(markup);
  return { head, body: Buffer.from(body) };
}

/**
 * The whole page once everything has rendered (the data is already in the cache, so this is quick):
 * the UTF-8 bytes React wrote, collected straight from its writer (no stream in between) and sent
 * as they are.
 */
function renderToBytes(element: React.ReactNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const chunks: Uint8Array[] = [];
    const sink = {
      write(chunk: Uint8Array | string) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        return true;
      },
      end() {
        clearTimeout(timeout);
        resolve(Buffer.concat(chunks));
      },
      on() {
        return sink;
      },
      destroy() {},
    };
    const stream = renderToPipeableStream(element, {
      // Waiting for everything, the page is sent whole: no boundary is split off into a streamed
      // segment (which would need an inline script, refused by our CSP).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) {
          clearTimeout(timeout);
          return reject(failed);
        }
        stream.pipe(sink as unknown as Writable);
      },
      onShellError(error) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error) {
        failed = error;
      },
    });
    const timeout = setTimeout(() => stream.abort(new Error('render timed out')), RENDER_TIMEOUT_MS).unref();
  });
}

/**
 * React 19 writes the page's <title>, <meta> and <link> elements (hoistables) before the markup
 * when it does not render <head> itself; they belong in the document's head.
 */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;

export function splitHoisted(markup: string): { head: string; body: string } {
  const match = HOISTED.exec(markup);
  if (!match) return { head: '', body: markup };
  return { head: match[0], body: markup.slice(match[0].length) };
}

/**
 * The same on the bytes React wrote. Read as Latin-1 (one character per byte), the elements' ASCII
 * marks are where they are in UTF-8 and no byte of a multi-byte character is `<`, so the match's
 * length is the head's length in bytes.
 */
export function splitHoistedBytes(markup: Buffer): { head: string; body: Buffer } {
  const match = HOISTED.exec(markup.toString('latin1'));
  if (!match) return { head: '', body: markup };
  return { head: markup.subarray(0, match[0].length).toString('utf8'), body: markup.subarray(match[0].length) };
}
