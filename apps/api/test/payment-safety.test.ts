import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPaymentIntentRequestSchema, EXAM_PRICE_CENTS, LISTING_FEE } from '@medallion/contracts/payments';
import { orderNumber, orderTotals, type Product } from '@medallion/contracts/shop';
import { runSeed } from '@medallion/db/seed';
import { cartItems, listings, mailOutbox, orders, payments, products, sandboxCharges } from '@medallion/db/schema';
import { demoProductsSeedStep } from '@medallion/demo';
import type { PaymentGateway } from '../src/integrations/payments/gateway';
import { createPaymentIntent } from '../src/modules/payments/create-payment-intent';
import { purchaseOptionsFor } from '../src/modules/payments/payment-recovery-job';
import { recoverStalePayments } from '../src/modules/payments/recover-payments';
import { createConfirmedUser } from './helpers/auth';
import { buildTestApp } from './helpers/build-test-app';
import { saveSandboxCard } from './helpers/payments';
import { RENTAL_LABEL_FIELDS } from '../../../test-support/rental-label';

const ADDRESS = { full_name: 'Aziz Karimov', address_one: '123 Main St', address_two: '', address_city: 'Brooklyn', address_state: 'NY', address_zip: '11201' };
const LOCATION = JSON.stringify({ city: 'Brooklyn', state: 'NY', zip_code: '11201' });
const PARALLEL = 20;
const DAY = 24 * 3600 * 1000;

