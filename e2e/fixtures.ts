import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { APP_ROUTE_PATTERNS } from '@medallion/contracts/site';
import { DRIVER, STAFF } from '../test-support/demo-accounts';
import { RENTAL_LABEL_FIELDS } from '../test-support/rental-label';
import { APP_PORT, OIDC_PORT } from './env';

export const WIDTHS = [375, 1280] as const;

/**
 * Each width once and each language once across a flow's runs: 375 px in Russian (the longest words on
 * the narrowest screen) and 1280 px in English. For flows whose steps do not change with the width or the
 * language (what they check is the server's and the app's behavior); what a user sees at a width in a
 * language (layout, text that must fit, a map) runs every pair (WIDTHS × en, ru), and the page sweep
 * opens every page in every pair.
 */
export const WIDTH_LANG_PAIRS = [
  [375, 'ru'],
  [1280, 'en'],
] as const satisfies readonly (readonly [number, 'en' | 'ru'])[];

/** Stands for the newest active listing's page in the route lists below (openSettled and openInEnglish find its id). */
export const A_LISTING = '/listing/(newest)';

/**
 * The product's routes; the listing route is A_LISTING, a listing that exists (the server answers a
 * missing listing's page with status 404, as it does an unknown address).
 */
export const ROUTES = APP_ROUTE_PATTERNS.map((p) => (p === '/listing/:listingId' ? A_LISTING : p));

export { DRIVER, STAFF };

export type Lang = 'en' | 'ru';

/** The app's own text by language, namespace and dotted key (apps/web/src/locales), placeholders left as they are. */
export function appText(lang: Lang, namespace: string, key: string): string {
  let value: unknown = JSON.parse(readFileSync(join(process.cwd(), 'apps/web/src/locales', lang, `${namespace}.json`), 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`no text ${lang}/${namespace}:${key}`);
  return value;
}

/** The public routes of issue #14 (first-load budget, no layout shift). */
export const PUBLIC_ROUTES = ['/', '/marketplace', A_LISTING, '/shop', '/exam', '/steps'];

/** What a signed-in walk visits: the demo driver's pages, and the staff console. */
export const SIGNED_IN_PAGES = [
  {
    account: DRIVER,
    paths: [
      ...ROUTES.filter((r) => !r.startsWith('/listing/') && r !== '/auth' && r !== '/success-setup-intent'),
      A_LISTING,
      '/dashboard?tab=security',
      '/dashboard?tab=ads',
      '/dashboard?tab=saved',
      '/dashboard?tab=orders',
      '/dashboard?tab=messages',
      '/no-such-page',
    ],
  },
  { account: STAFF, paths: ['/admin', '/admin/listings', '/admin/reports', '/admin/exam', '/admin/products', '/admin/orders'] },
];

/** A path of the route lists, with A_LISTING replaced by the page of the newest listing for sale (demo data only: no parallel test sends it back to review). */
export async function resolvePath(page: Page, path: string): Promise<string> {
  if (path !== A_LISTING) return path;
  const listings = (await (await page.request.get('/api/listing-all?deal_type=sale&page_size=1')).json()) as { data: { listings: { listing_id: string }[] } };
  return `/listing/${listings.data.listings[0]!.listing_id}`;
}

/**
 * Opens a path (A_LISTING: the newest listing) and waits until it has settled: its main heading or an
 * intro dialog is shown, nothing is still loading (no aria-busy region) and the web font has loaded.
 * Returns the document's response.
 */
export async function openSettled(page: Page, path: string) {
  const response = await page.goto(await resolvePath(page, path));
  const content = page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first();
  await expect(content).toBeVisible();
  // Parts of a page (a tab's texts, a lazy section) may still be arriving and replace it for a moment:
  // settled means nothing is loading any more and the page's content is (still) there.
  await page.waitForLoadState('networkidle');
  await expect(content).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await hydrated(page);
  await fontsLoaded(page);
  return response;
}

/**
 * Waits until the browser has taken over the page the server rendered (hydration). The server's
 * markup is on screen first, links and all, but until React has hydrated it a click on a button or a
 * tab does nothing (it is lost, not queued): a test acting on a page it just opened or reloaded waits
 * for this. Hydrated, every element in #root belongs to React (also on a page rendered in the browser).
 */
export async function hydrated(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const elements = Array.from(document.querySelectorAll('#root *'));
        return elements.length > 0 && elements.every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
      }),
    )
    .toBe(true);
}

/**
 * Waits for the web font (Inter, loaded with font-display: swap). Until it is there the text is drawn in
 * a fallback font of other widths, so a layout measured earlier can overflow for a moment on a busy machine.
 */
