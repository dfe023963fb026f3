import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Product } from '@medallion/contracts/shop';
import { chooseLanguage, expect, expectAccessible, hydrated, saveCardByApi, test, appText as tx, WIDTH_LANG_PAIRS } from './fixtures';
import { RENTAL_LABEL_FIELDS } from '../test-support/rental-label';

/*
 * Issue #16, checkouts: the card is preselected in all three checkouts (the only card, or the last
 * used), the shipping form starts from the last order and takes a US state from a list, each error
 * shows once; toasts never cover the header or the photo viewer's controls; the picture picker
 * refuses a non-picture at once.
 */

test.use({ driverProfile: { prefix: 'checkout', name: 'Casey Checkout', password: 'Checkout2024' } });

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens a signed-in page in the given language and waits until it works (hydrated, heading shown). */
async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await hydrated(page);
}

/** A complete plates draft of the signed-in user (step 1 and step 2 through the API), ready for its fee. */
async function plateDraft(page: Page): Promise<string> {
  const one = await page.request.post('/api/listing/save-draft', {
    data: {
      step: 1,
      category: 'plates',
      name: '',
      email: '',
      phone_number: '',
      location: JSON.stringify({ city: 'Brooklyn', state: 'NY', zip_code: '11201' }),
    },
  });
  expect(one.status(), await one.text()).toBe(200);
  const id = ((await one.json()) as { data: { data: { listing_id: string } } }).data.data.listing_id;
  const two = await page.request.post('/api/listing/save-draft', {
    data: {
      step: 2,
      listing_id: id,
      category: 'plates',
      title: 'Medallion plate T123456C',
      listing_price: '300',
      payment_period: 'weekly',
      ...RENTAL_LABEL_FIELDS,
      images: [],
    },
  });
  expect(two.status(), await two.text()).toBe(200);
  return id;
}

/** Puts the first product in stock into the signed-in user's cart (as Add to cart does). */
async function fillCart(page: Page) {
  const { data } = (await (await page.request.get('/api/products')).json()) as { data: { data: Product[] } };
  const product = data.data.find((p) => p.in_stock)!;
  const added = await page.request.post('/api/users/cart', { data: { 'product-id': product.product_id, quantity: 1, price: product.price } });
  expect(added.status()).toBe(200);
}

const ADDRESS = {
  full_name: 'Casey Checkout',
  address_one: '2150 Ocean Avenue',
  address_two: 'Apt 4',
  address_city: 'Brooklyn',
  address_state: 'NY',
  address_zip: '11229',
};

