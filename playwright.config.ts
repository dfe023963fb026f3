import { defineConfig } from '@playwright/test';
// Imported first: it fixes the run's ports and data dirs in process.env before anything reads them.
import { APP_PORT, DATA_DIR, E2E_STAFF, OIDC_PORT, STRIPE_DATA_DIR } from './e2e/env';
import { FAKE_STRIPE_JS_URL, FAKE_STRIPE_PORT, FAKE_STRIPE_URL, STRIPE_APP_PORT, STRIPE_APP_URL, STRIPE_TEST_KEYS } from './e2e/stripe-mode';

const port = APP_PORT;
const dataDir = DATA_DIR;
const oidcPort = OIDC_PORT;
const stripeDataDir = STRIPE_DATA_DIR;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // On CI (2 cores shared by four servers and two browsers) a failed test runs once more and, if it
  // passes then, is reported as flaky in the summary; a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  // On CI also a JSON report, from which .ci/run prints the slowest tests (to see budgets getting tight).
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]] : [['list']],
  // Budgets, set from measured durations on this 2-core machine while shared with three other test runs
  // (load 12-21), with at least 2x margin: most tests take 3-25 s there and a few up to 34 s, so the
  // default is 90 s; slower ones set their own (the 80-question exam, checkouts, listing flows). A page
  // can take over 7 s to show its content under that load, so assertions wait up to 15 s (a passing test
  // never waits longer than it needs). `node scripts/e2e-timings.mjs` lists the slowest tests of a run.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    // The app scrolls smoothly (`scroll-behavior: smooth`) unless the user asks for reduced motion. A
    // test clicking while a smooth scroll still moves the page waits for the element to stop (or races
    // it on a busy machine), so the suite runs as a reduced-motion user; home.spec.ts checks the smooth
    // scroll itself with 'no-preference'.
    reducedMotion: 'reduce',
    // A trace of a failure, with DOM snapshots but without the screencast (the snapshots show the page at
    // each step). On CI only the retry of a failed test records one: recording every test (to keep the
    // failures') took a fifth of the suite's CPU, in the browser and the workers. Locally, where a failure
    // is not retried, every test records and the failures' traces are kept.
    trace: { mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: [
    {
      // A local OpenID provider standing in for Google in the social sign-in test.
      command: 'npx tsx e2e/oidc-server.ts',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OIDC_PORT: String(oidcPort), APP_URL: `http://127.0.0.1:${port}` },
    },
    // The built app, started the way `npm start` starts it, on an empty data dir.
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        CONTACT_RATE_LIMIT_MAX: '1000',
        AUTH_RATE_LIMIT_MAX: '1000',
        GOOGLE_CLIENT_ID: 'medallion-e2e',
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
        // A staff account besides the demo one, which must use two-step sign-in (two-factor.spec.ts).
        STAFF_EMAIL: E2E_STAFF.email,
        STAFF_PASSWORD: E2E_STAFF.password,
        // The rental journey's days go by through the test hooks (apps/api/src/modules/test-hooks).
        TEST_HOOKS: 'true',
      },
    },
    // A local fake of Stripe: its API for the Stripe-mode app, and a fake Stripe.js for the browser.
    {
      command: 'npx tsx e2e/fake-stripe-server.ts',
      url: `${FAKE_STRIPE_URL}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_STRIPE_PORT: String(FAKE_STRIPE_PORT), STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.STRIPE_PUBLISHABLE_KEY },
    },
    // The same build in Stripe mode (payments-stripe.spec.ts). It starts after the first server, which
    // has just built the app, so it runs the build directly (never a second, concurrent build), and
    // without demo data (its tests make their own accounts), which halves its start-up time.
    {
      command: 'node --enable-source-maps apps/api/dist/server.js',
      url: `${STRIPE_APP_URL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(STRIPE_APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: stripeDataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: STRIPE_APP_URL,
        AUTH_RATE_LIMIT_MAX: '1000',
        SEED_DEMO_DATA: 'false',
        ...STRIPE_TEST_KEYS,
        STRIPE_API_URL: FAKE_STRIPE_URL,
        STRIPE_JS_URL: FAKE_STRIPE_JS_URL,
        // rentals-stripe.spec.ts: a staff account (it sets up two-step sign-in through the API) and the
        // rental test hooks, allowed because STRIPE_API_URL is the local fake (decision 0016).
        STAFF_EMAIL: E2E_STAFF.email,
        STAFF_PASSWORD: E2E_STAFF.password,
        TEST_HOOKS: 'true',
      },
    },
  ],
});
