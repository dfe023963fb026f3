// @vitest-environment jsdom
import { act, Suspense, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lazyNamed, loadLazyParts } from '@/components/ui/lazy';

/**
 * Issue #31: a signed-in driver typed into the rental request form (a lazy part of the listing page) before
 * the app had hydrated, and lost it all: React hydrated the page without the form's chunk, and when
 * anything above the still-waiting Suspense boundary rendered again (a store's update as the hydrated
 * page's effects ran), it threw the server's form away and drew a new one, silently (no recoverable error
 * is reported). A lazy part the server rendered is now loaded before hydration and rendered without
 * suspending (React.lazy would suspend once even with the module there): it is hydrated with the page,
 * the same elements, with what was typed.
 */

function RequestForm({ listingId }: { listingId: string }) {
  return (
    <form aria-label="Rental request">
      <label>
        TLC license number
        <input name={`license-${listingId}`} defaultValue="" />
      </label>
      <button type="submit">Send request</button>
    </form>
  );
}

/** A store as TanStack Query's observers are (useSyncExternalStore): the listing's view being recorded, say. */
function createStore() {
  let value = false;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: boolean) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The listing page: something above the form renders again as soon as the hydrated page's effects run. */
function Page({ Form }: { Form: ComponentType<{ listingId: string }> }) {
  const recorded = useSyncExternalStore(store.subscribe, store.get, () => false);
  useEffect(() => store.set(true), []);
  return (
    <main data-recorded={recorded ? 'yes' : 'no'}>
      <Suspense fallback={<div aria-hidden="true" className="animate-pulse" />}>
        <Form listingId="car-1" />
      </Suspense>
    </main>
  );
}

let store = createStore();
let container: HTMLElement;
let root: Root | undefined;
let recoverable: unknown[];

/** A module of its own per side, as in the browser and on the server (each loads it once), arriving after `ms`. */
function formPart(ms = 0) {
  return lazyNamed(() => new Promise<{ RequestForm: typeof RequestForm }>((resolve) => setTimeout(() => resolve({ RequestForm }), ms)), 'RequestForm');
}

/** The server's page: the render waits for the lazy part (the server notes it: server-rendering.test.ts). */
async function serverPage(): Promise<string> {
  const { prelude } = await prerender(<Page Form={formPart()} />);
  return new Response(prelude).text();
}

function typeBeforeTheApp(): HTMLInputElement {
  const input = container.querySelector('input')!;
  input.value = '5123456';
  return input;
}

async function hydrate(Form: ComponentType<{ listingId: string }>) {
  await act(async () => {
    root = hydrateRoot(container, <Page Form={Form} />, { onRecoverableError: (error) => void recoverable.push(error) });
  });
  // Until the chunk has arrived and React has done whatever it does with the boundary.
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  recoverable = [];
  store = createStore();
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

describe('a lazy part the server rendered', () => {
  it('loaded before hydration, is hydrated: the same elements, with what was typed', async () => {
    container.innerHTML = await serverPage();
    const typed = typeBeforeTheApp();
    const Form = formPart(30);
    // As start.tsx does with the names the page's state lists.
    await loadLazyParts(['RequestForm']);
    await hydrate(Form);
    expect(container.querySelector('main')!.dataset.recorded).toBe('yes');
    expect(container.querySelector('input')).toBe(typed);
    expect(typed.value).toBe('5123456');
    expect(
      Object.keys(typed).some((key) => key.startsWith('__reactFiber$')),
      'React has the server element',
    ).toBe(true);
    expect(recoverable).toEqual([]);
  });

  it('not loaded before hydration, is drawn anew when the page renders again (why it must be)', async () => {
    container.innerHTML = await serverPage();
    const typed = typeBeforeTheApp();
    // The chunk arrives after the page has rendered again (on a phone, seconds after).
    await hydrate(formPart(30));
    expect(container.querySelector('main')!.dataset.recorded).toBe('yes');
    expect(container.querySelector('input')).not.toBe(typed);
    expect(container.querySelector('input')!.value).toBe('');
    expect(recoverable).toEqual([]);
  });
});
