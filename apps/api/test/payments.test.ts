import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, payments, sandboxCards } from '@medallion/db/schema';
import { passesLuhn } from '../src/integrations/payments/test-cards';
import { EARLY_CAPTURE_CSP_SOURCE } from '../src/plugins/security';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { fieldTexts } from './helpers/field-texts';

describe('payments (sandbox gateway)', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', EXAM_PROMO_CODE: 'TLC500' });
  const me = await createConfirmedUser(app, 'payer@example.com');
  const other = await createConfirmedUser(app, 'other-payer@example.com');
  const year = new Date().getUTCFullYear() + 2;

  async function addCard(cookie: string, number: string, extra: Record<string, unknown> = {}) {
    const setup = await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie } });
    expect(setup.statusCode).toBe(200);
    const secret = setup.json().data['client-secret'];
    return app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm-setup',
      headers: { cookie },
      payload: { 'client-secret': secret, number, exp_month: 12, exp_year: year, cvc: '123', ...extra },
    });
  }

  it('needs a session', async () => {
    for (const [method, url] of [
      ['POST', '/api/payments/create-setup-intent'],
      ['GET', '/api/payments/payment-methods'],
      ['POST', '/api/payments/create-payment-intent'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('gives sandbox setup values', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie: me.cookie } });
    expect(res.json().data).toMatchObject({ 'publishable-key': 'pk_sandbox_medallion', mode: 'sandbox' });
    expect(res.json().data['client-secret']).toMatch(/^seti_sbx_/);
    expect(res.json().data).not.toHaveProperty('js-url');
  });

  it("keeps the page's CSP to 'self': the sandbox card form loads nothing from elsewhere", async () => {
    const csp = (await app.inject({ method: 'GET', url: '/api/docs' })).headers['content-security-policy'] as string;
    const directives = Object.fromEntries(csp.split(';').map((d) => [d.trim().split(/\s+/)[0], d.trim().split(/\s+/).slice(1)]));
    expect(directives['script-src']).toEqual(["'self'", EARLY_CAPTURE_CSP_SOURCE]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives).not.toHaveProperty('frame-src');
    expect(csp).not.toContain('stripe');
  });

  it('saves 4242 as a Visa ending 4242 and never stores the number', async () => {
    const res = await addCard(me.cookie, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: year });
    const list = await app.inject({ method: 'GET', url: '/api/payments/payment-methods', headers: { cookie: me.cookie } });
    expect(list.json().data).toHaveLength(1);
    const rows = await app.db.select().from(sandboxCards);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', 'Your card number is incorrect.'],
  ])('refuses %s with "%s"', async (number, message) => {
    const res = await addCard(other.cookie, number);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_FAILED', message });
  });

  it('refuses a past expiry and bad fields with clear messages', async () => {
    const past = await addCard(other.cookie, '4242424242424242', { exp_year: 2020 });
    expect(past.json().message).toBe('Your card has expired.');
    const bad = await addCard(other.cookie, '42', { cvc: '1' });
    expect(bad.statusCode).toBe(400);
    expect(fieldTexts(bad.json())).toMatchObject({ number: 'Enter a valid card number.', cvc: 'Enter the 3 or 4 digit security code.' });
  });

  it("cannot reuse a setup intent or use another user's", async () => {
    const setup = await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie: me.cookie } });
    const secret = setup.json().data['client-secret'];
    const stolen = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm-setup',
      headers: { cookie: other.cookie },
      payload: { 'client-secret': secret, number: '4242424242424242', exp_month: 12, exp_year: year, cvc: '123' },
    });
    expect(stolen.statusCode).toBe(400);
  });

  describe('exam payment', () => {
    const pay = (cookie: string, body: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/payments/create-payment-intent', headers: { cookie }, payload: body });

    it('refuses a tampered amount, names the right one, and charges nothing', async () => {
      const [card] = (await app.inject({ method: 'GET', url: '/api/payments/payment-methods', headers: { cookie: me.cookie } })).json().data;
      const res = await pay(me.cookie, { 'user-pm': card.id, 'payment-amount': 100, 'transaction-type': 'exam', 'transaction-id': 'tx-tamper-1' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'AMOUNT_MISMATCH', message: 'The amount to pay is $20.00 (2000 cents).' });
      expect(await app.db.select().from(payments)).toHaveLength(0);
    });

    it("refuses another user's card with 404", async () => {
      const [card] = (await app.inject({ method: 'GET', url: '/api/payments/payment-methods', headers: { cookie: me.cookie } })).json().data;
      const res = await pay(other.cookie, { 'user-pm': card.id, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': 'tx-steal-1' });
      expect(res.statusCode).toBe(404);
    });

    it('rejects an invalid promo code', async () => {
      const [card] = (await app.inject({ method: 'GET', url: '/api/payments/payment-methods', headers: { cookie: me.cookie } })).json().data;
      const res = await pay(me.cookie, {
        'user-pm': card.id,
        'payment-amount': 1500,
        'transaction-type': 'exam',
        'referal-code': 'NOPE00',
        'transaction-id': 'tx-promo-bad',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid promo code');
    });

    it('charges once for 20 parallel calls of one checkout, with the promo price', async () => {
      const [card] = (await app.inject({ method: 'GET', url: '/api/payments/payment-methods', headers: { cookie: me.cookie } })).json().data;
      let charges = 0;
      const original = app.payments.charge.bind(app.payments);
      app.payments.charge = async (req) => {
        charges++;
        return original(req);
      };
      try {
        const body = { 'user-pm': card.id, 'payment-amount': 1500, 'transaction-type': 'exam', 'referal-code': 'tlc500', 'transaction-id': 'tx-parallel-1' };
        const results = await Promise.all(Array.from({ length: 20 }, () => pay(me.cookie, body)));
        const ok = results.filter((r) => r.statusCode === 200);
        expect(ok.length).toBeGreaterThanOrEqual(1);
        expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
        expect(charges).toBe(1);
        const rows = await app.db.select().from(payments).where(eq(payments.reference, 'tx-parallel-1'));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: 'succeeded', amountCents: 1500, currency: 'usd', provider: 'sandbox' });
        // A retry of the same checkout answers the same payment without charging.
        const again = await pay(me.cookie, body);
        expect(again.statusCode).toBe(200);
        expect(again.json().data['payment-id']).toBe(rows[0]!.id);
        expect(charges).toBe(1);
      } finally {
        app.payments.charge = original;
      }
      const receipts = (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'payer@example.com'))).filter((m) => m.subject.includes('receipt'));
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.subject).toBe('Medallion receipt: $15.00 / Чек Medallion: 15,00\u00a0$');
      expect(receipts[0]!.text).toContain('VISA •••• 4242');
      const user = await app.inject({ method: 'GET', url: '/api/users', headers: { cookie: me.cookie } });
      expect(user.json().data.payment_transactions).toHaveLength(1);
      expect(Date.parse(user.json().data.payment_transactions[0].access_expiry)).toBeGreaterThan(Date.now() + 80 * 24 * 3600 * 1000);
      // Buying again while access is active extends it from the current expiry.
      const firstExpiry = Date.parse(user.json().data.payment_transactions[0].access_expiry);
      const second = await pay(me.cookie, { 'user-pm': card.id, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': 'tx-second' });
      expect(second.statusCode).toBe(200);
      const extended = Date.parse(second.json().data['access-expiry']);
      expect(extended - firstExpiry).toBeGreaterThan(88 * 24 * 3600 * 1000);
      expect(extended - firstExpiry).toBeLessThan(93 * 24 * 3600 * 1000);
    });

    it('reports insufficient funds (9995) and records the failed payment', async () => {
      const saved = await addCard(other.cookie, '4000 0000 0000 9995');
      expect(saved.statusCode).toBe(200);
      const res = await pay(other.cookie, {
        'user-pm': saved.json().data.id,
        'payment-amount': 2000,
        'transaction-type': 'exam',
        'transaction-id': 'tx-nsf-1',
      });
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe('Your card has insufficient funds.');
      const [row] = await app.db.select().from(payments).where(eq(payments.reference, 'tx-nsf-1'));
      expect(row).toMatchObject({ status: 'failed', failureMessage: 'Your card has insufficient funds.' });
    });
  });
});

describe('Luhn', () => {
  it('accepts the test cards and rejects a changed digit', () => {
    for (const n of [
      '4242424242424242',
      '4000000000000002',
      '4000000000009995',
      '4000000000000069',
      '4000000000000127',
      '5555555555554444',
      '378282246310005',
    ]) {
      expect(passesLuhn(n), n).toBe(true);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
  });
});
