import type { Locator, Page } from '@playwright/test';
import { appText, chooseLanguage, expect, nyDay, PUBLIC_ROUTES, resolvePath, test, type Lang } from './fixtures';

/**
 * Issue #31, decision 0014: no tap is lost. A phone throttled like Lighthouse's mobile preset (150 ms
 * round trip, 1.6 Mbps down, 750 Kbps up, a CPU 4x slower) at 375 px opens a public page and taps a
 * control as soon as it is visible, without waiting for the app to hydrate (the page's scripts are held
 * until that first tap, so it lands before hydration however fast the machine); what the tap does must
 * happen (at once for what works without the app, when the app has started for what needs it), and
 * no native control is left out of step with the app (a second tap still works).
 */

const PHONE = { width: 375, height: 740 };
/** Taps land while the page is still loading on a slow phone; the app may start seconds later on a busy machine. */
const SLOW = { timeout: 45_000 };

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 180_000 });

/** Lighthouse's mobile throttling through the DevTools protocol (the page's own network and CPU). */
async function throttleLikeLighthouseMobile(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Whether React has taken over the page yet (for the report: a tap before that is the case under test). */
async function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const first = document.querySelector('#root *');
    return first !== null && Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** Lets the page's scripts load (see open()). */
const releases = new WeakMap<Page, () => void>();

/** Clicks as soon as the control is visible, notes whether the app had hydrated by then, and lets the app load. */
async function tapNow(page: Page, control: Locator, what: string, { release = true } = {}) {
  await control.click(SLOW);
  tapped(page, what, await isHydrated(page), release);
}

function tapped(page: Page, what: string, hydrated: boolean, release = true) {
  const description = `${what}: ${hydrated ? 'after' : 'before'} hydration`;
  test.info().annotations.push({ type: 'tap', description });
  console.log(`${test.info().title}: ${description}`);
  if (release) releases.get(page)?.();
}

function t(lang: Lang, namespace: string, key: string, values: Record<string, string | number> = {}) {
  return appText(lang, namespace, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function open(page: Page, lang: Lang, path: string) {
  await chooseLanguage(page, lang);
  await throttleLikeLighthouseMobile(page);
  const target = await resolvePath(page, path);
  // TAPS_WITHOUT_CAPTURE=1: the page without its early-capture script, as before decision 0014 (to see this spec fail).
  if (process.env.TAPS_WITHOUT_CAPTURE) {
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script>\(function\(w,d\)[\s\S]*?<\/script>/, '');
      await route.fulfill({ response, body });
    });
  }
  // The page's scripts wait until the first tap (a slow phone's worst case, whatever the machine's
  // load): the tap is on the server's page, before the app could hydrate. The early-capture script is
  // in the HTML, not a request.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  releases.set(page, release);
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await held;
    await route.fallback();
  });
  // Only until the document has arrived: the test acts while its pictures and scripts still load.
  await page.goto(target, { waitUntil: 'commit', timeout: 60_000 });
}