export async function fontsLoaded(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

/**
 * A visitor who chose a language earlier with the switch: the cookie the server renders the pages by,
 * and the browser's remembered choice. (A choice remembered only in localStorage, from before the
 * cookie, still works, but its first page is rendered in the browser's language and switches after
 * hydration, replacing parts of the page: a test would race that.)
 */
export async function chooseLanguage(page: Page, language: 'en' | 'ru') {
  await page.context().addCookies([{ name: 'medallion.language', value: language, url: `http://127.0.0.1:${APP_PORT}` }]);
  await page.addInitScript((lng) => localStorage.setItem('medallion.language', lng), language);
}

/** Opens a page (A_LISTING: the newest listing) in English (the language is remembered per browser) and waits for its content. */
export async function openInEnglish(page: Page, path: string) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('medallion.language')) localStorage.setItem('medallion.language', 'en');
  });
  const response = await page.goto(await resolvePath(page, path));
  // The page has its content: its main heading, or an intro dialog over it (the exam's
  // "Before you start", which hides the rest of the page from assistive technology until Start).
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first()).toBeVisible();
  // The server's markup shows before its buttons work: the test acts on the page next.
  await hydrated(page);
  return response;
}

export async function openMobileMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * On the local OpenID provider's pages (e2e/oidc-server.ts, standing in for Google) after "Continue with
 * Google": signs in as its test user and allows access; the provider then sends the browser back to /auth.
 */
export async function signInAtLocalProvider(page: Page, login = 'social.driver@example.com') {
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${OIDC_PORT}/interaction/`));
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The newest 6-digit code the dev mailbox holds for this address (polled until it is there). */
export async function codeFor(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const { data } = (await (await request.get('/api/dev/mail')).json()) as { data: { to: string; text: string }[] };
        code = data.find((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { message: `a code for ${email}` },
    )
    .toBeDefined();
  return code!;
}

/**
 * A fresh account, confirmed with the code from the dev mailbox and signed in (the cookies of the page,
 * or of the request context given); returns its e-mail.
 */
async function signUpConfirmed(request: APIRequestContext, who: AccountProfile): Promise<string> {
  const email = `${who.prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  expect((await request.post('/api/auth/sign-up', { data: { name: who.name, email, password: who.password } })).status()).toBe(200);
  const code = await codeFor(request, email);
  expect((await request.post('/api/auth/confirm-sign-up', { data: { email, code } })).status()).toBe(200);
  return email;
}

/**
 * Deletes an account a test made, through the API as its owner would (DELETE /api/users with the
 * password), in a request context of its own: the test's page may be signed in as someone else by then.
 * An account the test deleted itself is already gone (sign-in answers 401): nothing is left to remove.
 */
async function deleteAccount(request: APIRequest, baseURL: string | undefined, account: { email: string; password: string }) {
  const context = await request.newContext({ baseURL });
  try {
    const signedIn = await context.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } });
    if (signedIn.status() === 401) return;
    expect(signedIn.status(), `sign-in of ${account.email} to delete it`).toBe(200);
    expect((await context.delete('/api/users', { data: { password: account.password } })).status(), `deleting ${account.email}`).toBe(200);
  } finally {
    await context.dispose();
  }
}

/** Who a fresh account is: its e-mail's prefix (a unique suffix is added), name and password. */
export interface AccountProfile {
  prefix: string;
  name: string;
  password: string;
}

/** A fresh account of a test: its e-mail (unique), name and password. */
export interface Account {
  email: string;
  name: string;
  password: string;
}

export interface Fixtures {
  /** Who `newDriver` (and `newAccount` by default) is; a spec sets it with `test.use({ driverProfile })`. */
  driverProfile: AccountProfile;
  /**
   * Makes a fresh account, confirmed and signed in on the given page (the test's page unless another
   * is passed) or request context (Playwright's `request`: the page stays signed out), optionally with
   * another profile. Every account made this way is deleted after the test, so its listings, orders
   * and cards never show up in another test.
   */
  newAccount: (on?: Page | APIRequestContext, who?: Partial<AccountProfile>) => Promise<Account>;
  /** Deletes an account the test made itself (through the sign-up form, say) after the test, as newAccount does. */
  deleteAfterTest: (account: { email: string; password: string }) => void;
  /** A fresh driver account, signed in on the test's page; deleted after the test. */
  newDriver: Account;
  /** The test's page, signed in as the demo driver. */
  driverPage: Page;
  /** The test's page, signed in as the demo staff member. */
  staffPage: Page;
  /** A request context of its own (not the page's), signed in as the demo staff member; disposed after the test. */
  staffRequest: APIRequestContext;
}