// Each finding of the safety audit, on the database the suite runs on (PGlite, or PostgreSQL in CI).
describe('one charge per purchase under any concurrency, and no payment left in processing', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  await runSeed(app.db, [demoProductsSeedStep]);
  const catalogue = (await app.inject({ method: 'GET', url: '/api/products' })).json().data.data as Product[];

  let users = 0;
  async function buyer() {
    const n = ++users;
    const account = await createConfirmedUser(app, `buyer-${n}@example.com`, 'Secret123', `Buyer ${n}`);
    const card = await saveSandboxCard(app, account.cookie);
    return { ...account, card, gatewayUser: { id: account.id, email: `buyer-${n}@example.com`, name: `Buyer ${n}` } };
  }
  type Buyer = Awaited<ReturnType<typeof buyer>>;
  const pay = (who: Buyer, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/payments/create-payment-intent', headers: { cookie: who.cookie }, payload: { 'user-pm': who.card, ...body } });
  /** What the card provider charged this buyer: the sandbox keeps a record per charge, like Stripe. */
  const chargesOf = async (who: Buyer) =>
    (
      await app.db
        .select()
        .from(sandboxCharges)
        .where(and(eq(sandboxCharges.userId, who.id), eq(sandboxCharges.status, 'succeeded')))
    ).length;
  const stockOf = async (productId: string) => (await app.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock;
  const ordersOf = (who: Buyer) => app.db.select().from(orders).where(eq(orders.userId, who.id));

  async function cartWith(who: Buyer, product: Product) {
    const added = await app.inject({
      method: 'POST',
      url: '/api/users/cart',
      headers: { cookie: who.cookie },
      payload: { 'product-id': product.product_id, quantity: 1, price: product.price },
    });
    expect(added.statusCode, added.body).toBe(200);
    const total = orderTotals([{ priceCents: product.price_cents, quantity: 1 }], app.config.SHOP_SHIPPING_CENTS).total;
    return { cartId: added.json().data.id as string, total };
  }
  const cartBody = (cartId: string, total: number, transactionId: string) => ({
    'payment-amount': total,
    'transaction-id': transactionId,
    'cart-ids': cartId,
    'delivery-address': ADDRESS,
  });

  /** The real sandbox gateway, but the process "stops" around the charge: the answer never arrives. */
  function stoppingGateway(when: 'before-charge' | 'after-charge'): PaymentGateway {
    return {
      ...app.payments,
      async charge(request) {
        if (when === 'after-charge') await app.payments.charge(request);
        throw new Error('the server process stopped');
      },
    };
  }
  const payThrough = (gateway: PaymentGateway, who: Buyer, body: Record<string, unknown>) =>
    createPaymentIntent(app.db, gateway, who.gatewayUser, createPaymentIntentRequestSchema.parse({ 'user-pm': who.card, ...body }), purchaseOptionsFor(app), {
      jsUrl: app.config.STRIPE_JS_URL,
    });
  const recover = () => recoverStalePayments(app.db, app.payments, purchaseOptionsFor(app).services, { leaseMs: 0 });

  it(`charges a cart once when ${PARALLEL} parallel payments carry ${PARALLEL} different transaction ids`, async () => {
    const who = await buyer();
    const product = catalogue[0]!;
    const { cartId, total } = await cartWith(who, product);
    const stock = await stockOf(product.product_id);

    const results = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => pay(who, cartBody(cartId, total, `cart-race-${i}`))));

    // The winner is charged; the others find the items claimed by its checkout (409) or bought (404).
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(','),
    ).toHaveLength(1);
    expect(
      statuses.every((s) => s === 200 || s === 409 || s === 404),
      statuses.join(','),
    ).toBe(true);
    expect(await chargesOf(who)).toBe(1);
    const paid = (await ordersOf(who)).filter((o) => o.status === 'paid');
    expect(paid).toHaveLength(1);
    expect(await stockOf(product.product_id)).toBe(stock - 1);
    const [item] = await app.db.select().from(cartItems).where(eq(cartItems.id, cartId));
    expect(item).toMatchObject({ status: 'COMPLEATED', orderId: paid[0]!.id });
    for (const refused of results.filter((r) => r.statusCode !== 200)) {
      expect(refused.json().message).toMatch(/already being paid for|not in your cart/);
    }
  });

  it(`exam: ${PARALLEL} parallel purchases with different ids give as many extensions as charges`, async () => {
    const who = await buyer();
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        pay(who, { 'payment-amount': EXAM_PRICE_CENTS, 'transaction-type': 'exam', 'transaction-id': `exam-race-${i}` }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(
      results.every((r) => r.statusCode === 200 || r.statusCode === 409),
      results.map((r) => r.statusCode).join(','),
    ).toBe(true);
    const charges = await chargesOf(who);
    expect(charges).toBe(ok.length);
    // Each charge bought 3 months, counted from the previous expiry read under lock.
    const expiry = new Date(Math.max(...ok.map((r) => Date.parse(r.json().data['access-expiry']))));
    const expected = new Date(started);
    expected.setUTCMonth(expected.getUTCMonth() + 3 * charges);
    expect(Math.abs(expiry.getTime() - expected.getTime())).toBeLessThan(3 * DAY);
    // The refused ones say why (one exam payment of a user is processed at a time).
    for (const refused of results.filter((r) => r.statusCode === 409)) expect(refused.json().message).toMatch(/already being processed/);

    // Buying again later extends from the current expiry.
    const again = await pay(who, { 'payment-amount': EXAM_PRICE_CENTS, 'transaction-type': 'exam', 'transaction-id': 'exam-later' });
    expect(again.statusCode, again.body).toBe(200);
    const later = new Date(started);
    later.setUTCMonth(later.getUTCMonth() + 3 * (charges + 1));
    expect(Math.abs(Date.parse(again.json().data['access-expiry']) - later.getTime())).toBeLessThan(3 * DAY);
    expect(await chargesOf(who)).toBe(charges + 1);
  });

  it(`charges a listing fee once for ${PARALLEL} parallel payments`, async () => {
    const who = await buyer();
    const step1 = await app.inject({
      method: 'POST',
      url: '/api/listing/save-draft',
      headers: { cookie: who.cookie },
      payload: { step: 1, category: 'plates', name: '', email: '', phone_number: '(718) 555-0100', location: LOCATION },
    });
    expect(step1.statusCode, step1.body).toBe(200);
    const listingId = step1.json().data.data.listing_id as string;
    const step2 = await app.inject({
      method: 'POST',
      url: '/api/listing/save-draft',
      headers: { cookie: who.cookie },
      payload: {
        step: 2,
        listing_id: listingId,
        category: 'plates',
        title: 'FHV plate for lease',
        listing_price: '350',
        payment_period: 'weekly',
        ...RENTAL_LABEL_FIELDS,
        images: [],
      },
    });
    expect(step2.statusCode, step2.body).toBe(200);

    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        pay(who, { 'payment-amount': LISTING_FEE.totalCents, 'listing-id': listingId, 'transaction-id': `fee-race-${i}` }),
      ),
    );
    expect(
      results.every((r) => r.statusCode === 200 || r.statusCode === 409),
      results.map((r) => r.statusCode).join(','),
    ).toBe(true);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    expect(await chargesOf(who)).toBe(1);
    const [listing] = await app.db.select().from(listings).where(eq(listings.id, listingId));
    expect(listing!.status).toBe('UNDER_REVIEW');
    const notices = await app.db.select().from(mailOutbox).where(like(mailOutbox.subject, '%review%'));
    expect(notices.filter((m) => m.text.includes(listingId))).toHaveLength(1);
  });

  it('settles a cart payment whose server stopped after the charge (the recovery job asks the gateway)', async () => {
    const who = await buyer();
    const product = catalogue[1]!;
    const { cartId, total } = await cartWith(who, product);
    const stock = await stockOf(product.product_id);
    const body = cartBody(cartId, total, 'cart-crash-after');

    await expect(payThrough(stoppingGateway('after-charge'), who, body)).rejects.toMatchObject({ statusCode: 503 });
    const [stuck] = await app.db.select().from(payments).where(eq(payments.reference, 'cart-crash-after'));
    expect(stuck!.status).toBe('processing');
    expect(await stockOf(product.product_id)).toBe(stock - 1); // reserved, not lost
    // The same attempt again, before recovery: refused, never charged twice.
    expect((await pay(who, body)).statusCode).toBe(409);

    const result = await recover();
    expect(result).toMatchObject({ settled: 1, released: 0 });
    expect(await chargesOf(who)).toBe(1);
    const [order] = await ordersOf(who);
    expect(order!.status).toBe('paid');
    const [item] = await app.db.select().from(cartItems).where(eq(cartItems.id, cartId));
    expect(item!.status).toBe('COMPLEATED');
    expect(await stockOf(product.product_id)).toBe(stock - 1);
    const confirmation = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, who.gatewayUser.email), like(mailOutbox.text, `%Order No. ${orderNumber(order!.id)}%`)));
    expect(confirmation).toHaveLength(1);
    // The client's retry now gets the settled payment.
    const retry = await pay(who, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data['payment-id']).toBe(stuck!.id);
    expect(await chargesOf(who)).toBe(1);
  });

  it('releases a cart payment whose server stopped before the charge: stock and items come back', async () => {
    const who = await buyer();
    const product = catalogue[2]!;
    const { cartId, total } = await cartWith(who, product);
    const stock = await stockOf(product.product_id);

    await expect(payThrough(stoppingGateway('before-charge'), who, cartBody(cartId, total, 'cart-crash-before'))).rejects.toMatchObject({ statusCode: 503 });
    expect(await stockOf(product.product_id)).toBe(stock - 1);

    // Two server processes run the job at once, after the lease ran out: one of them recovers it.
    await app.db
      .update(payments)
      .set({ updatedAt: sql`now() - interval '1 hour'` })
      .where(eq(payments.reference, 'cart-crash-before'));
    const leased = () => recoverStalePayments(app.db, app.payments, purchaseOptionsFor(app).services, { leaseMs: 60_000 });
    const [a, b] = await Promise.all([leased(), leased()]);
    expect(a.released + b.released, JSON.stringify([a, b])).toBe(1);
    expect(a.settled + b.settled).toBe(0);
    expect(await chargesOf(who)).toBe(0);
    expect(await stockOf(product.product_id)).toBe(stock);
    const [order] = await ordersOf(who);
    expect(order!.status).toBe('failed');
    const [item] = await app.db.select().from(cartItems).where(eq(cartItems.id, cartId));
    expect(item).toMatchObject({ status: 'ACTIVE', orderId: null });

    // Nothing stays reserved: the same items can be bought, with the same transaction id too.
    const again = await pay(who, cartBody(cartId, total, 'cart-crash-before'));
    expect(again.statusCode, again.body).toBe(200);
    expect(await chargesOf(who)).toBe(1);
  });

  it('settles an exam purchase whose server stopped after the charge, extending access from the expiry', async () => {
    const who = await buyer();
    const first = await pay(who, { 'payment-amount': EXAM_PRICE_CENTS, 'transaction-type': 'exam', 'transaction-id': 'exam-ok' });
    expect(first.statusCode, first.body).toBe(200);
    const firstExpiry = Date.parse(first.json().data['access-expiry']);

    const body = { 'payment-amount': EXAM_PRICE_CENTS, 'transaction-type': 'exam', 'transaction-id': 'exam-crash' };
    await expect(payThrough(stoppingGateway('after-charge'), who, body)).rejects.toMatchObject({ statusCode: 503 });
    // A lease that has not run out keeps the payment for its request (or the job of another server).
    expect(await recoverStalePayments(app.db, app.payments, purchaseOptionsFor(app).services, { leaseMs: 60_000 })).toMatchObject({ settled: 0 });
    expect(await recover()).toMatchObject({ settled: 1 });

    const [settled] = await app.db.select().from(payments).where(eq(payments.reference, 'exam-crash'));
    expect(settled!.status).toBe('succeeded');
    const expected = new Date(firstExpiry);
    expected.setUTCMonth(expected.getUTCMonth() + 3);
    expect(Math.abs(settled!.accessExpiry!.getTime() - expected.getTime())).toBeLessThan(DAY);
    expect(await chargesOf(who)).toBe(2);
  });

  it('a declined card releases the claim: the promo redemption and the key come back', async () => {
    const who = await buyer();
    const declined = await saveSandboxCard(app, who.cookie, '4000000000009995');
    const body = { 'user-pm': declined, 'payment-amount': EXAM_PRICE_CENTS, 'transaction-type': 'exam', 'transaction-id': 'exam-declined' };
    const res = await app.inject({ method: 'POST', url: '/api/payments/create-payment-intent', headers: { cookie: who.cookie }, payload: body });
    expect(res.statusCode).toBe(402);
    // The same attempt with a working card goes through (the failed attempt gave its key up).
    const retry = await pay(who, { 'payment-amount': EXAM_PRICE_CENTS, 'transaction-type': 'exam', 'transaction-id': 'exam-declined' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await chargesOf(who)).toBe(1);
  });
});
