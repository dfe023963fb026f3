// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_CAPTURE_REPLAY, EARLY_CAPTURE_SCRIPT } from '@medallion/contracts/early-capture';

/**
 * The early-capture script (decision 0014) on a page the server rendered, with React's real hydration:
 * what a visitor does before the app has hydrated reaches the app once it has, and the native controls
 * end in step with the app's state.
 */

function Page() {
  const [deal, setDeal] = useState('all');
  const [sort, setSort] = useState('newest');
  const [max, setMax] = useState('');
  const [agree, setAgree] = useState(false);
  const [added, setAdded] = useState(0);
  const [searched, setSearched] = useState('');
  return (
    <main>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSearched(`${deal}:${max}`);
        }}
      >
        {['all', 'rent', 'sale'].map((option) => (
          <label key={option}>
            <input type="radio" name="deal_type" value={option} checked={deal === option} onChange={() => setDeal(option)} />
            {option}
          </label>
        ))}
        {deal === 'sale' && <p data-testid="price">price fields</p>}
        <label>
          Max
          <input name="price_max" value={max} onChange={(event) => setMax(event.target.value)} />
        </label>
        <label>
          <input type="checkbox" checked={agree} onChange={(event) => setAgree(event.target.checked)} />
          Agree
        </label>
        <button type="submit">Search</button>
      </form>
      <label>
        Sort
        <select value={sort} onChange={(event) => setSort(event.target.value)}>
          <option value="newest">Newest</option>
          <option value="price_asc">Cheapest</option>
        </select>
      </label>
      <button type="button" onClick={() => setAdded((n) => n + 1)}>
        <span>Add</span>
      </button>
      <form method="dialog">
        <button>Start</button>
      </form>
      <form action="/marketplace">
        <button type="submit">Go</button>
      </form>
      <output data-testid="state">{JSON.stringify({ deal, sort, max, agree, added, searched })}</output>
    </main>
  );
}

type Replay = () => void;
let root: Root | undefined;
let container: HTMLElement;

function installScript() {
  new Function(EARLY_CAPTURE_SCRIPT)();
}

function replay(): Replay | undefined {
  return (window as unknown as Record<string, Replay | undefined>)[EARLY_CAPTURE_REPLAY];
}

function state() {
  return JSON.parse(container.querySelector('[data-testid="state"]')!.textContent!) as Record<string, unknown>;
}

function byValue<T extends HTMLElement>(selector: string): T {
  const el = container.querySelector<T>(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el;
}

function button(name: string): HTMLButtonElement {
  const found = Array.from(container.querySelectorAll('button')).find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

/** What a visitor does with the server's markup: taps, a choice, typing, Enter. */
function actBeforeTheApp() {
  byValue<HTMLInputElement>('input[value="sale"]').click();
  const select = byValue<HTMLSelectElement>('select');
  select.value = 'price_asc';
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  const max = byValue<HTMLInputElement>('input[name="price_max"]');
  for (const typed of ['9', '90', '900']) {
    max.value = typed;
    max.dispatchEvent(new Event('input', { bubbles: true }));
  }
  byValue<HTMLInputElement>('input[type="checkbox"]').click();
  // A tap on the icon inside the button counts as a tap on the button.
  button('Add').querySelector('span')!.click();
  button('Add').click();
}

async function hydrate() {
  await act(async () => {
    root = hydrateRoot(container, <Page />, { onRecoverableError: () => undefined });
  });
}

beforeEach(() => {
  // React's act() outside testing-library's render.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  document.documentElement.setAttribute('data-ssr', 'true');
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  // Removes the script's listeners if a test did not replay (nothing is left to hydrate).
  container.innerHTML = '';
  replay()?.();
  delete (window as unknown as Record<string, unknown>)[EARLY_CAPTURE_REPLAY];
  container.remove();
  document.documentElement.removeAttribute('data-ssr');
});

describe('early capture', () => {
  it('is tiny: under 1 KiB gzipped', async () => {
    const { gzipSync } = await import('node:zlib');
    expect(gzipSync(EARLY_CAPTURE_SCRIPT).length).toBeLessThan(1024);
  });

  it('without it, what a visitor did before hydration is lost and the controls are out of step (the bug)', async () => {
    actBeforeTheApp();
    await hydrate();
    expect(state()).toEqual({ deal: 'all', sort: 'newest', max: '', agree: false, added: 0, searched: '' });
    // The radio shows "sale" ticked while the app has "all"; ticking it again does nothing.
    expect(byValue<HTMLInputElement>('input[value="sale"]').checked).toBe(true);
    await act(async () => byValue<HTMLInputElement>('input[value="sale"]').click());
    expect(state().deal).toBe('all');
  });

  it('replays taps, choices, typing and Enter once the app has hydrated', async () => {
    installScript();
    actBeforeTheApp();
    // Enter in a field of a form the app handles.
    const form = byValue<HTMLFormElement>('form:not([method]):not([action])');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    // The visitor sees their choices before the app runs.
    expect(byValue<HTMLInputElement>('input[value="sale"]').checked).toBe(true);
    expect(byValue<HTMLSelectElement>('select').value).toBe('price_asc');

    await hydrate();
    expect(state().added).toBe(0);
    await act(async () => replay()!());
    await waitFor(() => expect(state()).toEqual({ deal: 'sale', sort: 'price_asc', max: '900', agree: true, added: 2, searched: 'sale:900' }));
    expect(container.querySelector('[data-testid="price"]')).not.toBeNull();

    // In step: the native controls show the app's state, and the next taps work as usual.
    expect(byValue<HTMLInputElement>('input[value="sale"]').checked).toBe(true);
    expect(byValue<HTMLInputElement>('input[value="all"]').checked).toBe(false);
    expect(byValue<HTMLInputElement>('input[type="checkbox"]').checked).toBe(true);
    expect(byValue<HTMLSelectElement>('select').value).toBe('price_asc');
    await act(async () => byValue<HTMLInputElement>('input[value="rent"]').click());
    await act(async () => byValue<HTMLInputElement>('input[type="checkbox"]').click());
    expect(state()).toMatchObject({ deal: 'rent', agree: false, added: 2 });
    // A second replay does nothing.
    await act(async () => replay()!());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(state()).toMatchObject({ deal: 'rent', added: 2 });
  });

  it('waits for hydration when the replay is asked for before it (a part of the page hydrating late)', async () => {
    installScript();
    actBeforeTheApp();
    replay()!();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 150)));
    // Still captured while waiting: one more tap before the app.
    button('Add').click();
    await hydrate();
    await waitFor(() => expect(state()).toMatchObject({ deal: 'sale', sort: 'price_asc', max: '900', agree: true, added: 3 }));
    // Hydrated: a tap now is the app's own, not captured (counted once).
    await act(async () => button('Add').click());
    expect(state().added).toBe(4);
  });

  it('holds a submit button of a form the app handles, and leaves what works without the app alone', () => {
    installScript();
    const click = (el: HTMLElement) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      el.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click(button('Search'))).toBe(true);
    expect(click(button('Start'))).toBe(false);
    expect(click(button('Go'))).toBe(false);
    const realForm = byValue<HTMLFormElement>('form[action]');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    realForm.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });

  it('does nothing outside #root or on a page the browser renders itself', () => {
    installScript();
    const outside = document.createElement('button');
    document.body.append(outside);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    outside.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    outside.remove();
    replay()!();
    delete (window as unknown as Record<string, unknown>)[EARLY_CAPTURE_REPLAY];

    document.documentElement.removeAttribute('data-ssr');
    installScript();
    expect(replay()).toBeUndefined();
  });
});