for (const [width, lang] of WIDTH_LANG_PAIRS) {
  test.describe(`checkouts at ${width}px in ${lang}`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('each checkout pays with the preselected card, without touching the selector', async ({ page, newDriver: _buyer }) => {
      test.setTimeout(180_000);
      await chooseLanguage(page, lang);
      const card = await saveCardByApi(page);
      const chosen = () => page.getByRole('radiogroup', { name: tx(lang, 'payments', 'choose') }).getByRole('radio', { name: /4242/ });

      // Exam access.
      await open(page, '/exam-checkout', tx(lang, 'exam', 'checkout.title'));
      await expect(chosen()).toBeChecked();
      await expectAccessible(page);
      await page.getByRole('button', { name: tx(lang, 'exam', 'checkout.submit'), exact: true }).click();
      await expect(page.getByRole('heading', { name: tx(lang, 'exam', 'checkout.successTitle') })).toBeVisible();

      // The listing fee.
      const listingId = await plateDraft(page);
      await open(page, `/checkout?listingId=${listingId}`, tx(lang, 'checkout', 'title'));
      await expect(chosen()).toBeChecked();
      await expectAccessible(page);
      const payPrefix = tx(lang, 'checkout', 'pay').replace('{{amount}}', '').trim();
      await page.getByRole('button', { name: new RegExp(`^${escape(payPrefix)}`) }).click();
      await expect(page.getByRole('heading', { name: tx(lang, 'checkout', 'success.title') })).toBeVisible();

      // The cart (the address typed: this buyer has no earlier order).
      await fillCart(page);
      await open(page, '/cart', tx(lang, 'shop', 'cart.title'));
      await expect(chosen()).toBeChecked();
      for (const [field, key] of [
        ['full_name', 'fullName'],
        ['address_one', 'addressOne'],
        ['address_city', 'city'],
        ['address_zip', 'zip'],
      ] as const) {
        await page.getByLabel(tx(lang, 'shop', `cart.shipping.${key}`), { exact: true }).fill(ADDRESS[field]);
      }
      await page.getByLabel(tx(lang, 'shop', 'cart.shipping.state'), { exact: true }).selectOption('NY');
      await expectAccessible(page);
      await page.getByRole('button', { name: tx(lang, 'shop', 'cart.pay'), exact: true }).click();
      await expect(page.getByRole('heading', { name: tx(lang, 'shop', 'cart.success.title') })).toBeVisible();

      // All three were paid with the one card.
      const { data } = (await (await page.request.get('/api/payments/payment-methods')).json()) as { data: { id: string }[]; default_id: string };
      expect(data.map((c) => c.id)).toEqual([card]);
    });

    test('the shipping form: a state list, each error once, and the second order starts from the first', async ({ page, newDriver: _buyer }) => {
      test.setTimeout(180_000);
      await chooseLanguage(page, lang);
      await saveCardByApi(page);
      await fillCart(page);
      await open(page, '/cart', tx(lang, 'shop', 'cart.title'));
      const form = page.getByRole('region', { name: tx(lang, 'shop', 'cart.shipping.title') });
      const state = form.getByRole('combobox', { name: tx(lang, 'shop', 'cart.shipping.state') });
      await expect(state).toHaveValue('');
      // 50 states, DC and the empty choice; by their names in the page's language.
      await expect(state.locator('option')).toHaveCount(52);
      await expect(state.locator('option[value="NY"]')).toHaveText(tx(lang, 'checkout', 'usStates.NY'));

      // Pay with an empty address: the general message once, each field's own message once.
      await page.getByRole('button', { name: tx(lang, 'shop', 'cart.pay'), exact: true }).click();
      const errors = page.getByTestId('cart-errors');
      await expect(errors).toBeVisible();
      await expect(page.getByText(tx(lang, 'common', 'messages.shippingRequired'), { exact: true })).toHaveCount(1);
      for (const key of ['shippingNameRequired', 'shippingAddressRequired', 'shippingCityRequired', 'shippingStateInvalid', 'shippingZipInvalid']) {
        await expect(page.getByText(tx(lang, 'common', `messages.${key}`), { exact: true }), key).toHaveCount(1);
      }
      await expect(state).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page);

      // The server's refusal shows once too: a state the list does not have, sent by a changed page.
      for (const [field, key] of [
        ['full_name', 'fullName'],
        ['address_one', 'addressOne'],
        ['address_city', 'city'],
        ['address_zip', 'zip'],
      ] as const) {
        await form.getByLabel(tx(lang, 'shop', `cart.shipping.${key}`), { exact: true }).fill(ADDRESS[field]);
      }
      await state.selectOption('NY');
      await expect(errors).toHaveCount(0);
      await page.route('**/api/payments/create-payment-intent', async (route) => {
        const body = route.request().postDataJSON() as { 'delivery-address': Record<string, string> };
        await route.continue({ postData: JSON.stringify({ ...body, 'delivery-address': { ...body['delivery-address'], address_state: 'ZZ' } }) });
      });
      await page.getByRole('button', { name: tx(lang, 'shop', 'cart.pay'), exact: true }).click();
      await expect(form.getByText(tx(lang, 'common', 'messages.shippingStateInvalid'), { exact: true })).toBeVisible();
      await expect(page.getByText(tx(lang, 'common', 'messages.shippingStateInvalid'), { exact: true })).toHaveCount(1);
      await expect(errors.getByRole('listitem')).toHaveText([tx(lang, 'common', 'messages.shippingRequired')]);
      await page.unroute('**/api/payments/create-payment-intent');

      // Choosing the state again clears it; the order goes through.
      await state.selectOption('NJ');
      await state.selectOption('NY');
      await expect(errors).toHaveCount(0);
      await page.getByRole('button', { name: tx(lang, 'shop', 'cart.pay'), exact: true }).click();
      await expect(page.getByRole('heading', { name: tx(lang, 'shop', 'cart.success.title') })).toBeVisible();

      // The second order: the form starts from the first order's address.
      await fillCart(page);
      await open(page, '/cart', tx(lang, 'shop', 'cart.title'));
      await expect(form.getByLabel(tx(lang, 'shop', 'cart.shipping.fullName'), { exact: true })).toHaveValue(ADDRESS.full_name);
      await expect(form.getByLabel(tx(lang, 'shop', 'cart.shipping.addressOne'), { exact: true })).toHaveValue(ADDRESS.address_one);
      await expect(form.getByLabel(tx(lang, 'shop', 'cart.shipping.city'), { exact: true })).toHaveValue(ADDRESS.address_city);
      await expect(state).toHaveValue('NY');
      await expect(form.getByLabel(tx(lang, 'shop', 'cart.shipping.zip'), { exact: true })).toHaveValue(ADDRESS.address_zip);
      await page.getByRole('button', { name: tx(lang, 'shop', 'cart.pay'), exact: true }).click();
      await expect(page.getByRole('heading', { name: tx(lang, 'shop', 'cart.success.title') })).toBeVisible();
    });
  });
}

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the visible elements a locator matches (off-screen and hidden ones have none). */
async function boxes(locator: Locator): Promise<{ name: string; box: Box }[]> {
  const found: { name: string; box: Box }[] = [];
  for (const element of await locator.all()) {
    if (!(await element.isVisible())) continue;
    const box = await element.boundingBox();
    const name = (await element.getAttribute('aria-label')) ?? (await element.innerText()).trim();
    if (box && box.width > 0 && box.height > 0) found.push({ name, box });
  }
  return found;
}

