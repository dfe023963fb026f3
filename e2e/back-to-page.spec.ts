import type { APIRequestContext, Page } from '@playwright/test';
import {
  chooseLanguage,
  codeFor,
  expect,
  hydrated,
  openSettled,
  test,
  WIDTH_LANG_PAIRS,
  appText as tx,
  signInAtLocalProvider,
  type Fixtures,
  type Lang,
} from './fixtures';
import { APP_PORT } from './env';

/*
 * Issue #21, back to where you were: every way into /login comes back to its page after signing in,
 * signing up (with the e-mailed code) or a social sign-in; a target of another site ends on our dashboard.
 */

const PASSWORD = 'Return2024';
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A confirmed account made through the API in a request context of its own (the page stays signed out). */
async function freshAccount(request: APIRequestContext, newAccount: Fixtures['newAccount'], prefix: string) {
  const { email } = await newAccount(request, { prefix, name: 'Rita Return', password: PASSWORD });
  await request.post('/api/auth/sign-out');
  return email;
}

/** Fills /login's sign-in card. */
async function signInWithForm(page: Page, lang: Lang, email: string, password = PASSWORD) {
  const form = page.getByRole('form', { name: tx(lang, 'auth', 'signIn.title') });
  await form.getByLabel(tx(lang, 'auth', 'fields.email')).fill(email);
  await form.getByLabel(tx(lang, 'auth', 'fields.password'), { exact: true }).fill(password);
  await form.getByRole('button', { name: tx(lang, 'auth', 'signIn.submit'), exact: true }).click();
}

async function open(page: Page, lang: Lang, path: string) {
  await chooseLanguage(page, lang);
  await openSettled(page, path);
}

/** The newest listing for sale (demo data only, so no parallel test takes it off the marketplace): never the fresh account's. */
async function aListing(page: Page): Promise<string> {
  const listings = (await (await page.request.get('/api/listing-all?deal_type=sale&page_size=1')).json()) as { data: { listings: { listing_id: string }[] } };
  return listings.data.listings[0]!.listing_id;
}

for (const [width, lang] of WIDTH_LANG_PAIRS) {
  test.describe(`back to where you were at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test(`Buy now → sign in → the product waits in the cart (${lang})`, async ({ page, request, newAccount }) => {
      const email = await freshAccount(request, newAccount, 'buy');
      await open(page, lang, '/shop');
      // A card below the first screen: the sign-in comes back with that product, not the first one.
      const cards = page.getByTestId('product-card');
      const card = cards.nth(Math.min(4, (await cards.count()) - 1));
      const anchor = await card.getAttribute('id');
      expect(anchor).toMatch(/^product-/);
      const title = (await card.getByRole('heading').first().textContent())!.trim();
      await card.getByRole('button', { name: tx(lang, 'shop', 'buyNow') }).click();
      const productId = anchor!.slice('product-'.length);
      await expect(page).toHaveURL(/\/login\?redirect=/);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/shop?buy=${productId}#${anchor}`);
      await signInWithForm(page, lang, email);
      // Issue #30: the product the guest chose is in the cart after sign-in (it used to be forgotten).
      await expect(page).toHaveURL('/cart');
      const line = page.locator('[data-testid="cart-item"]');
      await expect(line).toHaveCount(1);
      await expect(line).toContainText(title);
    });

    test(`a listing's message link → sign in → back on the listing (${lang})`, async ({ page, request, newAccount }) => {
      const email = await freshAccount(request, newAccount, 'msg-back');
      const id = await aListing(page);
      await open(page, lang, `/listing/${id}`);
      await page.getByRole('link', { name: tx(lang, 'conversations', 'owner.signIn') }).click();
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/listing/${id}`)}`);
      await signInWithForm(page, lang, email);
      await expect(page).toHaveURL(`/listing/${id}`);
      // Signed in, the page offers the message form in place of the sign-in link.
      await expect(page.getByLabel(tx(lang, 'conversations', 'owner.label'))).toBeVisible();
    });

    test("the header's Sign in → sign up → confirm code → back on the page", async ({ page, request, deleteAfterTest }) => {
      const email = unique('signup-back');
      deleteAfterTest({ email, password: PASSWORD });
      await open(page, lang, '/steps?step=8');
      const scope = width < 768 ? page.locator('#mobile-menu') : page.getByRole('banner');
      if (width < 768) await page.getByRole('button', { name: tx(lang, 'common', 'nav.openMenu') }).click();
      await scope.getByRole('link', { name: tx(lang, 'common', 'nav.signIn'), exact: true }).click();
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/steps?step=8')}`);
      await hydrated(page);
      await page.getByRole('button', { name: tx(lang, 'auth', 'signIn.signUp') }).click();
      const form = page.getByRole('form', { name: tx(lang, 'auth', 'signUp.title') });
      await form.getByLabel(tx(lang, 'auth', 'fields.name')).fill('Rita Return');
      await form.getByLabel(tx(lang, 'auth', 'fields.email')).fill(email);
      await form.getByLabel(tx(lang, 'auth', 'fields.password'), { exact: true }).fill(PASSWORD);
      await form.getByRole('button', { name: tx(lang, 'auth', 'signUp.submit'), exact: true }).click();
      const confirm = page.getByRole('form', { name: tx(lang, 'auth', 'confirm.title') });
      await confirm.getByLabel(tx(lang, 'auth', 'fields.code')).fill(await codeFor(request, email));
      await confirm.getByRole('button', { name: tx(lang, 'auth', 'confirm.submit'), exact: true }).click();
      await expect(page).toHaveURL('/steps?step=8');
      if (width < 768) await page.getByRole('button', { name: tx(lang, 'common', 'nav.openMenu') }).click();
      await expect(scope.getByRole('link', { name: tx(lang, 'common', 'nav.dashboard') })).toBeVisible();
    });

    test('a target of another site ends on our dashboard', async ({ page, request, newAccount }) => {
      const email = await freshAccount(request, newAccount, 'evil');
      const origin = `http://127.0.0.1:${APP_PORT}`;
      for (const evil of ['https://evil.example', '//evil.example', '/%2F%2Fevil.example', '/\\evil.example']) {
        await page.context().clearCookies({ name: 'medallion.session_token' });
        await open(page, 'en', `/login?redirect=${encodeURIComponent(evil)}`);
        await signInWithForm(page, 'en', email);
        await expect(page).toHaveURL(`${origin}/dashboard`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      }
      // Signed in already, the server sends /login on at once: to the dashboard, not elsewhere.
      for (const evil of ['https://evil.example', '//evil.example']) {
        const response = await page.goto(`/login?redirect=${encodeURIComponent(evil)}`);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveURL(`${origin}/dashboard`);
      }
    });
  });
}

test('social sign-in comes back to the page it started from', async ({ page }) => {
  await open(page, 'en', '/login?redirect=%2Fshop');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInAtLocalProvider(page);
  // Through /auth and back on /shop, signed in.
  await expect(page).toHaveURL('/shop', { timeout: 15_000 });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
});
