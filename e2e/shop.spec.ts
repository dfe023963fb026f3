import { expect, test, type Page } from '@playwright/test';
import { orderTotals, type CartItem, type Product } from '@medallion/contracts/shop';
import { openInEnglish, saveSandboxCard, signUpConfirmed } from './fixtures';

const usd = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (cents: number) => usd.format(cents / 100);

/** A fresh, confirmed and signed-in account; returns its e-mail. */
async function newShopper(page: Page): Promise<string> {
  return signUpConfirmed(page, { prefix: 'shopper', name: 'Sam Shopper', password: 'Shopper2024' });
}

async function products(page: Page): Promise<Product[]> {
  const body = (await (await page.request.get('/api/products')).json()) as { data: { data: Product[] } };
  return body.data.data.filter((p) => p.in_stock);
}

function card(page: Page, title: string) {
  return page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

function cartLine(page: Page, title: string) {
  return page.locator(`[data-testid="cart-item"][data-title="${title.replace(/"/g, '\\"')}"]`);
}

function cartLink(page: Page, count: number) {
  return page.getByRole('banner').getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` }).first();
}

test.describe('Shop and cart', () => {
  test('a visitor sees products, no Add to cart, and Buy now goes to /login', async ({ page }) => {
    await openInEnglish(page, '/shop');
    await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
    const retailer = page.getByRole('link', { name: 'View at retailer' }).first();
    if (await retailer.count()) {
      await expect(retailer).toHaveAttribute('target', '_blank');
      await expect(retailer).toHaveAttribute('rel', /noopener/);
    }
    await page.getByRole('button', { name: 'Buy now' }).first().click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a signed-in user adds, adjusts, checks out the selected items and sees the order', async ({ page }) => {
    test.setTimeout(120_000);
    const email = await newShopper(page);
    const list = await products(page);
    expect(list.length).toBeGreaterThanOrEqual(2);
    const [a, b] = [list[0]!, list[1]!];

    await openInEnglish(page, '/shop');
    await expect(cartLink(page, 0)).toBeVisible();
    await card(page, a.title).getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(`${a.title} added to your cart`)).toBeVisible();
    await expect(cartLink(page, 1)).toBeVisible();
    // Buy now adds one and opens the cart.
    await card(page, b.title).getByRole('button', { name: 'Buy now' }).click();
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('heading', { name: 'Review & Checkout', level: 1 })).toBeVisible();
    await expect(cartLink(page, 2)).toBeVisible();

    // A card first (adding one leaves the page and comes back to /cart).
    await page.getByRole('button', { name: 'Add payment method' }).click();
    await saveSandboxCard(page);
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('radio', { name: /Visa •••• 4242/ })).not.toBeChecked();

    // Quantities: −1 only from 2, +1 only when selected.
    const lineA = cartLine(page, a.title);
    const lineB = cartLine(page, b.title);
    await expect(lineA.getByTestId('cart-quantity')).toHaveText('1');
    await expect(lineA.getByRole('button', { name: `One fewer ${a.title}` })).toBeDisabled();
    await lineA.getByRole('button', { name: `One more ${a.title}` }).click();
    await expect(lineA.getByTestId('cart-quantity')).toHaveText('2');
    await lineA.getByRole('button', { name: `One more ${a.title}` }).click();
    await expect(lineA.getByTestId('cart-quantity')).toHaveText('3');
    await lineA.getByRole('button', { name: `One fewer ${a.title}` }).click();
    await expect(lineA.getByTestId('cart-quantity')).toHaveText('2');
    await expect(cartLink(page, 3)).toBeVisible();

    await lineB.getByRole('checkbox').uncheck();
    await expect(lineB.getByRole('button', { name: `One more ${b.title}` })).toBeDisabled();
    await expect(lineB.getByRole('button', { name: `One fewer ${b.title}` })).toBeDisabled();

    // The totals of the selected items equal the server's formula to the cent.
    const cart = (await (await page.request.get('/api/users/cart')).json()) as { data: { data: CartItem[]; shipping_cents: number } };
    const totals = orderTotals([{ priceCents: a.price_cents, quantity: 2 }], cart.data.shipping_cents);
    await expect(page.getByTestId('summary-subtotal')).toHaveText(money(totals.subtotal));
    await expect(page.getByTestId('summary-tax')).toHaveText(money(totals.tax));
    await expect(page.getByTestId('summary-shipping')).toHaveText(money(totals.shipping));
    await expect(page.getByTestId('summary-total')).toHaveText(money(totals.total));

    // Each rule's message appears, and goes once fixed.
    await lineA.getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: 'Pay and Submit' }).click();
    const errors = page.getByTestId('cart-errors');
    await expect(errors).toContainText('Please select product to buy');
    await expect(errors).toContainText('Payment method not selected');
    await expect(errors).toContainText('Please fill out Shipping Details');
    await lineA.getByRole('checkbox').check();
    await expect(errors).not.toContainText('Please select product to buy');
    await page.getByRole('radio', { name: /Visa •••• 4242/ }).check();
    await expect(errors).not.toContainText('Payment method not selected');
    await page.getByLabel('Full name').fill('Sam Shopper');
    await page.getByLabel('Address line 1').fill('1 Main St');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State').fill('NY');
    await expect(errors).toContainText('Please fill out Shipping Details');
    await page.getByLabel('ZIP code').fill('10001');
    await expect(errors).toHaveCount(0);
    await expect(page.getByTestId('summary-total')).toHaveText(money(totals.total));

    await page.getByRole('button', { name: 'Pay and Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
    await expect(page.getByText('We will process and send your order shortly')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the main page' })).toHaveAttribute('href', '/');
    await expect(cartLink(page, 1)).toBeVisible();

    await expect
      .poll(async () => {
        const { data } = (await (await page.request.get('/api/dev/mail')).json()) as { data: { to: string; subject: string }[] };
        return data.some((m) => m.to === email && m.subject.includes('Order confirmation'));
      })
      .toBe(true);

    await openInEnglish(page, '/dashboard?tab=orders');
    const order = page.getByTestId('order').first();
    await expect(order).toContainText(a.title);
    await expect(order).toContainText('× 2');
    await expect(order.getByTestId('order-total')).toHaveText(money(totals.total));
    await expect(order).toContainText('1 Main St');

    await openInEnglish(page, '/cart');
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
    await expect(cartLine(page, b.title)).toBeVisible();
  });
});
