import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { orderNumber, orderTotals, type CartItem, type Product } from '@medallion/contracts/shop';
import { expect, expectAccessible, openInEnglish, signIn, STAFF, test } from './fixtures';

test.use({ driverProfile: { prefix: 'shipped', name: 'Nina Driver', password: 'Shipper2024' } });

const ADDRESS = {
  full_name: 'Nina Driver',
  address_one: '77 Shipping Lane',
  address_two: '',
  address_city: 'Queens',
  address_state: 'NY',
  address_zip: '11101',
};

async function publicProducts(page: Page): Promise<Product[]> {
  return ((await (await page.request.get('/api/products')).json()) as { data: { data: Product[] } }).data.data;
}

function shopCard(page: Page, title: string) {
  return page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** The signed-in user pays for one product with the sandbox 4242 card, through the API the cart page uses. */
async function payForOne(page: Page, product: Product): Promise<string> {
  expect((await page.request.post('/api/users/cart', { data: { 'product-id': product.product_id, quantity: 1, price: product.price } })).status()).toBe(200);
  const cart = ((await (await page.request.get('/api/users/cart')).json()) as { data: { data: CartItem[]; shipping_cents: number } }).data;
  const item = cart.data.find((i) => i.product_id === product.product_id)!;
  const setup = (await (await page.request.post('/api/payments/create-setup-intent')).json()) as { data: { 'client-secret': string } };
  const card = await page.request.post('/api/payments/sandbox/confirm-setup', {
    data: { 'client-secret': setup.data['client-secret'], number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
  });
  expect(card.status()).toBe(200);
  const transactionId = `e2e-ship-${Date.now()}`;
  const totals = orderTotals([{ priceCents: item.price_cents, quantity: 1 }], cart.shipping_cents);
  const paid = await page.request.post('/api/payments/create-payment-intent', {
    data: {
      'user-pm': ((await card.json()) as { data: { id: string } }).data.id,
      'payment-amount': totals.total,
      'transaction-id': transactionId,
      'cart-ids': item.id,
      'delivery-address': ADDRESS,
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const recorded = await page.request.post('/api/users/transactions', {
    data: { 'transaction-id': transactionId, 'cart-ids': item.id, 'delivery-address': ADDRESS },
  });
  expect(recorded.status()).toBe(200);
  return ((await recorded.json()) as { data: { order_id: string } }).data.order_id;
}

test('staff create a product with a picture; it is in the shop until they deactivate it', async ({ staffPage: page }) => {
  test.setTimeout(180_000);
  const title = `E2E roof light ${Date.now()}`;
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f7b500' } })
    .png()
    .toBuffer();

  await openInEnglish(page, '/admin');
  await page.getByRole('link', { name: 'Shop products' }).click();
  await expect(page).toHaveURL('/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop products' })).toBeVisible();
  await page.getByRole('button', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'New product' })).toBeVisible();

  // Every rule is checked before anything is sent, in both languages.
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Enter the product title.')).toBeVisible();
  await expect(page.getByText('Enter the product title in Russian.')).toBeVisible();
  await expect(page.getByText('Enter a short description of the product in Russian.')).toBeVisible();
  await expect(page.getByText('Enter a price from $0.01 to $10,000.00.')).toBeVisible();

  await page.getByLabel('Title in English').fill(title);
  await page.getByLabel('Description in English').fill('A bright LED roof sign with a magnetic base.');
  await page.getByLabel('Title in Russian').fill(`Световой короб ${title}`);
  await page.getByLabel('Description in Russian').fill('Яркий светодиодный короб на магнитном основании.');
  await page.getByLabel('Price, USD').fill('19.95');
  await page.getByLabel('In stock', { exact: true }).fill('-3');
  await page.getByLabel('Retailer link (optional)').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Enter a whole number in stock, from 0 to 100,000.')).toBeVisible();
  await expect(page.getByText('Enter a full web address starting with https://, or leave it empty.')).toBeVisible();
  await page.getByLabel('In stock', { exact: true }).fill('5');
  await page.getByLabel('Retailer link (optional)').fill('https://www.example.com/roof-light');
  await page.getByRole('button', { name: 'Add a detail line' }).click();
  await page.getByLabel('Name in English, line 1').fill('Power');
  await page.getByLabel('Value in English, line 1').fill('12 V socket');
  // A line without its Russian is refused before anything is sent.
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByTestId('detail-line').getByText('Enter a name of up to 60 characters.')).toBeVisible();
  await page.getByLabel('Name in Russian, line 1').fill('Питание');
  await page.getByLabel('Value in Russian, line 1').fill('Гнездо 12 В');
  await page.locator('input[type="file"]').setInputFiles({ name: 'roof-light.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByTestId('product-picked-image')).toHaveCount(1);
  await expect(page.getByText('Cover', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page.getByText(`Created: ${title}`)).toBeVisible();
  await expect(page).toHaveURL('/admin/products');
  const row = page.locator(`[data-testid="admin-product"][data-title="${title}"]`);
  await expect(row.getByTestId('product-status')).toHaveText('On sale');
  await expect(row).toContainText('$19.95');
  await expectAccessible(page);

  const created = (await publicProducts(page)).find((p) => p.title === title);
  expect(created).toMatchObject({
    price_cents: 1995,
    title_ru: `Световой короб ${title}`,
    details: [{ key: 'Power', data: '12 V socket' }],
    details_ru: [{ key: 'Питание', data: 'Гнездо 12 В' }],
    retailer_url: 'https://www.example.com/roof-light',
  });
  expect(created!.images).toHaveLength(1);
  expect(created!.images[0]).toMatch(new RegExp(`/media/products/${created!.product_id}/[0-9a-f]+\\.webp$`));
  const served = await page.request.get(created!.images[0]!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/webp');

  await openInEnglish(page, '/shop');
  await expect(shopCard(page, title)).toBeVisible();
  await expect(shopCard(page, title)).toContainText('Power');
  await expect(shopCard(page, title).locator('img').first()).toHaveAttribute('src', created!.images[0]!);

  await openInEnglish(page, '/admin/products');
  await page.getByRole('button', { name: `Deactivate ${title}` }).click();
  await expect(page.getByText(`Deactivated: ${title}. It is no longer in the shop.`)).toBeVisible();
  await expect(row.getByTestId('product-status')).toHaveText('Deactivated');
  await expect(page.getByRole('button', { name: `Reactivate ${title}` })).toBeVisible();

  await openInEnglish(page, '/shop');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(shopCard(page, title)).toHaveCount(0);
  expect((await publicProducts(page)).some((p) => p.title === title)).toBe(false);
});

test('staff mark a paid order shipped; the customer sees Shipped and gets one e-mail', async ({ page, newDriver }) => {
  test.setTimeout(180_000);
  const { email, password } = newDriver;
  const product = (await publicProducts(page)).find((p) => p.in_stock)!;
  const orderId = await payForOne(page, product);

  await signIn(page, STAFF);
  await openInEnglish(page, '/admin');
  await page.getByRole('link', { name: 'Shop orders' }).click();
  await expect(page).toHaveURL('/admin/orders');
  await page.getByLabel('Show').selectOption('paid');
  await expect(page).toHaveURL('/admin/orders?status=paid');
  const order = page.locator(`[data-testid="admin-order"][data-order-id="${orderId}"]`);
  await expect(order).toContainText(email);
  await expect(order).toContainText('77 Shipping Lane');
  await expect(order).toContainText(`${product.title} × 1`);
  await expect(order.getByTestId('order-status')).toHaveText('Paid');
  await expectAccessible(page);

  // Cancel changes nothing; confirming ships it.
  await order.getByRole('button', { name: 'Mark shipped' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Mark this order shipped?' });
  await expect(dialog).toContainText(email);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await order.getByRole('button', { name: 'Mark shipped' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Mark shipped and e-mail' }).click();
  await expect(page.getByText(`Marked shipped. ${email} was e-mailed.`)).toBeVisible();
  // It leaves the "Paid, to ship" list; under All it shows as shipped.
  await expect(order).toHaveCount(0);
  await page.getByLabel('Show').selectOption('');
  await expect(order.getByTestId('order-status')).toHaveText('Shipped');
  await expect(order.getByRole('button', { name: 'Mark shipped' })).toHaveCount(0);

  // A second mark (another tab, a double click) sends nothing.
  const again = await page.request.post(`/api/admin/orders/${orderId}/ship`);
  expect(((await again.json()) as { data: { emailed: boolean } }).data.emailed).toBe(false);

  await openInEnglish(page, '/dev/mail');
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: email })
    .filter({ hasText: `Your order No. ${orderNumber(orderId)} has shipped` });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(`1 × ${product.title}`);
  await expect(mail).toContainText('Queens, NY 11101');

  await signIn(page, { email, password });
  await openInEnglish(page, '/dashboard?tab=orders');
  const mine = page.getByTestId('order').filter({ hasText: product.title });
  await expect(mine).toContainText('Shipped');
  await expect(mine).toContainText('77 Shipping Lane');
});
