import type { FastifyInstance } from 'fastify';

/** An expiry two years ahead, so test cards never expire under the tests. */
export const CARD_EXP_YEAR = new Date().getUTCFullYear() + 2;

/**
 * Saves a sandbox card for the signed-in user the way the card form does (setup intent, then the
 * sandbox confirm) and returns its payment method id. Numbers that are refused at saving throw.
 */
export async function saveSandboxCard(app: FastifyInstance, cookie: string, number = '4242424242424242'): Promise<string> {
  const setup = await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie } });
  if (setup.statusCode !== 200) throw new Error(`create-setup-intent failed: ${setup.body}`);
  const saved = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm-setup',
    headers: { cookie },
    payload: { 'client-secret': setup.json().data['client-secret'], number, exp_month: 12, exp_year: CARD_EXP_YEAR, cvc: '123' },
  });
  if (saved.statusCode !== 200) throw new Error(`sandbox confirm-setup failed: ${saved.body}`);
  return saved.json().data.id as string;
}

/** POST /api/payments/create-payment-intent for a listing's fee ($1.08 unless told) with a saved card. */
export function payListingFee(app: FastifyInstance, cookie: string, card: string, listingId: string, amount = 108) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/create-payment-intent',
    headers: { cookie },
    payload: { 'user-pm': card, 'payment-amount': amount, 'listing-id': listingId },
  });
}

/** A delivery address for shop orders (the demo driver's, in Brooklyn). */
export const ADDRESS = {
  full_name: 'Aziz Karimov',
  address_one: '123 Main St',
  address_two: 'Apt 4',
  address_city: 'Brooklyn',
  address_state: 'NY',
  address_zip: '11201',
};

/**
 * The app's settings for Stripe mode against the local fake (test-support/fake-stripe.ts): keys named
 * after `name`, the fake's API and Stripe.js, and sign-in limits high enough for a file's accounts.
 */
export function stripeModeEnv(stripeServer: { url: string; jsUrl: string }, name: string, webhookSecret = `whsec_test_${name}`): Record<string, string> {
  return {
    AUTH_RATE_LIMIT_MAX: '1000',
    STRIPE_SECRET_KEY: `sk_test_${name}`,
    STRIPE_PUBLISHABLE_KEY: `pk_test_${name}`,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripeServer.url,
    STRIPE_JS_URL: stripeServer.jsUrl,
  };
}
