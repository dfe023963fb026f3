import type { Page } from '@playwright/test';
import type { AdminProduct } from '@medallion/contracts/admin-shop';
import { orderNumber, type CartItem, type Order, type Product } from '@medallion/contracts/shop';
import { APP_PORT } from './env';
import { chooseLanguage, expect, expectAccessible, hydrated, openInEnglish, test, WIDTHS } from './fixtures';

/* The shop in Russian: the catalogue's own texts (titles, descriptions, detail lines) in the reader's language. */

async function shopProducts(page: Page): Promise<Product[]> {
  return ((await (await page.request.get('/api/products')).json()) as { data: { data: Product[] } }).data.data;
}

function card(page: Page, title: string) {
  return page.getByTestId('product-card').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
}

test.use({ driverProfile: { prefix: 'ru-shopper', name: 'Саша Покупатель', password: 'Shopper2024' } });

for (const width of WIDTHS) {
  test.describe(`the shop in Russian at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the server renders Russian titles, descriptions and detail lines (no English first)', async ({ browser, page }) => {
      const products = (await shopProducts(page)).filter((p) => p.title_ru);
      expect(products.length).toBeGreaterThan(0);

      // A browser asking for Russian gets the cards in Russian in the HTML itself.
      const html = await (await page.request.get('/shop', { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } })).text();
      expect(html).toContain('<html lang="ru"');
      expect(html).toMatch(new RegExp(`<h2[^>]*>${products[0]!.title_ru.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h2>`));

      // What the server sends, before any script runs (a visitor who chose Russian): the cards are already in Russian.
      const raw = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
      await raw.addCookies([{ name: 'medallion.language', value: 'ru', url: `http://127.0.0.1:${APP_PORT}` }]);
      const rawPage = await raw.newPage();
      const response = await rawPage.goto('/shop');
      expect(response?.status()).toBe(200);
      await expect(rawPage.locator('html')).toHaveAttribute('lang', 'ru');
      const titles = await rawPage.locator('[data-testid="product-card"] h2').allTextContents();
      expect(titles).toEqual((await shopProducts(page)).map((p) => p.title_ru || p.title));
      const names = JSON.parse((await rawPage.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as {
        url: string;
        itemListElement: Array<{ item: { name: string } }>;
      };
      expect(names.url).toMatch(/\/shop\?lang=ru$/);
      expect(names.itemListElement.map((i) => i.item.name)).toEqual(titles);
      await raw.close();

      // In the browser, after hydration, the same Russian texts.
      await chooseLanguage(page, 'ru');
      await page.goto('/shop');
      await expect(page.getByRole('heading', { level: 1, name: 'Магазин' })).toBeVisible();
      await hydrated(page);
      const product = products.find((p) => p.details_ru.length > 0) ?? products[0]!;
      const shown = card(page, product.title_ru);
      await expect(shown).toBeVisible();
      await expect(shown).toContainText(product.description_ru);
      for (const line of product.details_ru) {
        await expect(shown.locator('dt', { hasText: line.key })).toBeVisible();
        await expect(shown.locator('dd', { hasText: line.data }).first()).toBeVisible();
      }
      await expect(page.getByRole('heading', { level: 2, name: product.title, exact: true })).toHaveCount(0);
      // Nothing wider than the screen (long Russian words).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
    });

    test('the cart and the orders name the products in Russian', async ({ page, newDriver: _shopper }) => {
      const product = (await shopProducts(page)).find((p) => p.in_stock && p.title_ru)!;
      await chooseLanguage(page, 'ru');
      await page.goto('/shop');
      await hydrated(page);
      await card(page, product.title_ru).getByRole('button', { name: 'В корзину' }).click();
      await expect(page.getByText(`«${product.title_ru}» добавлен в корзину`)).toBeVisible();

      await page.goto('/cart');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await hydrated(page);
      const line = page.getByTestId('cart-item');
      await expect(line).toHaveCount(1);
      await expect(line).toContainText(product.title_ru);
      await expect(line).not.toContainText(product.title);
      await expect(line.getByRole('checkbox', { name: new RegExp(product.title_ru.replace(/[()]/g, '\\$&')) })).toBeChecked();
      const items = ((await (await page.request.get('/api/users/cart')).json()) as { data: { data: CartItem[] } }).data.data;
      expect(items.map((i) => [i.title, i.title_ru])).toEqual([[product.title, product.title_ru]]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}

test("the demo driver's orders show the products in Russian; the API keeps each line's English title", async ({ driverPage: page }) => {
  const orders = ((await (await page.request.get('/api/users/orders')).json()) as { data: { data: Order[] } }).data.data;
  const items = orders.flatMap((o) => o.items).filter((i) => i.title_ru);
  expect(items.length).toBeGreaterThan(0);
  await chooseLanguage(page, 'ru');
  await page.goto('/dashboard?tab=orders');
  await expect(page.getByTestId('order').first()).toBeVisible();
  for (const item of items) await expect(page.getByTestId('order').filter({ hasText: item.title_ru }).first()).toBeVisible();
  await expect(page.getByTestId('order').filter({ hasText: items[0]!.title })).toHaveCount(0);
  // Each order with its number, as staff and the e-mail name it.
  for (const order of orders) await expect(page.getByTestId('order-number').filter({ hasText: `№ ${orderNumber(order.order_id)}` })).toHaveCount(1);
});

for (const width of WIDTHS) {
  test(`staff edit the Russian title at ${width} px (both languages ${width < 768 ? 'stacked' : 'side by side'}); the Russian shop shows it`, async ({
    staffPage: page,
    staffRequest: staff,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const unique = `${width}-${Date.now()}`;
    const fields = {
      title: `Seat cushion ${unique}`,
      title_ru: `Подушка на сиденье ${unique}`,
      description: 'A memory-foam cushion for long shifts.',
      description_ru: 'Подушка с эффектом памяти для долгих смен.',
      details: [{ key: 'Size', data: '18" × 16"' }],
      details_ru: [{ key: 'Размер', data: '18" × 16"' }],
      price_cents: 2_999,
      stock: 5,
      active: true,
      retailer_url: null,
      images: [],
    };
    const created = await staff.post('/api/admin/products', { data: fields });
    expect(created.status(), await created.text()).toBe(200);
    const product = ((await created.json()) as { data: AdminProduct }).data;
    try {
      await openInEnglish(page, `/admin/products`);
      await page.getByRole('button', { name: `Edit ${fields.title}` }).click();
      await expect(page.getByRole('heading', { level: 2, name: `Edit: ${fields.title}` })).toBeVisible();
      const english = page.getByLabel('Title in English');
      const russian = page.getByLabel('Title in Russian');
      await expect(english).toHaveValue(fields.title);
      await expect(russian).toHaveValue(fields.title_ru);
      await expect(russian).toHaveAttribute('lang', 'ru');
      await expect(page.getByLabel('Name in Russian, line 1')).toHaveValue('Размер');
      const [en, ru] = [(await english.boundingBox())!, (await russian.boundingBox())!];
      if (width < 768) expect(ru.y).toBeGreaterThan(en.y + en.height);
      else {
        expect(Math.abs(ru.y - en.y)).toBeLessThan(2);
        expect(ru.x).toBeGreaterThan(en.x + en.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);

      // An empty Russian title is refused with its message; nothing is sent.
      await russian.fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Enter the product title in Russian.')).toBeVisible();
      await expect(russian).toHaveAttribute('aria-invalid', 'true');
      await russian.fill(`Подушка для водителя ${unique}`);
      const saved = page.waitForResponse((r) => r.url().includes(`/api/admin/products/${product.product_id}`) && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Save changes' }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByText(`Saved: ${fields.title}`)).toBeVisible();

      await chooseLanguage(page, 'ru');
      await page.goto('/shop');
      const shown = card(page, `Подушка для водителя ${unique}`);
      await expect(shown).toBeVisible();
      await expect(shown).toContainText(fields.description_ru);
      await expect(shown).toContainText('Размер:');

      // The staff list in Russian names it in Russian too.
      await page.goto('/admin/products');
      await expect(page.locator(`[data-testid="admin-product"][data-title="${fields.title}"]`).getByRole('heading', { level: 2 })).toHaveText(
        `Подушка для водителя ${unique}`,
      );
    } finally {
      expect((await staff.patch(`/api/admin/products/${product.product_id}`, { data: { active: false } })).status()).toBe(200);
    }
  });
}
