import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';

/**
 * While a page is rendered on the server, the calls of that request (its language, its cookies,
 * the in-process API) live in a scope the server entry provides; in the browser there is none
 * and the browser's own `fetch` and the global i18n instance are used.
 */
export interface RequestScope {
  i18n: I18n;
  /** Answers an API call in-process, as the signed-in visitor of this request. */
  fetch: (url: URL, init: RequestInit) => Promise<Response>;
  /** The request carries a session cookie (its pages are private, and private data is left to the browser). */
  signedIn: boolean;
  /** The site's public origin (canonical links, previews). */
  origin: string;
  /** The request's query cache (the route loaders fill it; the route table is built once per process). */
  queryClient: QueryClient;
  /**
   * The lazy parts (components/ui/lazy.ts) the page rendered, by name, with their modules (Vite manifest
   * keys): the browser loads them before it hydrates, and their chunks are among the page's modules.
   */
  lazyParts?: Map<string, string | undefined>;
}

let resolveScope: () => RequestScope | undefined = () => undefined;

/** Called once by the server entry (it keeps the scope per request in an AsyncLocalStorage). */
export function setRequestScopeResolver(resolver: () => RequestScope | undefined): void {
  resolveScope = resolver;
}

export function requestScope(): RequestScope | undefined {
  return resolveScope();
}

/** True while rendering on the server (Vite sets this at build time for the server bundle). */
export const isServer = import.meta.env.SSR;
