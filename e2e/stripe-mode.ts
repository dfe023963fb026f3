// The Stripe-mode app server of the e2e suite (a second app with Stripe keys, talking to a local
// fake of Stripe): its URLs and keys, shared by playwright.config.ts and payments-stripe.spec.ts.
// The ports come from the run's environment (e2e/env.ts), so they are the same in the runner and in
// every worker.
import { FAKE_STRIPE_PORT, STRIPE_APP_PORT } from './env';

export { FAKE_STRIPE_PORT, STRIPE_APP_PORT };
export const STRIPE_APP_URL = `http://127.0.0.1:${STRIPE_APP_PORT}`;
export const FAKE_STRIPE_URL = `http://127.0.0.1:${FAKE_STRIPE_PORT}`;
/** Where the app loads Stripe.js from (the fake's /v3/). */
export const FAKE_STRIPE_JS_URL = `${FAKE_STRIPE_URL}/v3/`;

export const STRIPE_TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_fake_medallion_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_medallion_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_fake_medallion_e2e',
} as const;
