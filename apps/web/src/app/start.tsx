import { startTransition, StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { EARLY_CAPTURE_REPLAY } from '@medallion/contracts/early-capture';
import { matchRoutes, RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from './provider';
import { createAppRouter, createRoutes } from './router';
import { hydrateQueries, readSsrState } from './ssr-state';
import { loadLazyParts } from '@/components/ui/lazy';
import { yieldToMain } from '@/lib/after-first-view';
import { initI18n, syncRememberedLanguage } from '@/lib/i18n';
import { setSiteOrigin } from '@/lib/site-url';

/**
 * The browser app, started by main.tsx. A page the server rendered (entry-server.tsx) is hydrated with the state it
 * sent along: its texts, its query cache and its route data, so nothing is fetched twice; the
 * chunks of the matched routes, and the lazy parts the server rendered, are loaded first so the first
 * render equals the server's and hydrates it whole.
 *
 * The work is cut in slices with the main thread given back between them (decision 0013): the
 * modules' evaluation, reading the state, the texts and the route's chunk, then hydration itself,
 * which runs as a transition so React renders it in small pieces (a tap meanwhile makes React finish
 * it at once and then handles the tap). On a slow phone none of it is one long task that holds a tap
 * or a paint back.
 */
export async function start() {
  // When the app began, for the first-view check (e2e/page-sweep.spec.ts) and profiles.
  performance.mark('medallion:app-start');
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // The app's modules were evaluated in the task that called start(): the rest comes after a break.
  await yieldToMain();
  const state = readSsrState();
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);

  if (state) {
    setSiteOrigin(state.origin);
    hydrateQueries(queryClient, state.queries);
    const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => typeof match.route.lazy === 'function');
    await Promise.all([
      initI18n(state.language, state.texts),
      (async () => {
        await Promise.all(
          lazyMatches.map(async ({ route }) => {
            const load = route.lazy as () => Promise<Record<string, unknown>>;
            Object.assign(route, { ...(await load()), lazy: undefined });
          }),
        );
        // The lazy parts the server rendered (declared by the pages' modules, so after them): hydrated
        // at once, never drawn anew with what the visitor typed into them lost (issue #31).
        await loadLazyParts(state.parts ?? []);
      })(),
    ]);
  } else {
    await initI18n();
  }

  if (state) await yieldToMain();
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
    startTransition(() => {
      hydrateRoot(root, app);
    });
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
