import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { safeRedirect } from '@medallion/contracts/safe-redirect';
import { currentI18n } from '@/lib/i18n';
import { sessionQueryOptions, socialProvidersQueryOptions } from '@/lib/queries/auth';
import { productsQueryOptions } from '@/lib/queries/shop';
import { isServer, requestScope } from '@/lib/request-scope';
import { signInPath } from '@/lib/sign-in-path';

/**
 * Route loaders start a page's data with the route, not after its code: React Router calls them
 * in parallel with the route's lazy chunk. They only fill the TanStack Query cache (components read
 * it with the same query options) and return null.
 *
 * On the server a loader waits for its data, so the HTML holds it (and the cache is sent along for
 * hydration); in the browser it only starts the fetch, so the page appears at once with its
 * skeleton and the component picks up the request already under way. A failed fetch is kept in the
 * cache as an error (prefetchQuery never throws) and the page shows its own error or not-found view.
 *
 * A loader whose query options only its page uses imports them (`withModule`), so they are in that
 * page's chunks, not in the app's first-load chunk that every page downloads (decision 0013).
 */
export type Loader = (args: LoaderFunctionArgs) => Promise<null>;

/** Takes prefetches already started (`queryClient.prefetchQuery(...)`, which never rejects). */
async function load(...started: Promise<void>[]): Promise<null> {
  if (isServer) await Promise.all(started);
  return null;
}

/**
 * Prefetches made with a module loaded on demand (a route's queries and parameter parsing). In the
 * browser the module comes with the page's chunk (it imports it too); should it fail to load, the page
 * fetches its data itself.
 */
function withModule<M>(importer: () => Promise<M>, prefetches: (module: M) => Promise<void>[]): Promise<null> {
  const started = importer().then((module) => Promise.all(prefetches(module)).then(() => undefined));
  return load(isServer ? started : started.catch(() => undefined));
}

/** Private data is left to the browser: a server-rendered page only prefetches what any visitor may see. */
function signedOutOnServer(): boolean {
  return !isServer || !requestScope()?.signedIn;
}

/**
 * The query cache the loaders fill: the browser's one, or on the server a getter of the request's
 * (the server builds the route table once per process, not once per request).
 */
export type LoaderQueryClient = QueryClient | (() => QueryClient);

const resolveClient = (client: LoaderQueryClient): QueryClient => (typeof client === 'function' ? client() : client);

/** A loader's data: the query, awaited on the server and only started in the browser. */
function prefetcher(client: LoaderQueryClient) {
  return <TData, TKey extends QueryKey>(options: FetchQueryOptions<TData, Error, TData, TKey>) => load(resolveClient(client).prefetchQuery(options));
}

export function createLoaders(client: LoaderQueryClient) {
  const prefetch = prefetcher(client);
  return {
    marketplace: (({ request }) => {
      const params = new URL(request.url).searchParams;
      const queryClient = resolveClient(client);
      return withModule(
        () => Promise.all([import('@/lib/queries/listings'), import('@/features/listings/lib/filter-params'), import('@medallion/contracts/listing-filters')]),
        ([{ listingsQueryOptions }, { cursorFromParams, filtersFromParams, pageFromParams }, { filtersToQuery }]) => [
          queryClient.prefetchQuery(listingsQueryOptions(filtersToQuery(filtersFromParams(params)), pageFromParams(params), cursorFromParams(params))),
        ],
      );
    }) satisfies Loader,
    listing: (({ params }) => {
      const queryClient = resolveClient(client);
      return withModule(
        () => import('@/lib/queries/listings'),
        ({ listingQueryOptions }) => [queryClient.prefetchQuery(listingQueryOptions(params.listingId ?? ''))],
      );
    }) satisfies Loader,
    shop: (() => prefetch(productsQueryOptions())) satisfies Loader,
    // A paying visitor's 80 questions are theirs: rendered in the browser, not put into shared HTML.
    login: (async ({ request }) => {
      // Someone already signed in is sent on at once (the page would do it after hydrating).
      if (isServer && requestScope()?.signedIn) {
        const session = await resolveClient(client)
          .fetchQuery(sessionQueryOptions())
          .catch(() => null);
        if (session?.user) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
      }
      return prefetch(socialProvidersQueryOptions());
    }) satisfies Loader,
    /**
     * Signed-in pages: without a session cookie the server answers with the redirect to sign in
     * that RequireSession would make in the browser; with one, the frame is rendered and the
     * private data is fetched by the browser.
     */
    private: (async ({ request }) => {
      if (isServer && !requestScope()?.signedIn) {
        const url = new URL(request.url);
        throw redirect(signInPath(url.pathname + url.search));
      }
      return null;
    }) satisfies Loader,
    // The ways to practice (the simulation's length, questions per topic) are the same for everyone.
    exam: (() => {
      const withQuestions = signedOutOnServer();
      const queryClient = resolveClient(client);
      return withModule(
        () => import('@/lib/queries/exam'),
        ({ examModesQueryOptions, examQuestionsQueryOptions }) => [
          queryClient.prefetchQuery(examModesQueryOptions()),
          ...(withQuestions ? [queryClient.prefetchQuery(examQuestionsQueryOptions())] : []),
        ],
      );
    }) satisfies Loader,
    /** The digest's unsubscribe link: the call turns the alerts off (no sign-in), so the page says it is done (or 404). */
    unsubscribe: (({ request }) => {
      const queryClient = resolveClient(client);
      return withModule(
        () => import('@/lib/queries/saved'),
        ({ unsubscribeQueryOptions, unsubscribeTokens }) => {
          const tokens = unsubscribeTokens(new URL(request.url).searchParams);
          return tokens.length > 0 ? [queryClient.prefetchQuery(unsubscribeQueryOptions(tokens))] : [];
        },
      );
    }) satisfies Loader,
  };
}

/**
 * The frame's loader: on the server, the header needs to know who is signed in. Without a session
 * cookie nobody is, so no call is made; with one, the session is asked for (its page is private).
 */
export function createRootLoader(client: LoaderQueryClient): Loader {
  const prefetch = prefetcher(client);
  return async () => {
    if (!isServer) return null;
    if (requestScope()?.signedIn) return prefetch(sessionQueryOptions());
    resolveClient(client).setQueryData(sessionQueryOptions().queryKey, { user: null, token: null });
    return null;
  };
}

/**
 * The texts of a page (its i18n namespaces) start loading with the route too, beside its chunk
 * and its data; on the server every text is already loaded.
 */
export function preloadTexts(namespaces: readonly string[]): void {
  if (isServer || namespaces.length === 0) return;
  void currentI18n().loadNamespaces([...namespaces]);
}
