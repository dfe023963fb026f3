import { StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { EARLY_CAPTURE_REPLAY } from '@medallion/contracts/early-capture';
import { matchRoutes, RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from './provider';
import { createAppRouter, createRoutes } from './router';
import { hydrateQueries, readSsrState } from './ssr-state';
import { initI18n, syncRememberedLanguage } from '@/lib/i18n';
import { setSiteOrigin } from '@/lib/site-url';

/**
 * The browser app, started by main.tsx. A page the server rendered (entry-server.tsx) is hydrated with the state it
 * sent along: its texts, its query cache and its route data, so nothing is fetched twice; the
 * chunks of the matched routes are loaded first so the first render equals the server's.
 */
export async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const state = readSsrState();
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);

  if (state) {
    setSiteOrigin(state.origin);
    hydrateQueries(queryClient, state.queries);
    const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => typeof match.route.lazy === 'function');
    await Promise.all([
      initI18n(state.language, state.texts),
      ...lazyMatches.map(async ({ route }) => {
        const load = route.lazy as () => Promise<Record<string, unknown>>;
        Object.assign(route, { ...(await load()), lazy: undefined });
      }),
    ]);
  } else {
    await initI18n();
  }

  const router = createAppRouter(queryClient, routes, state?.router);
  const app: ReactNode = (
    <StrictMode>
      <AppProvider client={queryClient}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
          <ReplayEarlyTaps />
        </Suspense>
      </AppProvider>
    </StrictMode>
  );
  if (state) {
    hydrateRoot(root, app);
    syncRememberedLanguage(state.language);
  } else {
    createRoot(root).render(app);
  }
}

/**
 * Once the page has hydrated (this effect runs when the router's tree beside it has committed), what the
 * visitor did before is done again for the app: the early-capture script in the page's head (decision 0014,
 * packages/contracts/src/early-capture.ts) kept it. Safe to call twice; a page rendered here has none.
 */
function ReplayEarlyTaps() {
  useEffect(() => {
    const replay = (window as unknown as Record<string, unknown>)[EARLY_CAPTURE_REPLAY];
    if (typeof replay === 'function') (replay as () => void)();
  }, []);
  return null;
}
