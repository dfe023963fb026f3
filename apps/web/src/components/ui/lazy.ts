import { lazy, type ComponentType } from 'react';

export type PreloadableComponent<P> = ComponentType<P> & {
  /** Starts loading the module now (on hover, on focus, on a first click …); safe to call often. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy for a named export, with a `preload()` to fetch the module before the component is
 * rendered: a part that a first view does not need (a dialog, a sheet, a viewer) is loaded on the
 * interaction that shows it, or a moment earlier. A failed load is tried again on the next call.
 */
export function lazyNamed<M, K extends keyof M, P = M[K] extends ComponentType<infer Q> ? Q : never>(load: () => Promise<M>, name: K): PreloadableComponent<P> {
  let pending: Promise<M> | undefined;
  const preload = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  const Component = lazy(async () => ({ default: (await preload())[name] as ComponentType<P> }));
  return Object.assign(Component as unknown as ComponentType<P>, { preload });
}
