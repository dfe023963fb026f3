import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentCustomers, payments } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { startFakeStripe } from './helpers/fake-stripe';

const WEBHOOK_SECRET = 'whsec_test_medallion';

describe('Stripe gateway against a local Stripe-speaking server', async () => {
  const stripeServer = await startFakeStripe();
  afterAll(() => stripeServer.close());
  const { app } = await buildTestApp({
    AUTH_RATE_LIMIT_MAX: '1000',
    STRIPE_SECRET_KEY: 'sk_test_medallion',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_medallion',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripeServer.url,
  });
  const me = await createConfirmedUser(app, 'stripe-user@example.com');
  const other = await createConfirmedUser(app, 'stripe-other@example.com');

  async function customerOf(userId: string) {
    const [row] = await app.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
    return row!.providerCustomerId;
  }

  it('creates a customer and a setup intent with the publishable key', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ 'publishable-key': 'pk_test_medallion', mode: 'stripe' });
    expect(res.json().data['client-secret']).toMatch(/^seti_fake\d+_secret/);
    await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie: me.cookie } });
    expect(stripeServer.customers.size).toBe(1);
  });

  it("lists the user's cards and hides the sandbox form", async () => {
    stripeServer.attachCard(await customerOf(me.id), { brand: 'mastercard', last4: '4444' });
    const list = await app.inject({ method: 'GET', url: '/api/payments/payment-methods', headers: { cookie: me.cookie } });
    expect(list.json().data).toEqual([expect.objectContaining({ brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2031 })]);
    const sandbox = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm-setup',
      headers: { cookie: me.cookie },
      payload: { 'client-secret': 'x', number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' },
    });
    expect(sandbox.statusCode).toBe(404);
  });

  it('charges off-session once with an idempotency key, and refuses another user\'s card', async () => {
    const pm = stripeServer.attachCard(await customerOf(me.id));
    const body = { 'user-pm': pm, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': 'tx-stripe-1' };
    const stolen = await app.inject({ method: 'POST', url: '/api/payments/create-payment-intent', headers: { cookie: other.cookie }, payload: body });
    expect(stolen.statusCode).toBe(404);

    const results = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ method: 'POST', url: '/api/payments/create-payment-intent', headers: { cookie: me.cookie }, payload: body })),
    );
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    expect(stripeServer.charges.filter((c) => c.payment_method === pm)).toHaveLength(1);
    expect(stripeServer.charges[0]?.idempotencyKey).toBe(`exam:${me.id}:tx-stripe-1`);
    const [row] = await app.db.select().from(payments).where(eq(payments.reference, 'tx-stripe-1'));
    expect(row).toMatchObject({ status: 'succeeded', provider: 'stripe', amountCents: 2000 });
  });

  it('shows the card error of a declined charge', async () => {
    const pm = stripeServer.attachCard(await customerOf(other.id).catch(async () => {
      await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie: other.cookie } });
      return customerOf(other.id);
    }), { decline: 'generic_decline' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { cookie: other.cookie },
      payload: { 'user-pm': pm, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': 'tx-decline-1' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
  });

  describe('webhook', () => {
    const post = (payload: string, signature: string) =>
      app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

    it('refuses a bad signature with 400', async () => {
      const payload = JSON.stringify({ id: 'evt_bad', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } });
      const res = await post(payload, 't=1,v1=deadbeef');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    });

    it('applies a valid event once; a replay has no second effect', async () => {
      const [row] = await app.db
        .insert(payments)
        .values({
          userId: other.id,
          purpose: 'exam',
          reference: 'tx-webhook',
          amountCents: 2000,
          status: 'processing',
          provider: 'stripe',
          providerPaymentId: 'pi_webhook_1',
          paymentMethodId: 'pm_x',
          idempotencyKey: `exam:${other.id}:tx-webhook`,
        })
        .returning();
      const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_webhook_1', object: 'payment_intent' } } });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const first = await post(payload, signature);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ received: true, duplicate: false });
      const [paid] = await app.db.select().from(payments).where(eq(payments.id, row!.id));
      expect(paid?.status).toBe('succeeded');
      const expiry = paid!.accessExpiry!.getTime();

      const replay = await post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
      expect(replay.json()).toEqual({ received: true, duplicate: true });
      const [after] = await app.db.select().from(payments).where(eq(payments.id, row!.id));
      expect(after!.accessExpiry!.getTime()).toBe(expiry);
    });
  });
});
