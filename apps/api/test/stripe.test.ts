import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentCustomers, payments } from '@medallion/db/schema';
import { EARLY_CAPTURE_CSP_SOURCE } from '../src/plugins/security';
import { buildTestApp } from './helpers/build-test-app';
import { stripeModeEnv } from './helpers/payments';
import { createConfirmedUser } from './helpers/auth';
import { startFakeStripe } from '../../../test-support/fake-stripe';
import { stripeCspSources } from '../src/integrations/payments/stripe-csp';
import { purchaseOptionsFor } from '../src/modules/payments/payment-recovery-job';
import { recoverStalePayments } from '../src/modules/payments/recover-payments';

const WEBHOOK_SECRET = 'whsec_test_medallion';

describe('Stripe gateway against a local Stripe-speaking server', async () => {
  const stripeServer = await startFakeStripe({ publishableKey: 'pk_test_medallion' });
  afterAll(() => stripeServer.close());
  const { app } = await buildTestApp(stripeModeEnv(stripeServer, 'medallion', WEBHOOK_SECRET));
  const me = await createConfirmedUser(app, 'stripe-user@example.com');
  const other = await createConfirmedUser(app, 'stripe-other@example.com');

  async function customerOf(userId: string) {
    const [row] = await app.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
    return row!.providerCustomerId;
  }

  it('creates a customer and a setup intent with the publishable key and the Stripe.js address', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ 'publishable-key': 'pk_test_medallion', mode: 'stripe', 'js-url': stripeServer.jsUrl });
    expect(res.json().data['client-secret']).toMatch(/^seti_fake\d+_secret/);
    await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie: me.cookie } });
    expect(stripeServer.customers.size).toBe(1);
  });

  it("allows Stripe.js's origin in the page's CSP (script, frame, calls)", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    const directives = Object.fromEntries(
      (res.headers['content-security-policy'] as string).split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'", EARLY_CAPTURE_CSP_SOURCE, stripeServer.url]);
    expect(directives['frame-src']).toEqual(["'self'", stripeServer.url]);
    expect(directives['connect-src']).toEqual(["'self'", stripeServer.url]);
    expect(directives['default-src']).toEqual(["'self'"]);
  });

  it('saves a card the way Stripe.js does (publishable key + client secret), then lists it', async () => {
    const setup = await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie: other.cookie } });
    const secret: string = setup.json().data['client-secret'];
    const id = secret.split('_secret_')[0];
    const year = new Date().getUTCFullYear() + 3;
    const confirm = (card: string, key = 'pk_test_medallion', clientSecret = secret) =>
      fetch(`${stripeServer.url}/v1/setup_intents/${id}/confirm`, {
        method: 'POST',
        body: new URLSearchParams({
          key,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': card,
          'payment_method_data[card][exp_month]': '11',
          'payment_method_data[card][exp_year]': String(year),
          'payment_method_data[card][cvc]': '123',
        }),
      });

    expect((await confirm('4242424242424242', 'pk_test_someone_else')).status).toBe(401);
    expect((await confirm('4242424242424242', 'pk_test_medallion', `${id}_secret_wrong`)).status).toBe(404);
    for (const [card, code, message] of [
      ['4000000000000002', 'card_declined', 'Your card was declined.'],
      ['4000000000000069', 'expired_card', 'Your card has expired.'],
      ['4000000000000127', 'incorrect_cvc', "Your card's security code is incorrect."],
      ['4242424242424241', 'incorrect_number', 'Your card number is incorrect.'],
    ]) {
      const declined = await confirm(card!);
      expect(declined.status, card).toBe(402);
      expect(((await declined.json()) as { error: unknown }).error).toMatchObject({ type: 'card_error', code, message });
    }
    const before = await app.inject({ method: 'GET', url: '/api/payments/payment-methods', headers: { cookie: other.cookie } });
    expect(before.json().data).toEqual([]);

    const saved = await confirm('4242424242424242');
    expect(saved.status).toBe(200);
    expect(saved.headers.get('access-control-allow-origin')).toBe('*');
    const intent = (await saved.json()) as { payment_method: string };
    expect(intent).toMatchObject({ id, status: 'succeeded', payment_method: expect.stringMatching(/^pm_/) });
    const list = await app.inject({ method: 'GET', url: '/api/payments/payment-methods', headers: { cookie: other.cookie } });
    expect(list.json().data).toEqual([{ id: intent.payment_method, brand: 'visa', last4: '4242', exp_month: 11, exp_year: year }]);
    // A confirmed setup cannot be confirmed again.
    expect((await confirm('4242424242424242')).status).toBe(400);
  });

  it('serves a fake Stripe.js and its card frame for the browser tests', async () => {
    const js = await fetch(stripeServer.jsUrl);
    expect(js.headers.get('content-type')).toMatch(/^application\/javascript/);
    const source = await js.text();
    expect(source).toContain('window.Stripe = function Stripe(key)');
    expect(source).toContain(`${stripeServer.url}`);
    const frame = await fetch(`${stripeServer.url}/v3/elements-inner-card.html`);
    expect(await frame.text()).toContain('aria-label="Credit or debit card number"');
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

  it("charges off-session once with an idempotency key, and refuses another user's card", async () => {
    const pm = stripeServer.attachCard(await customerOf(me.id));
    const body = { 'user-pm': pm, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': 'tx-stripe-1' };
    const stolen = await app.inject({ method: 'POST', url: '/api/payments/create-payment-intent', headers: { cookie: other.cookie }, payload: body });
    expect(stolen.statusCode).toBe(404);

    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({ method: 'POST', url: '/api/payments/create-payment-intent', headers: { cookie: me.cookie }, payload: body }),
      ),
    );
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    expect(stripeServer.charges.filter((c) => c.payment_method === pm)).toHaveLength(1);
    const [row] = await app.db.select().from(payments).where(eq(payments.reference, 'tx-stripe-1'));
    expect(row).toMatchObject({ status: 'succeeded', provider: 'stripe', amountCents: 2000, idempotencyKey: `exam:${me.id}:tx-stripe-1` });
    // Stripe gets the attempt's own key: the recovery job asks Stripe about it by that key.
    expect(stripeServer.charges[0]?.idempotencyKey).toBe(`payment:${row!.id}`);
  });

  it('shows the card error of a declined charge', async () => {
    const pm = stripeServer.attachCard(
      await customerOf(other.id).catch(async () => {
        await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie: other.cookie } });
        return customerOf(other.id);
      }),
      { decline: 'generic_decline' },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { cookie: other.cookie },
      payload: { 'user-pm': pm, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': 'tx-decline-1' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
  });

  it("recovers a charge whose answer was lost: Stripe is asked by the attempt's key, the payment settles once", async () => {
    const pm = stripeServer.attachCard(await customerOf(me.id));
    const body = { 'user-pm': pm, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': 'tx-stripe-lost' };
    const charged = stripeServer.charges.length;
    stripeServer.faults.dropPaymentIntentAnswers = true;
    const lost = await app.inject({ method: 'POST', url: '/api/payments/create-payment-intent', headers: { cookie: me.cookie }, payload: body });
    stripeServer.faults.dropPaymentIntentAnswers = false;
    expect(lost.statusCode, lost.body).toBe(503);
    expect(lost.json().code).toBe('SERVICE_UNAVAILABLE');
    const [stuck] = await app.db.select().from(payments).where(eq(payments.reference, 'tx-stripe-lost'));
    expect(stuck!.status).toBe('processing');

    // The lease runs out; the recovery job finds the intent by its metadata and settles the payment.
    await app.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(payments.id, stuck!.id));
    const result = await recoverStalePayments(app.db, app.payments, purchaseOptionsFor(app).services, { leaseMs: 60_000 });
    expect(result).toMatchObject({ settled: 1, released: 0, errors: 0 });
    const [settled] = await app.db.select().from(payments).where(eq(payments.id, stuck!.id));
    expect(settled).toMatchObject({ status: 'succeeded', providerPaymentId: expect.stringMatching(/^pi_fake/) });
    expect(settled!.accessExpiry).not.toBeNull();
    // The retry answers with the settled payment; Stripe was charged once.
    const retry = await app.inject({ method: 'POST', url: '/api/payments/create-payment-intent', headers: { cookie: me.cookie }, payload: body });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data['payment-id']).toBe(stuck!.id);
    expect(stripeServer.charges.length - charged).toBe(1);
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
      const payload = JSON.stringify({
        id: 'evt_1',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_webhook_1', object: 'payment_intent' } },
      });
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

describe('stripeCspSources', () => {
  it("with Stripe's own script: Stripe's hosts, api.stripe.com for calls and hooks.stripe.com for 3-D Secure", () => {
    expect(stripeCspSources({ jsUrl: 'https://js.stripe.com/v3/' })).toEqual({
      script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connect: ['https://js.stripe.com', 'https://api.stripe.com'],
    });
  });

  it('with a local fake: only its origin (and the API origin when it differs)', () => {
    expect(stripeCspSources({ jsUrl: 'http://127.0.0.1:3198/v3/', apiUrl: 'http://127.0.0.1:3198' })).toEqual({
      script: ['http://127.0.0.1:3198'],
      frame: ['http://127.0.0.1:3198'],
      connect: ['http://127.0.0.1:3198'],
    });
    expect(stripeCspSources({ jsUrl: 'http://127.0.0.1:3198/v3/', apiUrl: 'http://127.0.0.1:12111' }).connect).toEqual([
      'http://127.0.0.1:3198',
      'http://127.0.0.1:12111',
    ]);
  });
});
