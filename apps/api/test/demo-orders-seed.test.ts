import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@medallion/contracts/admin-shop';
import { orderTotals, type Order } from '@medallion/contracts/shop';
import { runSeed } from '@medallion/db/seed';
import { cartItems, orders, payments, products, seedHistory, user } from '@medallion/db/schema';
import {
  DEMO_DRIVER_CARD_ID,
  DEMO_ORDERS,
  DEMO_ORDERS_STEP,
  demoAccountsSeedStep,
  demoListingFeesSeedStep,
  demoListingsSeedStep,
  demoOrdersSeedStep,
  demoProductsSeedStep,
} from '@medallion/demo';
import { DEMO_ACCOUNTS } from '../../../test-support/demo-accounts';
import { demoSeedContext } from '../src/modules/demo/seed-context';
import { cartPaymentKey } from '../src/modules/shop/checkout-cart';
import { buildTestApp } from './helpers/build-test-app';
import { sessionCookie, signedInStaff } from './helpers/auth';

describe('demo seed: the demo driver paid listing fees and shop orders', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', SHOP_SHIPPING_CENTS: '499' });
  const seedContext = demoSeedContext({ storage: app.storage });
  const ordersStep = demoOrdersSeedStep(seedContext, { shippingCents: 499 });
  await runSeed(app.db, [
    demoAccountsSeedStep(seedContext),
    demoListingsSeedStep(seedContext, { photos: false }),
    demoListingFeesSeedStep(seedContext),
    demoProductsSeedStep,
    ordersStep,
  ]);
  const [driver] = await app.db.select().from(user).where(eq(user.email, DEMO_ACCOUNTS.driver.email));

  async function signIn(email: string, password: string) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res);
  }

  it("shows the driver's orders newest first, with the totals a checkout computes", async () => {
    const cookie = await signIn(DEMO_ACCOUNTS.driver.email, DEMO_ACCOUNTS.driver.password);
    const res = await app.inject({ method: 'GET', url: '/api/users/orders', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.data as Order[];
    expect(list.map((o) => [o.transaction_id, o.status])).toEqual([
      ['demo-order-2', 'paid'],
      ['demo-order-1', 'shipped'],
    ]);
    const catalogue = await app.db.select().from(products);
    for (const order of list) {
      const demo = DEMO_ORDERS.find((d) => d.transactionId === order.transaction_id)!;
      const lines = demo.lines.map((l) => ({ priceCents: catalogue.find((p) => p.title === l.title)!.priceCents, quantity: l.quantity }));
      const totals = orderTotals(lines, 499);
      expect(order).toMatchObject({ subtotal_cents: totals.subtotal, tax_cents: totals.tax, shipping_cents: 499, total_cents: totals.total });
      expect(order.items.map((i) => [i.title, i.quantity])).toEqual(demo.lines.map((l) => [l.title, l.quantity]));
      expect(order.delivery_address).toMatchObject({ full_name: 'Aziz Karimov', address_city: 'Brooklyn', address_state: 'NY' });
      expect(order.paid_at).not.toBeNull();
      expect(order.shipped_at === null).toBe(order.status === 'paid');
      // Paid with the driver's saved card, under the key a real checkout uses: a replay charges nothing.
      const [payment] = await app.db
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, cartPaymentKey(driver!.id, order.transaction_id)));
      expect(payment).toMatchObject({ status: 'succeeded', amountCents: totals.total, paymentMethodId: DEMO_DRIVER_CARD_ID, purpose: 'cart' });
    }
    // The bought items are not in the cart.
    const cart = await app.inject({ method: 'GET', url: '/api/users/cart', headers: { cookie } });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(JSON.stringify(cart.json())).not.toContain('Trip record book');
    const bought = await app.db.select().from(cartItems).where(eq(cartItems.userId, driver!.id));
    expect(bought.every((i) => i.status === 'COMPLEATED' && i.orderId)).toBe(true);
  });

  it('gives staff a paid order to ship', async () => {
    const { cookie: staff } = await signedInStaff(app, 'seed-staff@example.com');
    const paid = await app.inject({ method: 'GET', url: '/api/admin/orders?status=paid', headers: { cookie: staff } });
    const toShip = (paid.json().data as AdminOrder[]).find((o) => o.transaction_id === 'demo-order-2')!;
    expect(toShip.customer.email).toBe(DEMO_ACCOUNTS.driver.email);
    const shipped = await app.inject({ method: 'POST', url: `/api/admin/orders/${toShip.order_id}/ship`, headers: { cookie: staff } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data).toMatchObject({ status: 'shipped', emailed: true });
  });

  it('runs once: a second run adds nothing', async () => {
    const before = await app.db.select().from(orders);
    await app.db.delete(seedHistory).where(eq(seedHistory.name, DEMO_ORDERS_STEP));
    expect((await runSeed(app.db, [ordersStep])).applied).toEqual([DEMO_ORDERS_STEP]);
    expect(await app.db.select().from(orders)).toHaveLength(before.length);
    expect(before).toHaveLength(DEMO_ORDERS.length);
  });
});
