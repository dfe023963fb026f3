import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { Language } from '@medallion/contracts/site';
import { i18n, initI18n } from '@/lib/i18n';

/** What a test's fake API answers: a status and a JSON body. */
export interface FakeResponse {
  status?: number;
  body?: unknown;
}

/** One endpoint of the fake API, keyed "METHOD /api/path" (without the query string). */
export type FakeRoute = (request: { url: URL; body: unknown }) => FakeResponse | Promise<FakeResponse>;

/**
 * Replaces fetch (the only way out of the app to HTTP) with the given endpoints. A call to any other
 * endpoint fails the test: it throws, and the calls are recorded in `calls` for assertions.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.pathname}`;
    calls.push(`${key}${url.search}`);
    const route = routes[key];
    if (!route) throw new Error(`No fake API route for ${key}`);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = await route({ url, body });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls };
}

let ready: Promise<unknown> | undefined;

/** The app's i18n (English first), with the real locale files. */
function englishTexts() {
  ready ??= initI18n('en');
  return ready;
}

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * Renders `ui` as the app does: real i18n (English unless `language` says otherwise), a fresh QueryClient (no retries, so a failure
 * shows at once) and a router at `path`. The current URL is in the element with test id "location".
 */
export async function renderWithApp(ui: ReactNode, { path = '/', language = 'en' }: { path?: string; language?: Language } = {}) {
  await englishTexts();
  await i18n.changeLanguage(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const page = (
    <>
      <Suspense fallback={<p>Loading texts</p>}>{ui}</Suspense>
      <LocationProbe />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, client, router };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
