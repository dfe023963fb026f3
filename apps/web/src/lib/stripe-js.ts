/*
 * Stripe.js, loaded on demand from the address the server gives (STRIPE_JS_URL: Stripe's own
 * https://js.stripe.com/v3/, or a local fake in tests). @stripe/stripe-js is not used because it only
 * loads from js.stripe.com. The types cover the part of Stripe.js the card form uses
 * (https://docs.stripe.com/js) and the 3-D Secure challenge of a
 * payment (`handleNextAction`).
 */

export interface StripeError {
  type: string;
  code?: string;
  message?: string;
}

export interface StripeCardChangeEvent {
  empty: boolean;
  complete: boolean;
  error?: StripeError;
  brand?: string;
}

export interface StripeCardElement {
  mount(target: HTMLElement | string): void;
  on(event: 'change', handler: (event: StripeCardChangeEvent) => void): StripeCardElement;
  on(event: 'ready' | 'focus' | 'blur', handler: () => void): StripeCardElement;
  focus(): void;
  update(options: { disabled?: boolean }): void;
  destroy(): void;
}

export interface StripeCardElementOptions {
  style?: Record<string, Record<string, unknown>>;
  hidePostalCode?: boolean;
  disabled?: boolean;
}

export interface StripeElements {
  create(type: 'card', options?: StripeCardElementOptions): StripeCardElement;
}

export interface ConfirmCardSetupResult {
  setupIntent?: { id: string; status: string; payment_method?: string | null };
  error?: StripeError;
}

export interface HandleNextActionResult {
  paymentIntent?: { id: string; status: string };
  error?: StripeError;
}

export interface StripeInstance {
  elements(options?: { locale?: string }): StripeElements;
  /** Finishes a PaymentIntent the server confirmed that is `requires_action` (3-D Secure): https://docs.stripe.com/js/payment_intents/handle_next_action */
  handleNextAction(options: { clientSecret: string }): Promise<HandleNextActionResult>;
  confirmCardSetup(clientSecret: string, data: { payment_method: { card: StripeCardElement } }): Promise<ConfirmCardSetupResult>;
}

export type StripeConstructor = (publishableKey: string, options?: { locale?: string }) => StripeInstance;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

/** Stripe.js did not load (offline, blocked, or the address does not serve it). */
export class StripeJsLoadError extends Error {
  constructor(public readonly reason: 'network' | 'timeout' | 'missing') {
    super(`Stripe.js did not load (${reason})`);
    this.name = 'StripeJsLoadError';
  }
}

const loads = new Map<string, Promise<StripeConstructor>>();

/**
 * Adds the script once and resolves with window.Stripe. A failed load removes its script and is
 * forgotten, so calling again (the form's "Try again") retries.
 */
export function loadStripeJs(url: string, { timeoutMs = 20_000 }: { timeoutMs?: number } = {}): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  const pending = loads.get(url);
  if (pending) return pending;

  const load = new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const settle = (error: StripeJsLoadError | null) => {
      window.clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      // Loaded: later calls find window.Stripe. Failed: forgotten, so the next call tries again.
      loads.delete(url);
      if (!error && window.Stripe) return resolve(window.Stripe);
      script.remove();
      reject(error ?? new StripeJsLoadError('missing'));
    };
    const timer = window.setTimeout(() => settle(new StripeJsLoadError('timeout')), timeoutMs);
    script.onload = () => settle(null);
    script.onerror = () => settle(new StripeJsLoadError('network'));
    document.head.appendChild(script);
  });
  loads.set(url, load);
  return load;
}
