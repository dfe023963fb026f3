import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxCards, sandboxTransfers, user as users } from '@medallion/db/schema';
import type { GatewayUser, PaymentGateway } from '../src/integrations/payments/gateway';
import { createSandboxGateway } from '../src/integrations/payments/sandbox-gateway';
import { createStripeGateway } from '../src/integrations/payments/stripe-gateway';
import { startFakeStripe } from '../../../test-support/fake-stripe';
import { createTestDatabase } from './helpers/test-database';

// Refunds, Connect-shaped payouts and the 3-D Secure card, the same on both gateways: the sandbox and
// Stripe (against the local fake Stripe server).
describe('gateway refunds, payouts and 3-D Secure', async () => {
  const database = await createTestDatabase();
  const stripeServer = await startFakeStripe();
  afterAll(async () => {
    await stripeServer.close();
    await database.dispose();
  });
  const db = database.db;

  async function newUser(): Promise<GatewayUser> {
    const u = { id: randomUUID(), email: `${randomUUID()}@example.com`, name: 'Test Person' };
    await db.insert(users).values({ ...u, status: 'CONFIRMED', emailVerified: true });
    return u;
  }

  const sandbox = createSandboxGateway(db);
  const stripe = await createStripeGateway({ db, secretKey: 'sk_test_money', publishableKey: 'pk_test_money', apiUrl: stripeServer.url });

  /** A saved card of `number` for the user, the way each gateway keeps it. */
  async function cardFor(gateway: PaymentGateway, u: GatewayUser, number: string): Promise<string> {
    if (gateway.kind === 'sandbox') {
      const behaviour = number === '4000002760003184' ? 'authentication_required' : 'succeed';
      const id = `pm_sbx_${randomUUID().slice(0, 8)}`;
      await db.insert(sandboxCards).values({ id, userId: u.id, brand: 'visa', last4: number.slice(-4), expMonth: 12, expYear: 2040, behaviour });
      return id;
    }
    await stripe.createSetupIntent(u); // creates the customer
    const customer = [...stripeServer.customers.values()].find((c) => c.email === u.email)!.id;
    return stripeServer.attachCard(customer, { last4: number.slice(-4), ...(number === '4000002760003184' ? { needsAuthentication: true } : {}) });
  }

  for (const gateway of [sandbox, stripe]) {
    describe(gateway.kind, () => {
      it('refunds part of a charge, then the rest, and never more than was charged', async () => {
        const driver = await newUser();
        const card = await cardFor(gateway, driver, '4242424242424242');
        const key = `test:${randomUUID()}`;
        const charged = await gateway.charge({ user: driver, paymentMethodId: card, amountCents: 50_000, idempotencyKey: key, description: 'deposit' });
        expect(charged.status).toBe('succeeded');
        const pi = (charged as { providerPaymentId: string }).providerPaymentId;

        const part = await gateway.refund({ providerPaymentId: pi, amountCents: 20_000, idempotencyKey: `${key}:refund:1` });
        expect(part.status).toBe('succeeded');
        // The same key again: the same refund, not a second one.
        expect(await gateway.refund({ providerPaymentId: pi, amountCents: 20_000, idempotencyKey: `${key}:refund:1` })).toEqual(part);
        const tooMuch = await gateway.refund({ providerPaymentId: pi, amountCents: 30_001, idempotencyKey: `${key}:refund:2` });
        expect(tooMuch.status).toBe('failed');
        const rest = await gateway.refund({ providerPaymentId: pi, amountCents: 30_000, idempotencyKey: `${key}:refund:3` });
        expect(rest.status).toBe('succeeded');
        expect(rest).not.toEqual(part);
        if (gateway.kind === 'stripe') {
          expect(stripeServer.refunds.filter((r) => r.payment_intent === pi).map((r) => r.amount)).toEqual([20_000, 30_000]);
        }
      });

      it('creates one connected account per owner and transfers to it once per key', async () => {
        const owner = await newUser();
        const first = await gateway.payoutAccount(owner);
        expect(await gateway.payoutAccount(owner)).toEqual(first);
        expect(first.accountId).toMatch(/^acct_/);
        const key = `payout:${randomUUID()}`;
        if (gateway.kind === 'stripe') {
          // Stripe moves money to an Express account only once its owner has finished onboarding.
          expect(await gateway.payoutAccountReady(first.accountId)).toBe(false);
          await expect(
            gateway.transfer({ accountId: first.accountId, amountCents: 35_000, idempotencyKey: `${key}:early`, description: 'rent' }),
          ).rejects.toThrow(/capabilities/);
          const link = await gateway.payoutOnboardingLink(first.accountId, {
            returnUrl: 'http://localhost:3000/back',
            refreshUrl: 'http://localhost:3000/again',
          });
          expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/connect\/onboarding\//);
          stripeServer.finishOnboarding(first.accountId);
        }
        expect(await gateway.payoutAccountReady(first.accountId)).toBe(true);
        const t1 = await gateway.transfer({ accountId: first.accountId, amountCents: 35_000, idempotencyKey: key, description: 'rent' });
        const t2 = await gateway.transfer({ accountId: first.accountId, amountCents: 35_000, idempotencyKey: key, description: 'rent' });
        expect(t2).toEqual(t1);
        if (gateway.kind === 'stripe') {
          expect(stripeServer.transfers.filter((t) => t.idempotencyKey === key)).toHaveLength(1);
          expect(stripeServer.accounts.size).toBeGreaterThan(0);
        } else {
          expect(await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, key))).toHaveLength(1);
        }
        await expect(gateway.transfer({ accountId: 'acct_nobody', amountCents: 100, idempotencyKey: `${key}:x`, description: 'rent' })).rejects.toThrow();
      });

      it('declines an off-session charge of the 3-D Secure card with authentication_required; on-session it succeeds', async () => {
        const driver = await newUser();
        const card = await cardFor(gateway, driver, '4000002760003184');
        const off = await gateway.charge({
          user: driver,
          paymentMethodId: card,
          amountCents: 35_000,
          idempotencyKey: `test:${randomUUID()}`,
          description: 'week 2',
        });
        expect(off).toMatchObject({
          status: 'failed',
          code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        });
        const on = await gateway.charge({
          user: driver,
          paymentMethodId: card,
          amountCents: 35_000,
          idempotencyKey: `test:${randomUUID()}`,
          description: 'week 2',
          offSession: false,
        });
        if (gateway.kind === 'sandbox') {
          // The sandbox has no challenge: on-session, the holder is taken as confirmed.
          expect(on.status).toBe('succeeded');
          return;
        }
        // Stripe asks for the holder: requires_action with the intent's client secret, nothing charged yet.
        expect(on).toMatchObject({ status: 'requires_action', clientSecret: expect.stringMatching(/^pi_fake\d+_secret_/) });
        const pi = (on as { providerPaymentId: string }).providerPaymentId;
        expect(await gateway.retrieveCharge(pi)).toMatchObject({ status: 'requires_action' });
        stripeServer.finishChallenge(pi, 'complete');
        expect(await gateway.retrieveCharge(pi)).toEqual({ status: 'succeeded', providerPaymentId: pi });
      });
    });
  }
});
