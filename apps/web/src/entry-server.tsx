import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { StrictMode, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { hasSessionCookie, LANGUAGES, type Language } from '@medallion/contracts/site';
import { AppProvider, createQueryClient } from './app/provider';
import { createRoutes, type RouteHandle } from './app/router';
import { ApiClientError } from './lib/api-client';
import { dehydrateQueries, serializeSsrState, SSR_STATE_ELEMENT_ID, withoutFetchTimes, type SsrState } from './app/ssr-state';
import { languageOfRequest } from './lib/language';
import { setRequestScopeResolver, type RequestScope } from './lib/request-scope';

/**
 * The server's entry, built by `vite build --ssr` into apps/web/dist-ssr and called by the API's
 * web plugin for every page. It runs the same route table as the browser through React Router's
 * static handler (loaders fill a per-request query cache from the API in-process), renders the page
 * in the visitor's language, and returns the parts the plugin puts into index.html.
 */

const scopes = new AsyncLocalStorage<RequestScope>();
setRequestScopeResolver(() => scopes.getStore());

/** Every text of both languages, loaded once per process; each request gets a light clone. */
const localeModules = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
const allTexts: Resource = {};
for (const [path, texts] of Object.entries(localeModules)) {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!language || !namespace) continue;
  allTexts[language] = { ...allTexts[language], [namespace]: texts };
}
const baseI18n = i18next.createInstance();
void baseI18n.init({
  resources: allTexts,
  lng: 'en',
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(allTexts.en ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
  returnNull: false,
  initAsync: false,
});

/** A clone in the request's language that remembers which namespaces the page used. */
function requestI18n(language: Language): { i18n: I18n; used: Set<string> } {
  const instance = baseI18n.cloneInstance({ lng: language, initAsync: false });
  const used = new Set<string>(['common']);
  Object.assign(instance, {
    reportNamespaces: {
      addUsedNamespaces: (namespaces: readonly string[]) => namespaces.forEach((ns) => used.add(ns)),
      getUsedNamespaces: () => [...used],
    },
  });
  return { i18n: instance, used };
}

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
      /** The markup inside #root. */
      html: string;
      /** The <script type="application/json"> with the state for hydration. */
      state: string;
      /** `state` without the times its queries were fetched (new on every render): the page's ETag is made with it. */
      stableState: string;
      /** The page modules of the matched routes (Vite manifest keys), to preload their chunks. */
      chunks: string[];
      /** The request carried a session cookie: its page is private. */
      signedIn: boolean;
    };

const RENDER_TIMEOUT_MS = 10_000;

export async function render(input: RenderInput): Promise<RenderResult> {
  const url = new URL(input.url, input.origin);
  const language = languageOfRequest({ search: url.search, cookie: input.cookie, acceptLanguage: input.acceptLanguage });
  const { i18n, used } = requestI18n(language);
  const signedIn = hasSessionCookie(input.cookie);
  const scope: RequestScope = { i18n, fetch: input.fetch, signedIn, origin: input.origin };

  return scopes.run(scope, async () => {
    const queryClient = createQueryClient();
    const handler = createStaticHandler(createRoutes(queryClient));
    const context = await handler.query(new Request(url, { headers: input.cookie ? { cookie: input.cookie } : {} }));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const markup = await renderToHtml(
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
    const { head, body } = splitHoisted(markup);

    const texts: Resource = { [language]: Object.fromEntries([...used].map((ns) => [ns, allTexts[language]?.[ns] ?? {}])) };
    const ssrState: SsrState = {
      language,
      origin: input.origin,
      texts,
      queries: dehydrateQueries(queryClient),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    };
    const stateScript = (json: string) => `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${json}</script>`;
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
      state: stateScript(serializeSsrState(ssrState)),
      stableState: stateScript(serializeSsrState({ ...ssrState, queries: withoutFetchTimes(ssrState.queries) })),
      chunks: context.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.chunk).filter((chunk): chunk is string => Boolean(chunk)),
      signedIn,
    };
  });
}

/** The whole page once everything has rendered (the data is already in the cache, so this is quick). */
function renderToHtml(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const stream = renderToPipeableStream(element, {
      // Waiting for everything, the page is sent whole: no boundary is split off into a streamed
      // segment (which would need an inline script, refused by our CSP).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) return reject(failed);
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        sink.on('error', reject);
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed = error;
      },
    });
    setTimeout(() => stream.abort(new Error('render timed out')), RENDER_TIMEOUT_MS).unref();
  });
}

/**
 * React 19 writes the page's <title>, <meta> and <link> elements (hoistables) before the markup
 * when it does not render <head> itself; they belong in the document's head.
 */
export function splitHoisted(markup: string): { head: string; body: string } {
  const match = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/.exec(markup);
  if (!match) return { head: '', body: markup };
  return { head: match[0], body: markup.slice(match[0].length) };
}
