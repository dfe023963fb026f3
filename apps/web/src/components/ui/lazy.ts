import { createElement, lazy, type ComponentType } from 'react';
import { requestScope } from '@/lib/request-scope';

export type PreloadableComponent<P> = ComponentType<P> & {
  /** Starts loading the module now (on hover, on focus, on a first click …); safe to call often. */
  preload: () => Promise<unknown>;
};

/** The preloads of every lazy part by its name: what start.tsx loads before it hydrates a page. */
const parts = new Map<string, Array<() => Promise<unknown>>>();

/**
 * React.lazy for a named export, with a `preload()` to fetch the module before the component is
 * rendered: a part that a first view does not need (a dialog, a sheet, a viewer) is loaded on the
 * interaction that shows it, or a moment earlier. A failed load is tried again on the next call.
 *
 * A part the server rendered into a page must be hydrated, not drawn anew by the browser: a Suspense
 * boundary still waiting for its chunk when anything above it renders again is given up by React and
 * rendered on the client, and whatever the visitor typed into it is lost (issue #31, decision 0014). So
 * the server notes every lazy part it renders (`RequestScope.lazyParts`: its name, and its module as
 * Vite's manifest keys it, which the server build's `medallion-lazy-part-ids` plugin passes as `module`),
 * the page lists their names and their chunks, the browser loads them before it hydrates
 * (`loadLazyParts`), and a part whose module is there renders without suspending.
 */
export function lazyNamed<M, K extends keyof M, P = M[K] extends ComponentType<infer Q> ? Q : never>(
  load: () => Promise<M>,
  name: K,
  module?: string,
): PreloadableComponent<P> {
  const id = String(name);
  let loaded: { default: ComponentType<P> } | undefined;
  let pending: Promise<M> | undefined;
  const preload = () => {
    pending ??= load().then(
      (exports) => {
        loaded = { default: exports[name] as ComponentType<P> };
        return exports;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  // A module already here is given to React.lazy by a thenable that calls back at once: React then
  // renders the part in the same pass (a promise, even a settled one, would suspend it first).
  const Lazy = lazy(
    () =>
      (loaded ? { then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve(loaded!) } : preload().then(() => loaded!)) as Promise<{
        default: ComponentType<P>;
      }>,
  );
  parts.set(id, [...(parts.get(id) ?? []), preload]);
  // (`import.meta.env.SSR` itself, not `isServer`: the browser's build then drops what follows.)
  if (!import.meta.env.SSR) return Object.assign(Lazy as unknown as ComponentType<P>, { preload });
  // On the server, noted for the page being rendered (its scope) each time it renders.
  function NotedLazyPart(props: P & object) {
    requestScope()?.lazyParts?.set(id, module);
    return createElement(Lazy as unknown as ComponentType<P & object>, props);
  }
  return Object.assign(NotedLazyPart as unknown as ComponentType<P>, { preload });
}

/**
 * Loads the lazy parts the server rendered into this page (their names, from its state) before the page
 * is hydrated, so each renders at once, as on the server. A part declared by a module loaded only here
 * (a lazy part inside another) is found on the next round. A part that fails to load is left to React
 * (it suspends, as before).
 */
export async function loadLazyParts(names: readonly string[]): Promise<void> {
  let waiting = [...new Set(names)];
  while (waiting.length > 0) {
    const known = waiting.filter((name) => parts.has(name));
    if (known.length === 0) return;
    await Promise.all(known.flatMap((name) => parts.get(name)!.map((preload) => preload().catch(() => undefined))));
    waiting = waiting.filter((name) => !parts.has(name));
  }
}
