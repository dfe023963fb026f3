// The Stripe-mode app server of the e2e suite (a second app with Stripe keys, talking to a local
// fake of Stripe): its ports and keys, shared by playwright.config.ts and payments-stripe.spec.ts.
// Ports follow E2E_PORT (app +2, fake Stripe +3) so parallel runs on other ports do not collide.
const appPort = Number(process.env.E2E_PORT ?? 3100);

export const STRIPE_APP_PORT = Number(process.env.E2E_STRIPE_PORT ?? appPort + 2);
export const FAKE_STRIPE_PORT = Number(process.env.E2E_FAKE_STRIPE_PORT ?? appPort + 3);
export const STRIPE_APP_URL = `http://127.0.0.1:${STRIPE_APP_PORT}`;
export const FAKE_STRIPE_URL = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;
/** Where the app loads Stripe.js from (the fake's /v3/). */
export const FAKE_STRIPE_JS_URL = `${FAKE_STRIPE_URL}/v3/`;

export const STRIPE_TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_fake_medallion_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_medallion_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_fake_medallion_e2e',
} as const;