async function listingIds(page: Page, query: string): Promise<string[]> {
  const res = await page.request.get(`/api/listing-all?${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { listings: { listing_id: string }[] } }).data.listings.map((l) => l.listing_id);
}

function cards(page: Page) {
  return page.getByTestId('listing-card');
}

for (const lang of ['en', 'ru'] as const) {
  test.describe(`taps before the app has loaded (${lang}, 375 px, throttled)`, () => {
    test('marketplace: Sort by sorts the list and names the sort in the URL', async ({ page }) => {
      const cheapest = (await listingIds(page, 'sort=price_asc&page_size=3'))[0]!;
      const newest = (await listingIds(page, 'page_size=3'))[0]!;
      expect(cheapest, 'the demo data sorts differently by price than by date').not.toBe(newest);
      await open(page, lang, '/marketplace');
      const sort = page.getByLabel(t(lang, 'listings', 'marketplace.sortLabel'), { exact: true });
      await sort.selectOption('price_asc', SLOW);
      tapped(page, 'sort', await isHydrated(page));
      await expect(page).toHaveURL(/[?&]sort=price_asc\b/, SLOW);
      await expect(cards(page).first().locator(`a[href="/listing/${cheapest}"]`).first()).toBeVisible(SLOW);
      await expect(sort).toHaveValue('price_asc');
      // Still in step: another sort applies too.
      await sort.selectOption('newest');
      await expect(page).not.toHaveURL(/[?&]sort=price_asc\b/, SLOW);
      await expect(cards(page).first().locator(`a[href="/listing/${newest}"]`).first()).toBeVisible(SLOW);
    });

    test('marketplace: Filters, Buy shows its price fields, and Search applies them', async ({ page }) => {
      await open(page, lang, '/marketplace');
      await tapNow(page, page.getByRole('button', { name: t(lang, 'listings', 'filters.open'), exact: true }), 'filters');
      const sheet = page.getByRole('dialog');
      await expect(sheet).toBeVisible(SLOW);
      const buy = sheet.getByRole('radio', { name: t(lang, 'listings', 'filters.dealTypes.sale'), exact: true });
      await sheet
        .locator('label')
        .filter({ has: page.getByRole('radio', { name: t(lang, 'listings', 'filters.dealTypes.sale'), exact: true }) })
        .click();
      await expect(buy).toBeChecked();
      const max = sheet.getByLabel(t(lang, 'listings', 'filters.max'), { exact: true });
      await expect(max).toBeVisible();
      await max.fill('9000000');
      await sheet.getByRole('button', { name: t(lang, 'listings', 'filters.search'), exact: true }).click();
      await expect(page).toHaveURL(/[?&]deal_type=sale\b/, SLOW);
      await expect(page).toHaveURL(/[?&]price_max=9000000\b/);
      await expect(cards(page).first()).toBeVisible(SLOW);
      for (const card of await cards(page).all()) await expect(card.getByTestId('for-sale')).toBeVisible();
    });

    test('marketplace at 1280 px: Buy in the side panel shows its price fields, and Search applies them', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await open(page, lang, '/marketplace');
      const panel = page.getByRole('form', { name: t(lang, 'listings', 'filters.title') });
      const buy = panel.getByRole('radio', { name: t(lang, 'listings', 'filters.dealTypes.sale'), exact: true });
      await tapNow(
        page,
        panel.locator('label').filter({ has: page.getByRole('radio', { name: t(lang, 'listings', 'filters.dealTypes.sale'), exact: true }) }),
        'buy',
      );
      await expect(buy).toBeChecked();
      const max = panel.getByLabel(t(lang, 'listings', 'filters.max'), { exact: true });
      await expect(max).toBeVisible(SLOW);
      await max.fill('9000000');
      await panel.getByRole('button', { name: t(lang, 'listings', 'filters.search'), exact: true }).click();
      await expect(page).toHaveURL(/[?&]deal_type=sale\b/, SLOW);
      await expect(page).toHaveURL(/[?&]price_max=9000000\b/);
      await expect(buy).toBeChecked();
      await expect(cards(page).first()).toBeVisible(SLOW);
      for (const card of await cards(page).all()) await expect(card.getByTestId('for-sale')).toBeVisible();
    });

    test('listing: the main picture opens the gallery', async ({ page }) => {
      await open(page, lang, '/listing/(newest)');
      const main = page.getByRole('button', { name: new RegExp(`^${t(lang, 'listings', 'detail.openGallery', { current: 1, total: '\\d+' })}$`) });
      await tapNow(page, main, 'gallery');
      const gallery = page.getByRole('dialog');
      await expect(gallery).toBeVisible(SLOW);
      await expect(gallery.getByRole('img').first()).toBeVisible();
    });

    test('listing, signed in: the rental request typed and sent before the app is sent with what was typed', async ({ page, newDriver }) => {
      expect(newDriver.email).toContain('@');
      const [listingId] = await listingIds(page, 'deal_type=rent&category=cars&page_size=1');
      expect(listingId, 'the demo data has a car for rent').toBeDefined();
      await open(page, lang, `/listing/${listingId}`);
      const form = page.getByRole('form', { name: t(lang, 'rentals', 'request.formLabel') });
      const field = (key: string) => form.getByLabel(t(lang, 'rentals', key), { exact: true });
      await field('request.license').fill('5123456', SLOW);
      const typedBeforeApp = !(await isHydrated(page));
      const weeks = String(Number(await field('request.weeks').getAttribute('min')) + 1);
      const typed = { start_date: nyDay(3), weeks, tlc_license_number: '5123456', tlc_license_expiry: nyDay(700), message: `No accidents, ${lang}.` };
      await field('request.startDate').fill(typed.start_date);
      await field('request.weeks').fill(typed.weeks);
      await field('request.licenseExpiry').fill(typed.tlc_license_expiry);
      await field('request.message').fill(typed.message);
      test.info().annotations.push({ type: 'typing', description: `began ${typedBeforeApp ? 'before' : 'after'} hydration` });
      await tapNow(page, form.getByRole('button', { name: t(lang, 'rentals', 'request.send'), exact: true }), 'send rental request');
      // What the driver sees: the request was sent (the form gives way to its confirmation) …
      await expect(page.getByRole('status').filter({ hasText: t(lang, 'rentals', 'request.sent') })).toBeVisible(SLOW);
      // … and the request holds what was typed.
      const mine = (await (await page.request.get('/api/rentals/mine')).json()) as {
        data: {
          requests: {
            listing_id: string;
            role: string;
            start_date: string;
            weeks: number;
            tlc_license_number: string;
            tlc_license_expiry: string;
            message: string;
          }[];
        };
      };
      const request = mine.data.requests.find((r) => r.listing_id === listingId && r.role === 'driver');
      expect(request).toMatchObject({ ...typed, weeks: Number(typed.weeks) });
    });

    test('listing, signed in: a message to the owner typed and sent before the app is sent', async ({ page, newDriver }) => {
      expect(newDriver.email).toContain('@');
      const [listingId] = await listingIds(page, 'deal_type=rent&category=cars&page_size=1');
      await open(page, lang, `/listing/${listingId}`);
      const section = page.getByRole('region', { name: t(lang, 'conversations', 'owner.title') });
      const body = `Is the car free next week? (${lang})`;
      await section.getByLabel(t(lang, 'conversations', 'owner.label'), { exact: true }).fill(body, SLOW);
      await tapNow(page, section.getByRole('button', { name: t(lang, 'conversations', 'owner.send'), exact: true }), 'send to the owner');
      await expect(section.getByRole('status').filter({ hasText: t(lang, 'conversations', 'owner.sent') })).toBeVisible(SLOW);
    });

    test('listing, signed in: the heart tapped before the app saves the listing', async ({ page, newDriver }) => {
      expect(newDriver.email).toContain('@');
      const [listingId] = await listingIds(page, 'deal_type=rent&category=cars&page_size=1');
      await open(page, lang, `/listing/${listingId}`);
      await tapNow(page, page.getByRole('button', { name: t(lang, 'listings', 'saved.save'), exact: true }), 'save');
      const saved = page.getByRole('button', { name: t(lang, 'listings', 'saved.remove'), exact: true });
      await expect(saved).toHaveAttribute('aria-pressed', 'true', SLOW);
      // In step: tapped again, it is removed.
      await saved.click();
      await expect(page.getByRole('button', { name: t(lang, 'listings', 'saved.save'), exact: true })).toHaveAttribute('aria-pressed', 'false', SLOW);
    });

    test('exam: Start, then the first answer is chosen', async ({ page }) => {
      await open(page, lang, '/exam');
      const intro = page.getByRole('dialog', { name: t(lang, 'exam', 'intro.title') });
      await tapNow(page, intro.getByRole('button', { name: t(lang, 'exam', 'intro.start'), exact: true }), 'exam start', { release: false });
      await expect(intro).toBeHidden(SLOW);
      const answers = page.getByRole('radiogroup').first().getByRole('radio');
      const first = answers.first();
      await tapNow(page, first, 'first answer');
      await expect(first).toBeChecked();
      // What the app shows for a chosen answer (its card drawn as chosen), once the app runs.
      await expect(page.locator('label[data-result="chosen"]')).toHaveCount(1, SLOW);
      await expect(page.locator('label[data-result="chosen"]').getByRole('radio')).toBeChecked();
      // In step: the second answer can be chosen in turn.
      await answers.nth(1).click();
      await expect(answers.nth(1)).toBeChecked();
      await expect(page.locator('label[data-result="chosen"]').getByRole('radio')).toHaveAttribute('value', (await answers.nth(1).getAttribute('value'))!);
    });

    test('shop: Add to cart counts in the header', async ({ page, newDriver }) => {
      expect(newDriver.email).toContain('@');
      await open(page, lang, '/shop');
      const add = page.getByRole('button', { name: t(lang, 'shop', 'addToCart'), exact: true }).first();
      await tapNow(page, add, 'add to cart');
      const [before, after] = t(lang, 'shop', 'added').split('{{title}}') as [string, string];
      await expect(page.getByText(new RegExp(`^${escape(before)}.+${escape(after)}$`))).toBeVisible(SLOW);
      // On a phone the header's cart is in the menu.
      await page.getByRole('button', { name: t(lang, 'common', 'nav.openMenu'), exact: true }).click();
      await expect(page.locator('#mobile-menu').getByRole('link', { name: t(lang, 'common', 'nav.cart_one', { count: 1 }), exact: true })).toBeVisible();
    });

    test('steps: Next goes to step 2', async ({ page }) => {
      await open(page, lang, '/steps');
      await tapNow(page, page.getByRole('link', { name: t(lang, 'steps', 'next'), exact: true }).first(), 'steps next');
      await expect(page).toHaveURL(/\/steps\?step=2$/, SLOW);
    });

    test('every public route: the menu button opens the menu', async ({ page }) => {
      test.setTimeout(360_000);
      for (const path of PUBLIC_ROUTES) {
        await open(page, lang, path);
        await tapNow(page, page.getByRole('button', { name: t(lang, 'common', 'nav.openMenu'), exact: true }), `menu on ${path}`);
        await expect(page.locator('#mobile-menu'), path).toBeVisible(SLOW);
      }
    });
  });
}

/**
 * The sweep: every control the server draws on a public route either works without the app (a link, a
 * real form's submit, the button of a <form method="dialog">) or is one the early-capture script keeps
 * (decision 0014): any other button, select, input or textarea in #root, which it records before the app
 * has hydrated and replays after. Checked on the server's HTML before any script runs.
 */
test('sweep: every control on a public route works before the app or is captured', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    for (const path of PUBLIC_ROUTES) {
      await page.goto(await resolvePath(page, path));
      const inline = await page.locator('head script:not([src]):not([type])').allTextContents();
      expect(
        inline.some((text) => text.includes('__medallionReplay')),
        `${path}: the early-capture script is in the head`,
      ).toBe(true);
      const kinds = await page.locator('#root').evaluate((root) => {
        const seen: Record<string, number> = {};
        for (const el of Array.from(root.querySelectorAll('a[href], button, select, input, textarea, [data-tap]'))) {
          let kind: string;
          if (el instanceof HTMLAnchorElement) kind = 'link';
          else if (el instanceof HTMLButtonElement && el.form?.method === 'dialog') kind = 'dialog form';
          else if (el instanceof HTMLButtonElement && el.type === 'submit' && el.form?.hasAttribute('action')) kind = 'real form';
          else if (el instanceof HTMLInputElement && el.type === 'hidden') kind = 'hidden';
          else kind = `captured ${el.tagName.toLowerCase()}`;
          seen[kind] = (seen[kind] ?? 0) + 1;
        }
        return seen;
      });
      test.info().annotations.push({ type: 'controls', description: `${path}: ${JSON.stringify(kinds)}` });
      expect(Object.keys(kinds).length, `${path} has controls`).toBeGreaterThan(0);
    }
  } finally {
    await context.close();
  }
});