/** Fails when any toast (with its close button, which sticks out of its corner) overlaps any of the controls. */
async function expectNoOverlap(page: Page, controls: Locator, what: string) {
  const toasts = await boxes(page.locator('[data-sonner-toast], [data-sonner-toast] [data-close-button]'));
  expect(toasts.length, 'a toast is shown').toBeGreaterThan(0);
  const targets = await boxes(controls);
  expect(targets.length, `${what}: controls found`).toBeGreaterThan(0);
  const hits = targets.filter((t) => toasts.some((toast) => overlaps(toast.box, t.box))).map((t) => t.name);
  expect(hits, `${what} covered by a toast`).toEqual([]);
}

/** Waits until the newest toast has slid in (its transform is back to none), so its box is where it stays. */
async function toastSettled(page: Page) {
  const toast = page.locator('[data-sonner-toast][data-mounted="true"]').first();
  await expect(toast).toBeVisible();
  await expect
    .poll(() => toast.evaluate((el) => [getComputedStyle(el).transform, getComputedStyle(el).opacity].join(' ')))
    .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\)) 1$/);
}

for (const [width, lang] of WIDTH_LANG_PAIRS) {
  test.describe(`toasts at ${width}px in ${lang}`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("a toast covers neither the header's links and buttons nor the photo viewer's controls", async ({ page, newDriver: _driver }) => {
      test.setTimeout(120_000);
      await chooseLanguage(page, lang);
      // The page's clock, so the toast can be held on screen (paused) while the photo viewer opens.
      await page.clock.install();
      await open(page, '/shop', tx(lang, 'shop', 'title'));
      await page
        .getByRole('button', { name: tx(lang, 'shop', 'addToCart'), exact: true })
        .first()
        .click();
      await toastSettled(page);
      await page.clock.pauseAt(Date.now() + 100);
      await expectNoOverlap(page, page.locator('header').getByRole('link').or(page.locator('header').getByRole('button')), 'the header');

      // A listing with photos, opened in the same page (the app's router follows the history), with the toast still there.
      // A car for sale: only the demo data has them, so no parallel test sends it back to review meanwhile.
      const { data } = (await (await page.request.get('/api/listing-all?category=cars&deal_type=sale&page_size=20')).json()) as {
        data: { listings: { listing_id: string; title: string; thumbnail_urls: string[] }[] };
      };
      const listing = data.listings.find((l) => l.thumbnail_urls.length >= 2)!;
      await page.evaluate((path) => {
        window.history.pushState(window.history.state, '', path);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, `/listing/${listing.listing_id}`);
      // The listing page is a lazy part too, and React reveals it on a timer of the paused clock (it passed
      // only when its code and data were there before React's first check): time moves in small steps here as well.
      const heading = page.getByRole('heading', { level: 1, name: listing.title });
      await expect(async () => {
        await page.clock.runFor(100);
        await expect(heading).toBeVisible({ timeout: 250 });
      }).toPass();
      const openPrefix = tx(lang, 'listings', 'detail.openGallery').split('{{')[0]!;
      await page.getByRole('button', { name: new RegExp(`^${escape(openPrefix)}1`) }).click();
      const gallery = page.getByRole('dialog', { name: listing.title });
      // The viewer is a lazy part: React reveals it on a timer of the (paused) clock, so time moves in small steps
      // (the toast shows for 5 s of that time; this takes a few hundred milliseconds of it).
      await expect(async () => {
        await page.clock.runFor(100);
        await expect(gallery).toBeVisible({ timeout: 250 });
      }).toPass();
      await expect(gallery.getByRole('button', { name: tx(lang, 'listings', 'gallery.close'), exact: true })).toBeVisible();
      await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
      await expectNoOverlap(page, gallery.getByRole('button'), 'the photo viewer');
    });
  });
}

for (const [width, lang] of WIDTH_LANG_PAIRS) {
  test.describe(`picture picker at ${width}px in ${lang}`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("a text file renamed .jpg is refused at once with the server's message, and nothing is added", async ({ staffPage: page }) => {
      await chooseLanguage(page, lang);
      await open(page, '/admin/products', tx(lang, 'adminShop', 'products.title'));
      await page
        .getByRole('button', { name: tx(lang, 'adminShop', 'list.new'), exact: true })
        .first()
        .click();
      const input = page.locator('input[type="file"]');
      await input.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes, not a photo.\n') });
      await expect(page.getByRole('alert').filter({ hasText: 'notes.jpg' })).toHaveText(`notes.jpg: ${tx(lang, 'common', 'messages.image.notAPicture')}`);
      await expect(page.getByTestId('product-picked-image')).toHaveCount(0);

      // A real picture is still taken (and the refusal goes).
      const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f7b500' } })
        .png()
        .toBuffer();
      await input.setInputFiles({ name: 'roof-light.png', mimeType: 'image/png', buffer: picture });
      await expect(page.getByTestId('product-picked-image')).toHaveCount(1);
      await expect(page.getByText('notes.jpg')).toHaveCount(0);
    });
  });
}
