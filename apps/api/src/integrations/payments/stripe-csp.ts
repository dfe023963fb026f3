/** CSP sources a page needs so that Stripe.js can load, draw its card frame and call Stripe's API. */
export interface StripeCspSources {
  script: string[];
  frame: string[];
  connect: string[];
}

const REAL_JS_ORIGIN = 'https://js.stripe.com';
const REAL_API_ORIGIN = 'https://api.stripe.com';

/**
 * Stripe mode only (sandbox pages stay 'self'). The script's origin is allowed for the script, its
 * card frame and its calls; the API origin (STRIPE_API_URL, else api.stripe.com) for the calls. With
 * Stripe's own script, also the extra hosts Stripe's security guide lists (its sub-domains and the
 * 3-D Secure frame on hooks.stripe.com).
 */
export function stripeCspSources({ jsUrl, apiUrl }: { jsUrl: string; apiUrl?: string }): StripeCspSources {
  const js = new URL(jsUrl).origin;
  const api = apiUrl ? new URL(apiUrl).origin : REAL_API_ORIGIN;
  const real = js === REAL_JS_ORIGIN;
  const unique = (list: string[]) => [...new Set(list)];
  return {
    script: unique([js, ...(real ? ['https://*.js.stripe.com'] : [])]),
    frame: unique([js, ...(real ? ['https://*.js.stripe.com', 'https://hooks.stripe.com'] : [])]),
    connect: unique([js, api]),
  };
}
