import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox, paymentCustomers, payments, rentalCharges, rentals } from '@medallion/db/schema';
import { newYorkDate, runRentRound } from '../src/modules/rental-payments/charge-due-rent';
import { rentServicesFor } from '../src/modules/rental-payments/rent-jobs';
import { recoverStalePayments } from '../src/modules/payments/recover-payments';
import { purchaseOptionsFor } from '../src/modules/payments/payment-recovery-job';
import { applyRentalEvent } from '../src/modules/rentals/rental-lifecycle';
import { AUTHENTICATION_FAILED_MESSAGE, startFakeStripe } from '../../../test-support/fake-stripe';
import { buildTestApp } from './helpers/build-test-app';
import { stripeModeEnv } from './helpers/payments';
import { createConfirmedUser } from './helpers/auth';
import { insertRentalAwaitingPickup, nyNoon } from './helpers/rentals';

const START = newYorkDate(new Date());

// 3-D Secure on our pages in Stripe mode (against the local fake): the card's bank wants its holder, the
// server answers requires_action with the intent's client secret, the browser runs the challenge, and the
// confirm call reads the intent again at Stripe and settles (or releases) the purchase once.
describe('3-D Secure on-session (Stripe mode)', async () => {
  const stripeServer = await startFakeStripe({ publishableKey: 'pk_test_3ds' });
  afterAll(() => stripeServer.close());
  const { app } = await buildTestApp(stripeModeEnv(stripeServer, '3ds'));
  const owner = await createConfirmedUser(app, 'tds-owner@example.com', 'Secret123', 'Olga Owner');
  const driver = await createConfirmedUser(app, 'tds-driver@example.com', 'Secret123', 'Dmitri Driver');
  const other = await createConfirmedUser(app, 'tds-other@example.com', 'Secret123', 'Oscar Other');
  await app.inject({ method: 'POST', url: '/api/payments/create-setup-intent', headers: { cookie: driver.cookie } });
  const [customer] = await app.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, driver.id));
  const card3ds = stripeServer.attachCard(customer!.providerCustomerId, { last4: '3184', needsAuthentication: true });

  const post = (url: string, cookie: string, payload?: object) => app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const payPickup = (rentalId: string) =>
    post('/api/payments/create-payment-intent', driver.cookie, { 'user-pm': card3ds, 'payment-amount': 95_000, 'rental-id': rentalId });
  const intentOf = (id: string) => stripeServer.intents.get(id)!;
  const paymentOf = async (id: string) => (await app.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  it('the pick-up answers requires_action; after the completed challenge the confirm settles it once, and the rental is paid', async () => {
    const rental = await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: START });
    const first = await payPickup(rental.id);
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({ status: 'requires_action', amount: 95_000 });
    expect(data['next-action']).toEqual({
      'client-secret': expect.stringMatching(/^pi_fake\d+_secret_/),
      'publishable-key': 'pk_test_3ds',
      'js-url': stripeServer.jsUrl,
    });
    const held = await paymentOf(data['payment-id']);
    expect(held).toMatchObject({ status: 'processing', providerPaymentId: expect.stringMatching(/^pi_fake/) });
    expect(intentOf(held.providerPaymentId!).status).toBe('requires_action');

    // The browser's word is not taken: before the challenge, confirm answers the challenge again and nothing is paid.
    const early = await post(`/api/payments/${held.id}/confirm`, driver.cookie);
    expect(early.json().data).toMatchObject({ status: 'requires_action', 'payment-id': held.id });
    // A second Pay (a reload) answers the same challenge; Stripe was asked to charge once.
    const again = await payPickup(rental.id);
    expect(again.json().data['payment-id']).toBe(held.id);
    expect(stripeServer.charges.filter((c) => c.payment_method === card3ds)).toHaveLength(1);
    // Someone else cannot confirm it.
    expect((await post(`/api/payments/${held.id}/confirm`, other.cookie)).statusCode).toBe(404);

    stripeServer.finishChallenge(held.providerPaymentId!, 'complete');
    const confirms = await Promise.all(Array.from({ length: 4 }, () => post(`/api/payments/${held.id}/confirm`, driver.cookie)));
    for (const c of confirms) {
      expect(c.statusCode, c.body).toBe(200);
      expect(c.json().data).toMatchObject({ status: 'succeeded', 'payment-id': held.id, amount: 95_000 });
      expect(c.json().data['next-action']).toBeUndefined();
    }
    expect(await paymentOf(held.id)).toMatchObject({ status: 'succeeded' });
    const charges = await app.db.select().from(rentalCharges).where(eq(rentalCharges.rentalId, rental.id));
    expect(charges.map((c) => `${c.kind}:${c.week}:${c.status}`).sort()).toEqual(['deposit:0:succeeded', 'week:0:succeeded']);
    const [after] = await app.db.select().from(rentals).where(eq(rentals.id, rental.id));
    expect(after!.pickupPaidAt).not.toBeNull();
  });

  it('a failed challenge releases the pick-up (nothing charged, a clear 402); the next Pay starts a new challenge', async () => {
    const rental = await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: START });
    const first = (await payPickup(rental.id)).json().data;
    const held = await paymentOf(first['payment-id']);
    stripeServer.finishChallenge(held.providerPaymentId!, 'fail');
    const failed = await post(`/api/payments/${held.id}/confirm`, driver.cookie);
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({ code: 'PAYMENT_FAILED', key: 'payment.authenticationFailed' });
    expect(AUTHENTICATION_FAILED_MESSAGE).toMatch(/unable to authenticate/);
    expect(await paymentOf(held.id)).toMatchObject({ status: 'failed' });
    expect(await app.db.select().from(rentalCharges).where(eq(rentalCharges.rentalId, rental.id))).toEqual([]);
    // Confirming it again says the same; it never becomes paid.
    expect((await post(`/api/payments/${held.id}/confirm`, driver.cookie)).statusCode).toBe(402);

    const retry = (await payPickup(rental.id)).json().data;
    expect(retry).toMatchObject({ status: 'requires_action' });
    expect(retry['payment-id']).not.toBe(held.id);
  });

  it('a challenge never finished: after the lease the recovery job cancels the intent and gives the purchase back', async () => {
    const rental = await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: START });
    const first = (await payPickup(rental.id)).json().data;
    const held = await paymentOf(first['payment-id']);
    await app.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(payments.id, held.id));
    const result = await recoverStalePayments(app.db, app.payments, purchaseOptionsFor(app).services, { leaseMs: 60_000 });
    expect(result).toMatchObject({ released: 1, errors: 0 });
    expect(intentOf(held.providerPaymentId!).status).toBe('canceled');
    expect(await paymentOf(held.id)).toMatchObject({ status: 'failed' });
  });

  it("the webhook of a failed challenge releases the payment in our words; the page's confirm then says so", async () => {
    const rental = await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: START });
    const held = await paymentOf((await payPickup(rental.id)).json().data['payment-id']);
    stripeServer.finishChallenge(held.providerPaymentId!, 'fail');
    const payload = JSON.stringify({
      id: `evt_3ds_${held.id}`,
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: { ...intentOf(held.providerPaymentId!), metadata: { idempotency_key: held.chargeKey } } },
    });
    const hook = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test_3ds' }) },
      payload,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(await paymentOf(held.id)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your bank did not confirm the payment, so nothing was charged. You can try again.',
    });
    const confirm = await post(`/api/payments/${held.id}/confirm`, driver.cookie);
    expect(confirm.statusCode).toBe(402);
    expect(confirm.json()).toMatchObject({ key: 'payment.authenticationFailed' });
  });

  it('a week that needs the driver (off-session authentication_required) is paid on its page with the challenge, recorded once', async () => {
    const rental = await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: START });
    const pickup = (await payPickup(rental.id)).json().data;
    stripeServer.finishChallenge((await paymentOf(pickup['payment-id'])).providerPaymentId!, 'complete');
    expect((await post(`/api/payments/${pickup['payment-id']}/confirm`, driver.cookie)).statusCode).toBe(200);
    await applyRentalEvent(app.db, rental.id, 'pickupPhotos', { by: 'system' });

    const round = await runRentRound(app.db, app.payments, rentServicesFor(app), { now: nyNoon(START, 7), leaseMs: 600_000 });
    expect(round.needsAction).toBe(1);
    const weekRow = async () =>
      (
        await app.db
          .select()
          .from(rentalCharges)
          .where(and(eq(rentalCharges.rentalId, rental.id), eq(rentalCharges.kind, 'week'), eq(rentalCharges.week, 1)))
      )[0]!;
    expect(await weekRow()).toMatchObject({ status: 'needs_action' });
    // The job's failed charge: the driver gets the link to confirm the week, the owner is told.
    const mailsTo = async (email: string) =>
      (await app.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.subject);
    const driverMails = await mailsTo('tds-driver@example.com');
    const ownerMails = await mailsTo('tds-owner@example.com');
    expect(driverMails.filter((s) => /week 2/i.test(s))).toHaveLength(1);
    expect(ownerMails.filter((s) => /week 2/i.test(s))).toHaveLength(1);

    const pay = await post(`/api/rentals/${rental.id}/weeks/1/pay`, driver.cookie, {});
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().data).toMatchObject({ status: 'processing', week: 1 });
    expect(pay.json().data['next-action']['client-secret']).toMatch(/^pi_fake/);
    const held = await weekRow();
    expect(held.providerPaymentId).toMatch(/^pi_fake/);

    // A failed challenge: the week waits for the driver again; nothing was charged.
    stripeServer.finishChallenge(held.providerPaymentId!, 'fail');
    const failed = await post(`/api/rentals/${rental.id}/weeks/1/confirm`, driver.cookie);
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({ code: 'PAYMENT_FAILED', key: 'payment.authenticationFailed' });
    expect(await weekRow()).toMatchObject({ status: 'needs_action' });
    // The driver saw it on the page and both were told when the week first failed: no e-mail again.
    expect(await mailsTo('tds-driver@example.com')).toEqual(driverMails);
    expect(await mailsTo('tds-owner@example.com')).toEqual(ownerMails);

    // Again, completed: confirmed in parallel, recorded once (one payout row for the owner).
    const second = (await post(`/api/rentals/${rental.id}/weeks/1/pay`, driver.cookie, {})).json().data;
    expect(second.status).toBe('processing');
    const intent = (await weekRow()).providerPaymentId!;
    expect(intent).not.toBe(held.providerPaymentId);
    stripeServer.finishChallenge(intent, 'complete');
    const confirms = await Promise.all(Array.from({ length: 3 }, () => post(`/api/rentals/${rental.id}/weeks/1/confirm`, driver.cookie)));
    for (const c of confirms) {
      expect(c.statusCode, c.body).toBe(200);
      expect(c.json().data).toMatchObject({ status: 'succeeded', week: 1 });
    }
    expect(await weekRow()).toMatchObject({ status: 'succeeded', providerPaymentId: intent });
    const [after] = await app.db.select().from(rentals).where(eq(rentals.id, rental.id));
    expect(after!.status).toBe('active');
    expect((await post(`/api/rentals/${rental.id}/weeks/1/confirm`, other.cookie)).statusCode).toBe(404);
  });
});
