import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { orderNumber, orderTotals, type CartItem, type Product } from '@medallion/contracts/shop';
import { runSeed } from '@medallion/db/seed';
import { cartItems, mailOutbox, orders, payments, products } from '@medallion/db/schema';
import { demoProductsSeedStep } from '@medallion/demo';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { ADDRESS, saveSandboxCard } from './helpers/payments';

// A local stand-in for the advertising platform: records the conversion events it receives.
const conversions: unknown[] = [];
const adServer = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    conversions.push(JSON.parse(body));
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => adServer.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => adServer.close(() => resolve())));

describe('shop, cart and orders', async () => {
  const { app } = await buildTestApp({
    AUTH_RATE_LIMIT_MAX: '1000',
    CONVERSION_WEBHOOK_URL: `http://127.0.0.1:${(adServer.address() as AddressInfo).port}/conversion`,
  });
  await runSeed(app.db, [demoProductsSeedStep]);
  const buyer = await createConfirmedUser(app, 'buyer@example.com', 'Secret123', 'Aziz Karimov');
  const other = await createConfirmedUser(app, 'other-buyer@example.com');
  const catalogue = (await app.inject({ method: 'GET', url: '/api/products' })).json().data.data as Product[];

  const cart = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/users/cart', headers: { cookie } })).json().data.data as CartItem[];
  const add = (cookie: string, product: Product, extra: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/users/cart',
      headers: { cookie },
      payload: { 'product-id': product.product_id, quantity: 1, price: product.price, ...extra },
    });
  const card = (cookie: string, number?: string) => saveSandboxCard(app, cookie, number);
  const pay = (cookie: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/payments/create-payment-intent', headers: { cookie }, payload: body });

  it('lists the active catalogue with details and prices', async () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(10);
    for (const p of catalogue) {
      expect(p.price_cents).toBe(Math.round(p.price * 100));
      expect(p.details.length).toBeGreaterThan(0);
    }
  });

  it('keeps the cart on the server: add, add again, change quantity 1..99, delete; prices are the server’s', async () => {
    const [a, b] = catalogue;
    expect((await add(buyer.cookie, a!)).statusCode).toBe(200);
    const again = await add(buyer.cookie, a!);
    expect(again.json().data.quantity).toBe(2);
    expect((await add(buyer.cookie, b!)).statusCode).toBe(200);
    const tampered = await add(buyer.cookie, b!, { price: 0.01 });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toMatch(/price of this product is now/);
    for (const quantity of [0, 100, 1.5, -1, 'many']) {
      const res = await add(buyer.cookie, a!, { quantity });
      expect(res.statusCode, String(quantity)).toBe(400);
    }
    const items = await cart(buyer.cookie);
    expect(items.map((i) => [i.title, i.quantity])).toEqual([
      [a!.title, 2],
      [b!.title, 1],
    ]);
    const patch = (cookie: string, body: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: '/api/users/cart', headers: { cookie }, payload: body });
    expect((await patch(buyer.cookie, { 'cart-product-id': items[1]!.id, quantity: 3 })).json().data.quantity).toBe(3);
    expect((await patch(buyer.cookie, { 'cart-product-id': items[1]!.id, quantity: 0 })).statusCode).toBe(400);
    expect((await patch(buyer.cookie, { 'cart-product-id': items[1]!.id, status: 'COMPLEATED' })).statusCode).toBe(400);
    // Another user's cart item: not found, for every call.
    expect((await patch(other.cookie, { 'cart-product-id': items[1]!.id, quantity: 1 })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/users/cart?cart-product-id=${items[1]!.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(
      404,
    );
    expect(await cart(other.cookie)).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/users/cart' })).statusCode).toBe(401);
  });

  it('checks out the selected items: server totals, one charge for a double submit, order e-mail, conversion event', async () => {
    const items = await cart(buyer.cookie);
    const selected = [items[0]!];
    // Literal numbers (a changed tax rate must fail here): $14.99 × 2, tax 8.875 % = $2.66, shipping $4.99.
    expect(selected.map((i) => [i.price_cents, i.quantity])).toEqual([[1_499, 2]]);
    const totals = { subtotal: 2_998, tax: 266, shipping: 499, total: 3_763 };
    const pm = await card(buyer.cookie);
    const body = {
      'user-pm': pm,
      'payment-amount': totals.total,
      'transaction-id': 'cart-tx-0001',
      'cart-ids': selected.map((i) => i.id).join(','),
      'delivery-address': ADDRESS,
    };

    const tampered = await pay(buyer.cookie, { ...body, 'payment-amount': totals.total - 100 });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().fields['payment-amount']).toMatchObject({ key: 'payment.amountIs', params: { cents: totals.total } });
    expect(
      (await pay(buyer.cookie, { ...body, 'delivery-address': { ...ADDRESS, address_city: '' } })).json().fields['delivery-address.address_city'],
    ).toMatchObject({
      key: 'shippingCityRequired',
      message: 'Enter the city.',
    });
    expect((await pay(buyer.cookie, { ...body, 'cart-ids': '' })).json().message).toBe('Please select product to buy');
    const otherItems = await (async () => {
      await add(other.cookie, catalogue[2]!);
      return cart(other.cookie);
    })();
    expect((await pay(buyer.cookie, { ...body, 'cart-ids': otherItems[0]!.id })).statusCode).toBe(404);

    const stockBefore = (await app.db.select().from(products).where(eq(products.id, selected[0]!.product_id)))[0]!.stock;
    const [first, second] = await Promise.all([pay(buyer.cookie, body), pay(buyer.cookie, body)]);
    expect([first.statusCode, second.statusCode].sort()).toContain(200);
    const again = await pay(buyer.cookie, body);
    expect(again.statusCode).toBe(200);
    const charged = await app.db.select().from(payments).where(eq(payments.reference, 'cart-tx-0001'));
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({ status: 'succeeded', amountCents: totals.total, purpose: 'cart' });
    expect((await app.db.select().from(products).where(eq(products.id, selected[0]!.product_id)))[0]!.stock).toBe(stockBefore - selected[0]!.quantity);

    // The unselected item stays in the cart; the bought one is COMPLEATED.
    const after = await cart(buyer.cookie);
    expect(after.map((i) => i.id)).toEqual([items[1]!.id]);
    expect((await app.db.select().from(cartItems).where(eq(cartItems.id, selected[0]!.id)))[0]!.status).toBe('COMPLEATED');

    const recorded = await app.inject({
      method: 'POST',
      url: '/api/users/transactions',
      headers: { cookie: buyer.cookie },
      payload: { 'transaction-id': 'cart-tx-0001', 'cart-ids': selected[0]!.id, 'delivery-address': ADDRESS },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data).toMatchObject({ status: 'paid', total_cents: totals.total, tax_cents: totals.tax, shipping_cents: 499 });
    const list = await app.inject({ method: 'GET', url: '/api/users/orders', headers: { cookie: buyer.cookie } });
    expect(list.json().data.data).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/users/orders', headers: { cookie: other.cookie } })).json().data.data).toEqual([]);

    const mail = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'buyer@example.com'));
    const confirmation = mail.filter((m) => m.subject.startsWith('Order confirmation'));
    expect(confirmation).toHaveLength(1);
    // The customer's order number (as on the success screen and the Orders tab) in both languages' subject and text.
    const number = orderNumber(recorded.json().data.order_id as string);
    expect(confirmation[0]!.subject).toBe(`Order confirmation No. ${number} / Подтверждение заказа № ${number}`);
    expect(confirmation[0]!.text).toContain(`Order No. ${number}`);
    expect(confirmation[0]!.text).toContain(`Заказ № ${number}`);
    expect(confirmation[0]!.text).toContain(`Order total: $${(totals.total / 100).toFixed(2)}`);
    await expect.poll(() => conversions.length).toBe(1);
    expect(conversions[0]).toMatchObject({ event: 'purchase', value: totals.total / 100, currency: 'USD' });
  });

  it('a declined card orders nothing and puts the stock back', async () => {
    const [item] = await cart(buyer.cookie);
    const pm = await card(buyer.cookie, '4000000000009995');
    const stockBefore = (await app.db.select().from(products).where(eq(products.id, item!.product_id)))[0]!.stock;
    const total = orderTotals([{ priceCents: item!.price_cents, quantity: item!.quantity }], 499).total;
    const res = await pay(buyer.cookie, {
      'user-pm': pm,
      'payment-amount': total,
      'transaction-id': 'cart-tx-declined',
      'cart-ids': item!.id,
      'delivery-address': ADDRESS,
    });
    expect(res.statusCode).toBe(402);
    expect((await app.db.select().from(products).where(eq(products.id, item!.product_id)))[0]!.stock).toBe(stockBefore);
    expect((await cart(buyer.cookie)).map((i) => i.id)).toEqual([item!.id]);
    const paidOrders = (await app.db.select().from(orders).where(eq(orders.userId, buyer.id))).filter((o) => o.status === 'paid');
    expect(paidOrders).toHaveLength(1);
  });

  it('sells the last unit once when 20 buyers check out at the same moment', async () => {
    const product = catalogue[5]!;
    await app.db.update(products).set({ stock: 1 }).where(eq(products.id, product.product_id));
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => createConfirmedUser(app, `rush-${i}@example.com`)));
    const prepared = await Promise.all(
      buyers.map(async (b, i) => {
        await add(b.cookie, product);
        const [item] = await cart(b.cookie);
        return { b, item: item!, pm: await card(b.cookie), tx: `rush-tx-${i}-000` };
      }),
    );
    const total = orderTotals([{ priceCents: product.price_cents, quantity: 1 }], 499).total;
    const results = await Promise.all(
      prepared.map(({ b, item, pm, tx }) =>
        pay(b.cookie, { 'user-pm': pm, 'payment-amount': total, 'transaction-id': tx, 'cart-ids': item.id, 'delivery-address': ADDRESS }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toMatch(/out of stock/);
    }
    expect((await app.db.select().from(products).where(eq(products.id, product.product_id)))[0]!.stock).toBe(0);
    const succeeded = (await app.db.select().from(payments)).filter((p) => p.reference.startsWith('rush-tx-') && p.status === 'succeeded');
    expect(succeeded).toHaveLength(1);
  });
});
