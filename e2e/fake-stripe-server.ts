// A local fake of Stripe for the Stripe-mode e2e tests (started by playwright.config.ts): Stripe's API
// for the app server (STRIPE_API_URL) and a fake Stripe.js for the browser (STRIPE_JS_URL = /v3/).
import { startFakeStripe } from '../test-support/fake-stripe';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 3198);

const stripe = await startFakeStripe({ port, publishableKey: process.env.STRIPE_PUBLISHABLE_KEY });
console.log(`fake Stripe at ${stripe.url} (Stripe.js at ${stripe.jsUrl})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void stripe.close().then(() => process.exit(0)));
}
