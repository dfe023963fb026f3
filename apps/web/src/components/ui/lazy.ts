import { createElement, lazy, useState, type ComponentType } from 'react';
import { requestScope } from '@/lib/request-scope';

export type PreloadableComponent<P> = ComponentType<P> & {
  /** Starts loading the module now (on hover, on focus, on a first click …); safe to call often. */
  preload: () => Promise<unknown>;
};

/** Every lazy part by its id (its module, see below): what start.tsx loads before it hydrates a page. */
const parts = new Map<string, Array<() => Promise<unknown>>>();

/**
 * React.lazy for a named export, with a `preload()` to fetch the module before the component is
 * rendered: a part that a first view does not need (a dialog, a sheet, a viewer) is loaded on the
 * interaction that shows it, or a moment earlier. A failed load is tried again on the next call.
 *
 * A part the server rendered into a page must be hydrated, not rendered again by the browser: a
 * Suspense boundary still waiting for its chunk when anything above it renders again (a mutation's
 * state, a query) is thrown away by React and drawn anew, and with it whatever the visitor typed
 * (issue #31). So the server notes every lazy part it renders (`RequestScope.lazyParts`, sent along
 * with the page and listed among its modules), the browser loads them before it hydrates
 * (`loadLazyParts`), and a part whose module is there renders it at once, without suspending.
 *
 * `module` names the part: its module's path as Vite's manifest keys it (the build's
 * `medallion-lazy-part-ids` plugin adds it to every `lazyNamed(() => import('…'), '…')` call), else the
 * export's name.
 */
export function lazyNamed<M, K extends keyof M, P = M[K] extends ComponentType<infer Q> ? Q : never>(
  load: () => Promise<M>,
  name: K,
  module?: string,
): PreloadableComponent<P> {
  const id = module ?? String(name);
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<M> | undefined;
  const preload = () => {
    pending ??= load().then(
      (exports) => {
        loaded = exports[name] as ComponentType<P>;
        return exports;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => ({ default: (await preload())[name] as ComponentType<P> }));
  function LazyPart(props: P & object) {
    // On the server, noted for the page (in the browser there is no request scope).
    requestScope()?.lazyParts?.add(id);
    // The type chosen when this part is first rendered is kept: switching from the lazy one to the
    // module's own would remount it (and lose its state) once the module has arrived.
    const [type] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(type as ComponentType<P & object>, props);
  }
  LazyPart.displayName = `Lazy(${String(name)})`;
  parts.set(id, [...(parts.get(id) ?? []), preload]);
  return Object.assign(LazyPart as unknown as ComponentType<P>, { preload });
}

/**
 * Loads the lazy parts the server rendered into this page (their ids, from its state) before the page
 * is hydrated, so each renders at once, as on the server. A part declared by a module loaded only here
 * (a lazy part inside another) is found on the next round. A part that fails to load is left to
 * React (it suspends, as before).
 */
export async function loadLazyParts(ids: readonly string[]): Promise<void> {
  let waiting = [...new Set(ids)];
  while (waiting.length > 0) {
    const known = waiting.filter((id) => parts.has(id));
    if (known.length === 0) return;
    await Promise.all(known.flatMap((id) => parts.get(id)!.map((preload) => preload().catch(() => undefined))));
    waiting = waiting.filter((id) => !parts.has(id));
  }
}
