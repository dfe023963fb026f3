// The e2e run's ports and data dirs, chosen once and shared through the environment.
//
// Playwright evaluates playwright.config.ts (and so this module) in the runner and again in every
// worker process. Anything chosen at random here would differ between them, so the runner chooses
// once and writes the choice to process.env, which the workers inherit. scripts/e2e.mjs (`npm test`)
// already sets the ports before starting Playwright; a bare `npx playwright test` gets them here.
// Fixed ports (E2E_PORT=3100 …) still work when set by hand.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PORT_VARS = ['E2E_PORT', 'E2E_OIDC_PORT', 'E2E_STRIPE_PORT', 'E2E_FAKE_STRIPE_PORT'] as const;

const missing = PORT_VARS.filter((name) => !process.env[name]);
if (missing.length > 0) {
  // Synchronous on purpose: the config and the specs import these values as plain constants.
  const out = execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/free-ports.mjs', import.meta.url)), String(missing.length)], {
    encoding: 'utf8',
  });
  const ports = out.trim().split(/\s+/);
  missing.forEach((name, i) => (process.env[name] = ports[i]));
}
for (const [name, prefix] of [
  ['E2E_DATA_DIR', 'medallion-e2e-'],
  ['E2E_STRIPE_DATA_DIR', 'medallion-e2e-stripe-'],
] as const) {
  process.env[name] ||= mkdtempSync(join(tmpdir(), prefix));
}

/** The demo app (`npm start` on an empty data dir). */
export const APP_PORT = Number(process.env.E2E_PORT);
/** The local OpenID provider standing in for Google. */
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT);
/** The second app, in Stripe mode. */
export const STRIPE_APP_PORT = Number(process.env.E2E_STRIPE_PORT);
/** The local fake of Stripe's API and Stripe.js. */
export const FAKE_STRIPE_PORT = Number(process.env.E2E_FAKE_STRIPE_PORT);
export const DATA_DIR = process.env.E2E_DATA_DIR!;
export const STRIPE_DATA_DIR = process.env.E2E_STRIPE_DATA_DIR!;

/**
 * The staff account the e2e app makes from STAFF_EMAIL/STAFF_PASSWORD: unlike the demo staff account it
 * must use two-step sign-in (two-factor.spec.ts).
 */
export const E2E_STAFF = { email: 'ops-e2e@medallion.test', password: 'OpsStaff2025' } as const;
