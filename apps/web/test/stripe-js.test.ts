// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadStripeJs, StripeJsLoadError, type StripeConstructor } from '@/features/payments/lib/stripe-js';

const URL_A = 'https://js.example.test/v3/';
const scripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src === URL_A);
const fakeStripe = (() => ({})) as unknown as StripeConstructor;

afterEach(() => {
  delete window.Stripe;
  document.head.innerHTML = '';
  vi.useRealTimers();
});

describe('loadStripeJs', () => {
  it('adds the script once for parallel calls and resolves with window.Stripe', async () => {
    const first = loadStripeJs(URL_A);
    const second = loadStripeJs(URL_A);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]!.async).toBe(true);
    window.Stripe = fakeStripe;
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(fakeStripe);
    await expect(second).resolves.toBe(fakeStripe);
    // Loaded: no second script.
    await expect(loadStripeJs(URL_A)).resolves.toBe(fakeStripe);
    expect(scripts()).toHaveLength(1);
  });

  it('fails clearly when the script cannot load, and a retry adds it again', async () => {
    const failed = loadStripeJs(URL_A);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toEqual(new StripeJsLoadError('network'));
    expect(scripts()).toHaveLength(0);

    const retry = loadStripeJs(URL_A);
    expect(scripts()).toHaveLength(1);
    window.Stripe = fakeStripe;
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe(fakeStripe);
  });

  it('fails when the script loads but defines no Stripe, or never answers', async () => {
    const empty = loadStripeJs(URL_A);
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(empty).rejects.toMatchObject({ name: 'StripeJsLoadError', reason: 'missing' });

    vi.useFakeTimers();
    const slow = loadStripeJs(URL_A, { timeoutMs: 1000 });
    vi.advanceTimersByTime(1000);
    await expect(slow).rejects.toMatchObject({ reason: 'timeout' });
    expect(scripts()).toHaveLength(0);
  });
});