/** Playwright's test with the accounts above as fixtures. */
export const test = base.extend<Fixtures>({
  driverProfile: [{ prefix: 'driver', name: 'Dana Driver', password: 'Driver2025x' }, { option: true }],
  deleteAfterTest: async ({ playwright, baseURL }, use) => {
    const accounts: { email: string; password: string }[] = [];
    await use((account) => void accounts.push(account));
    for (const account of accounts) await deleteAccount(playwright.request, baseURL, account);
  },
  newAccount: async ({ page, driverProfile, deleteAfterTest }, use) => {
    await use(async (on = page, who = {}) => {
      const profile = { ...driverProfile, ...who };
      const request = 'request' in on ? on.request : on;
      const account = { email: await signUpConfirmed(request, profile), name: profile.name, password: profile.password };
      deleteAfterTest(account);
      return account;
    });
  },
  newDriver: async ({ newAccount }, use) => {
    await use(await newAccount());
  },
  driverPage: async ({ page }, use) => {
    await signIn(page, DRIVER);
    await use(page);
  },
  staffPage: async ({ page }, use) => {
    await signIn(page, STAFF);
    await use(page);
  },
  staffRequest: async ({ playwright, baseURL }, use) => {
    const staff = await playwright.request.newContext({ baseURL });
    expect((await staff.post('/api/auth/sign-in', { data: STAFF })).status()).toBe(200);
    await use(staff);
    await staff.dispose();
  },
});

export { expect };

/** Fills and saves the sandbox "Add a card" dialog (already open) with a Stripe test card number. */
export async function saveSandboxCard(page: Page, number = '4242 4242 4242 4242') {
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Month (MM)').fill('12');
  await dialog.getByLabel('Year (YYYY)').fill(String(new Date().getFullYear() + 3));
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Save card' }).click();
}

/** Saves the sandbox card 4242 through the API (no dialog); returns its payment method id. */
export async function saveCardByApi(page: Page): Promise<string> {
  const setup = (await (await page.request.post('/api/payments/create-setup-intent')).json()) as { data: { 'client-secret': string } };
  const card = await page.request.post('/api/payments/sandbox/confirm-setup', {
    data: { 'client-secret': setup.data['client-secret'], number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
  });
  expect(card.status()).toBe(200);
  return ((await card.json()) as { data: { id: string } }).data.id;
}

/** Buys exam access for the signed-in account through the API (sandbox card 4242, full price, $20). */
export async function buyExamAccessByApi(page: Page, tag = 'exam'): Promise<void> {
  const paymentMethodId = await saveCardByApi(page);
  const paid = await page.request.post('/api/payments/create-payment-intent', {
    data: {
      'user-pm': paymentMethodId,
      'payment-amount': 2000,
      'transaction-type': 'exam',
      'original-amount': 2000,
      'discount-amount': 0,
      'transaction-id': `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** Signs this page's browser context in through the API (signing out whoever was signed in). */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.request.post('/api/auth/sign-out').catch(() => undefined);
  expect((await page.request.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } })).status()).toBe(200);
}

/** No axe violations on the page as it is now (toasts, still fading in while axe measures them, are checked elsewhere). */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Serious or critical axe problems inside one part of the page (toasts left out: they fade in while axe measures). */
export async function axeProblems(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).exclude('[data-sonner-toaster]').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How far the page scrolls sideways (0: nothing is wider than the window). */
export const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A second person's page, in a browser context of its own (axe works only on pages of a context made by the test). */
export async function otherPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return context.newPage();
}

/** With SHOTS_DIR set (a developer looking at the screens), a full-page screenshot there. */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** YYYY-MM-DD `days` from today in New York. */
export function nyDay(days: number): string {
  const now = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/New_York' }));
  now.setDate(now.getDate() + days);
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A car for rent (Queens, $450 a week, with its cost label) saved as a draft by the account of `request`; its id. */
export async function saveRentalCarDraft(request: APIRequestContext, title: string): Promise<string> {
  const step1 = await request.post('/api/listing/save-draft', {
    data: { step: 1, category: 'cars', location: { city: 'Queens', state: 'NY', zip_code: '11101' } },
  });
  expect(step1.status(), await step1.text()).toBe(200);
  const id = ((await step1.json()) as { data: { data: { listing_id: string } } }).data.data.listing_id;
  const step2 = await request.post('/api/listing/save-draft', {
    data: {
      step: 2,
      listing_id: id,
      category: 'cars',
      title,
      listing_price: 450,
      deal_type: 'rent',
      payment_period: 'weekly',
      make: 'Toyota',
      model: 'Camry',
      year: '2021',
      vin: '1HGCM82633A004352',
      images: [],
      ...RENTAL_LABEL_FIELDS,
    },
  });
  expect(step2.status(), await step2.text()).toBe(200);
  return id;
}
