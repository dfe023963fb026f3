import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, payments, rentalCharges, rentalClaims, rentals, sandboxCharges, sandboxRefunds } from '@medallion/db/schema';
import { newYorkDate, runRentRound } from '../src/modules/rental-payments/charge-due-rent';
import { endRentalForNonPayment } from '../src/modules/rental-payments/end-rental-for-non-payment';
import { payOutOwners } from '../src/modules/rental-payments/pay-out-owners';
import { refundDeposit } from '../src/modules/rental-payments/refund-deposit';
import { rentServicesFor } from '../src/modules/rental-payments/rent-jobs';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { saveSandboxCard } from './helpers/payments';
import { applyRentalEvent } from '../src/modules/rentals/rental-lifecycle';
import { insertRentalAwaitingPickup, nyNoon, setCardBehaviour } from './helpers/rentals';

// Week 2 falls due today (New York), so the 72-hour rule is checked against the real clock of the routes.
const START = newYorkDate(new Date(Date.now() - 7 * 24 * 3600_000));
const LEASE_MS = 600_000;

describe('the money of a rental (sandbox gateway)', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const owner = await createConfirmedUser(app, 'rent-owner@example.com', 'Secret123', 'Olga Owner');
  const driver = await createConfirmedUser(app, 'rent-driver@example.com', 'Secret123', 'Dmitri Driver');
  const stranger = await createConfirmedUser(app, 'rent-stranger@example.com', 'Secret123', 'Sam Stranger');
  const card = await saveSandboxCard(app, driver.cookie);
  const strangerCard = await saveSandboxCard(app, stranger.cookie);
  const round = (days: number) => runRentRound(app.db, app.payments, rentServicesFor(app), { now: nyNoon(START, days), leaseMs: LEASE_MS });

  const pickUp = (rentalId: string, cookie = driver.cookie, pm = card, amount = 95_000) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { cookie },
      payload: { 'user-pm': pm, 'payment-amount': amount, 'rental-id': rentalId },
    });

  async function activeRental() {
    const rental = await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: START });
    const res = await pickUp(rental.id);
    expect(res.statusCode).toBe(200);
    // The hand-over photos (the core's pickupPhotos) make it active.
    await applyRentalEvent(app.db, rental.id, 'pickupPhotos', { by: 'system' });
    return rental;
  }
  const weekRow = async (rentalId: string, week: number) =>
    (
      await app.db
        .select()
        .from(rentalCharges)
        .where(and(eq(rentalCharges.rentalId, rentalId), eq(rentalCharges.kind, 'week'), eq(rentalCharges.week, week)))
    )[0];
  const gatewayCharges = (rentalId: string, week: number) =>
    app.db
      .select()
      .from(sandboxCharges)
      .where(like(sandboxCharges.idempotencyKey, `rental:${rentalId}:week:${week}%`));

  it('charges the deposit and week 1 at pick-up through the one payment path, once', async () => {
    const rental = await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: START });
    // The server computes the amount: deposit $500 + week $450.
    const wrong = await pickUp(rental.id, driver.cookie, card, 45_000);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('AMOUNT_MISMATCH');
    // Someone else's rental is not found, whatever they send.
    expect((await pickUp(rental.id, stranger.cookie, strangerCard)).statusCode).toBe(404);
    expect((await pickUp('not-a-rental')).statusCode).toBe(404);

    const [a, b] = await Promise.all([pickUp(rental.id), pickUp(rental.id)]);
    const ok = [a, b].filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) expect([200, 409]).toContain(r.statusCode);
    const again = await pickUp(rental.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data['payment-id']).toBe(ok[0]!.json().data['payment-id']);
    expect(again.json().data.amount).toBe(95_000);

    const paid = await app.db.select().from(payments).where(eq(payments.reference, rental.id));
    expect(paid.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    const charges = await app.db.select().from(rentalCharges).where(eq(rentalCharges.rentalId, rental.id));
    expect(charges.map((c) => [c.kind, c.week, c.status, c.amountCents]).sort()).toEqual([
      ['deposit', 0, 'succeeded', 50_000],
      ['week', 0, 'succeeded', 45_000],
    ]);
    // The core's pickupPaid: stamped now; active once the hand-over photos are in too.
    const [after] = await app.db.select().from(rentals).where(eq(rentals.id, rental.id));
    expect(after!.pickupPaidAt).not.toBeNull();
    expect(after!.status).toBe('awaiting_pickup');
  });

  it('charges week 2 off-session on its due day exactly once, and pays the owner through the gateway', async () => {
    const rental = await activeRental();
    expect((await round(6)).charged).toBe(0); // not due yet
    await round(7);
    await round(7); // a second round, the same day
    await round(8); // the next day
    const week2 = await weekRow(rental.id, 1);
    expect(week2).toMatchObject({ status: 'succeeded', attempts: 1, chargeKey: `rental:${rental.id}:week:1`, dueDate: newYorkDate(nyNoon(START, 7)) });
    expect(await gatewayCharges(rental.id, 1)).toHaveLength(1);
    expect(await weekRow(rental.id, 2)).toBeUndefined();

    const before = await app.inject({ method: 'GET', url: '/api/rentals/payouts', headers: { cookie: owner.cookie } });
    expect(before.json().data['due-cents']).toBeGreaterThanOrEqual(45_000);
    await payOutOwners(app.db, app.payments, { now: nyNoon(START, 8), leaseMs: LEASE_MS });
    await payOutOwners(app.db, app.payments, { now: nyNoon(START, 8), leaseMs: LEASE_MS });
    const after = await app.inject({ method: 'GET', url: '/api/rentals/payouts', headers: { cookie: owner.cookie } });
    expect(after.json().data['due-cents']).toBe(0);
    expect(after.json().data.payouts.find((p: { 'rental-id': string }) => p['rental-id'] === rental.id)).toMatchObject({
      week: 1,
      'amount-cents': 45_000,
      status: 'paid',
    });
  });

  it('e-mails both sides on a decline, retries on the next two days, and lets the owner end the rental only after 72 h', async () => {
    const rental = await activeRental();
    await setCardBehaviour(app, card, 'insufficient_funds');
    try {
      await round(7);
      expect(await weekRow(rental.id, 1)).toMatchObject({ status: 'due', attempts: 1 });
      const mails = await app.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'The rent for week 2 was declined%'));
      expect(mails.map((m) => m.to).sort()).toEqual(['rent-driver@example.com', 'rent-owner@example.com']);
      expect(mails.find((m) => m.to === 'rent-driver@example.com')!.text).toContain(`/rentals/${rental.id}/weeks/1/pay`);

      await round(7); // the same day again: no second attempt
      expect((await weekRow(rental.id, 1))!.attempts).toBe(1);
      await round(8);
      const end = () => app.inject({ method: 'POST', url: `/api/rentals/${rental.id}/end-for-non-payment`, headers: { cookie: owner.cookie } });
      const early = await end();
      expect(early.statusCode).toBe(409);
      expect(early.json().key).toBe('rental.cannotEndYet');
      await round(9);
      expect(await weekRow(rental.id, 1)).toMatchObject({ status: 'failed', attempts: 3 });
      await round(10); // no fourth automatic attempt
      expect(await gatewayCharges(rental.id, 1)).toHaveLength(3);
      // The driver cannot end it, nor can a stranger see it.
      expect((await app.inject({ method: 'POST', url: `/api/rentals/${rental.id}/end-for-non-payment`, headers: { cookie: driver.cookie } })).statusCode).toBe(
        404,
      );
      expect((await app.inject({ method: 'GET', url: `/api/rentals/${rental.id}/charges`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);

      const charges = await app.inject({ method: 'GET', url: `/api/rentals/${rental.id}/charges`, headers: { cookie: owner.cookie } });
      expect(charges.json().data['may-end-for-non-payment']).toBe(false);
      expect(charges.json().data.charges.find((c: { week: number; kind: string }) => c.kind === 'week' && c.week === 1)).toMatchObject({
        status: 'failed',
        attempts: 3,
      });
      // 72 h after the first decline (day 7 noon → day 10 noon) the owner may end it: the lifecycle's transition.
      await expect(endRentalForNonPayment(app.db, owner.id, rental.id, new Date(nyNoon(START, 10).getTime() - 60_000))).rejects.toMatchObject({
        key: 'rental.cannotEndYet',
      });
      const ended = await endRentalForNonPayment(app.db, owner.id, rental.id, nyNoon(START, 10));
      expect(ended.status).toBe('ended_nonpayment');
      await round(14); // ended: week 3 is never charged
      expect(await weekRow(rental.id, 2)).toBeUndefined();
    } finally {
      await setCardBehaviour(app, card, 'succeed');
    }
  });

  it('sends a card that needs 3-D Secure to an on-session page, where the week is paid once', async () => {
    const rental = await activeRental();
    await setCardBehaviour(app, card, 'authentication_required');
    try {
      const result = await round(7);
      expect(result.needsAction).toBeGreaterThanOrEqual(1);
      expect(await weekRow(rental.id, 1)).toMatchObject({ status: 'needs_action' });
      const [action] = await app.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'Please confirm the rent payment for week 2%'));
      expect(action!.to).toBe('rent-driver@example.com');
      expect(action!.text).toContain(`/rentals/${rental.id}/weeks/1/pay`);

      const pay = (cookie = driver.cookie) => app.inject({ method: 'POST', url: `/api/rentals/${rental.id}/weeks/1/pay`, headers: { cookie }, payload: {} });
      expect((await pay(stranger.cookie)).statusCode).toBe(404);
      const first = await pay();
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({ week: 1, status: 'succeeded', 'amount-cents': 45_000 });
      const second = await pay();
      expect(second.statusCode).toBe(200);
      expect(second.json().data).toEqual(first.json().data);
      const succeeded = (await gatewayCharges(rental.id, 1)).filter((c) => c.status === 'succeeded');
      expect(succeeded).toHaveLength(1);
      // A week that is not waiting for the driver cannot be paid on the page; a week with no charge is not found.
      expect(
        (await app.inject({ method: 'POST', url: `/api/rentals/${rental.id}/weeks/5/pay`, headers: { cookie: driver.cookie }, payload: {} })).statusCode,
      ).toBe(404);
    } finally {
      await setCardBehaviour(app, card, 'succeed');
    }
  });

  it('stops weekly charging at the return', async () => {
    const rental = await activeRental();
    await round(7);
    await applyRentalEvent(app.db, rental.id, 'return', { by: 'system' });
    await round(14);
    await round(21);
    expect(await weekRow(rental.id, 2)).toBeUndefined();
    expect(await gatewayCharges(rental.id, 2)).toHaveLength(0);
  });

  it('refunds the deposit less what a claim withholds, once', async () => {
    const rental = await activeRental();
    const refunded = await refundDeposit(app.db, app.payments, rental.id, 12_000);
    expect(refunded).toMatchObject({ refundStatus: 'succeeded', refundedCents: 38_000 });
    expect(await refundDeposit(app.db, app.payments, rental.id, 0)).toMatchObject({ refundedCents: 38_000 });
    const rows = await app.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, `rental:${rental.id}:deposit-refund`));
    expect(rows.map((r) => r.amountCents)).toEqual([38_000]);
  });

  it('gives the pages what the server decides: the pick-up amount, the refund, the claim and from when the owner may end', async () => {
    const rental = await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: START });
    const mine = async (cookie: string) =>
      ((await app.inject({ method: 'GET', url: '/api/rentals/mine', headers: { cookie } })).json().data.rentals as Array<Record<string, unknown>>).find(
        (r) => r.id === rental.id,
      )!;
    const charges = async (cookie: string) => (await app.inject({ method: 'GET', url: `/api/rentals/${rental.id}/charges`, headers: { cookie } })).json().data;
    // Deposit $500 + week 1 $450: the amount the pick-up page shows and sends back.
    expect(await mine(driver.cookie)).toMatchObject({ status: 'awaiting_pickup', pickup_paid_at: null, pickup_amount_cents: 95_000 });
    expect(await charges(driver.cookie)).toMatchObject({ charges: [], claim: null, 'may-end-for-non-payment-at': null });
    expect((await pickUp(rental.id, driver.cookie, card, (await mine(driver.cookie)).pickup_amount_cents as number)).statusCode).toBe(200);
    expect((await mine(owner.cookie)).pickup_paid_at).toEqual(expect.any(String));
    await applyRentalEvent(app.db, rental.id, 'pickupPhotos', { by: 'system' });

    await setCardBehaviour(app, card, 'insufficient_funds');
    try {
      await round(7);
    } finally {
      await setCardBehaviour(app, card, 'succeed');
    }
    const [row] = await app.db.select().from(rentals).where(eq(rentals.id, rental.id));
    const endsAt = new Date(row!.paymentFailedAt!.getTime() + 72 * 3600_000).toISOString();
    const owners = await charges(owner.cookie);
    expect(owners['may-end-for-non-payment-at']).toBe(endsAt);
    expect(owners['may-end-for-non-payment']).toBe(new Date(endsAt) <= new Date());
    // The driver is told what happens to the week, not when the owner may end the rental.
    const drivers = await charges(driver.cookie);
    expect(drivers['may-end-for-non-payment-at']).toBeNull();
    expect(drivers.charges.find((c: { kind: string; week: number }) => c.kind === 'week' && c.week === 1)).toMatchObject({
      status: 'due',
      attempts: 1,
      'next-attempt-at': expect.any(String),
      'refund-status': null,
    });

    await app.db
      .insert(rentalClaims)
      .values({ rentalId: rental.id, amountCents: 12_000, description: 'A dent', photos: [], answer: 'accepted', withheldCents: 12_000 });
    await refundDeposit(app.db, app.payments, rental.id, 12_000);
    const after = await charges(driver.cookie);
    expect(after.claim).toEqual({ 'amount-cents': 12_000, status: 'accepted', 'withheld-cents': 12_000 });
    expect(after.charges.find((c: { kind: string }) => c.kind === 'deposit')).toMatchObject({
      'refunded-cents': 38_000,
      'refund-status': 'succeeded',
      'refunded-at': expect.any(String),
    });
  });

  it('answers bad input with a clear 4xx, never a second charge', async () => {
    const rental = await activeRental();
    const pay = (path: string, cookie = driver.cookie) => app.inject({ method: 'POST', url: `/api/rentals/${path}/pay`, headers: { cookie }, payload: {} });
    const notAWeek = await pay(`${rental.id}/weeks/abc`);
    expect(notAWeek.statusCode).toBe(400);
    expect(notAWeek.json().code).toBe('VALIDATION_ERROR');
    expect((await pay(`${rental.id}/weeks/-1`)).statusCode).toBe(400);
    expect((await pay(`00000000-0000-4000-8000-000000000000/weeks/1`)).json().key).toBe('rentalPayment.notFound');
    expect((await pay(`not-a-uuid/weeks/1`)).statusCode).toBe(404);
    // Week 0 was paid at pick-up: paying it again answers with that charge.
    const again = await pay(`${rental.id}/weeks/0`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ week: 0, status: 'succeeded' });
    // A week due today that the job has not tried yet is not the driver's to pay on the page.
    await app.db
      .insert(rentalCharges)
      .values({ rentalId: rental.id, kind: 'week', week: 1, amountCents: 45_000, dueDate: START, status: 'due', paymentMethodId: card });
    const early = await pay(`${rental.id}/weeks/1`);
    expect(early.statusCode).toBe(409);
    expect(early.json().key).toBe('rentalPayment.weekNotPayable');
    // Another user's card is not found; someone else's rental is not found.
    const otherCard = await app.inject({
      method: 'POST',
      url: `/api/rentals/${rental.id}/weeks/0/pay`,
      headers: { cookie: stranger.cookie },
      payload: { 'user-pm': strangerCard },
    });
    expect(otherCard.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/rentals/not-a-uuid/charges`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/rentals/${rental.id}/charges` })).statusCode).toBe(401);
    const sandbox = await app.db
      .select()
      .from(sandboxCharges)
      .where(like(sandboxCharges.idempotencyKey, `rental:${rental.id}:%`));
    expect(sandbox).toHaveLength(0);
  });
});
