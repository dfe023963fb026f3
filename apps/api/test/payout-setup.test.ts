import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox, payoutAccounts, rentalCharges, rentalPayouts } from '@medallion/db/schema';
import { newYorkDate } from '../src/modules/rental-payments/charge-due-rent';
import { payOutOwners } from '../src/modules/rental-payments/pay-out-owners';
import { rentServicesFor } from '../src/modules/rental-payments/rent-jobs';
import { startFakeStripe } from '../../../test-support/fake-stripe';
import { buildTestApp } from './helpers/build-test-app';
import { stripeModeEnv } from './helpers/payments';
import { createConfirmedUser } from './helpers/auth';
import { insertRentalAwaitingPickup } from './helpers/rentals';

const START = newYorkDate(new Date());

/** A Stripe-mode app against its own fake, with an owner and a driver (e-mails `<name>-owner@…`, `<name>-driver@…`). */
async function stripeModeApp(name: string, options: { closeAfter?: boolean } = {}) {
  const stripeServer = await startFakeStripe({ publishableKey: `pk_test_${name}` });
  if (options.closeAfter !== false) afterAll(() => stripeServer.close());
  const { app } = await buildTestApp(stripeModeEnv(stripeServer, name));
  const owner = await createConfirmedUser(app, `${name}-owner@example.com`, 'Secret123', 'Olga Owner');
  const driver = await createConfirmedUser(app, `${name}-driver@example.com`, 'Secret123', 'Dmitri Driver');
  return { stripeServer, app, owner, driver };
}

// An owner's payouts set up (Stripe Connect Express): Stripe moves rent to an owner's account only once
// they have finished onboarding on Stripe's pages. My rentals asks them to, with a fresh link each time.
describe('payout setup (Stripe mode)', async () => {
  const { stripeServer, app, owner, driver } = await stripeModeApp('payouts');
  const setup = (cookie: string) => app.inject({ method: 'GET', url: '/api/rentals/payouts/setup', headers: { cookie } });
  const link = (cookie: string) => app.inject({ method: 'POST', url: '/api/rentals/payouts/setup-link', headers: { cookie } });
  const accountCalls = () => stripeServer.requests.filter((r) => r.path.startsWith('/v1/account')).length;

  it('asks nothing of an account that has never had a car requested, and makes it no Stripe account', async () => {
    const calls = accountCalls();
    const answer = await setup(driver.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ data: { state: 'not_needed' } });
    const refused = await link(driver.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'rentalPayment.payoutsNotOwner' });
    expect(accountCalls()).toBe(calls);
    expect((await app.inject({ method: 'GET', url: '/api/rentals/payouts/setup' })).statusCode).toBe(401);
  });

  it("sends an owner to Stripe's onboarding and back to My rentals; once done, the payouts are ready for good", async () => {
    await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: START });
    // No account yet: needed, and Stripe is not asked.
    const calls = accountCalls();
    expect((await setup(owner.cookie)).json()).toEqual({ data: { state: 'needed' } });
    expect(accountCalls()).toBe(calls);

    const first = await link(owner.cookie);
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json().data.url as string;
    expect(url.startsWith(`${stripeServer.url}/connect/onboarding/`)).toBe(true);
    const [account] = await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, owner.id));
    expect(account).toMatchObject({ providerAccountId: expect.stringMatching(/^acct_/), readyAt: null });
    // Another link later: the same account, a new link.
    const second = (await link(owner.cookie)).json().data.url as string;
    expect(second).not.toBe(url);
    expect(stripeServer.accounts.size).toBe(1);
    // Not finished yet: still needed (Stripe says so).
    expect((await setup(owner.cookie)).json()).toEqual({ data: { state: 'needed' } });

    // The owner finishes on Stripe's page, which sends them back to My rentals.
    const page = await fetch(second);
    expect(await page.text()).toContain('Finish setup');
    const done = await fetch(second, { method: 'POST', redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(new URL('/dashboard?tab=rentals', app.config.PUBLIC_URL).toString());

    expect((await setup(owner.cookie)).json()).toEqual({ data: { state: 'ready' } });
    const [ready] = await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, owner.id));
    expect(ready!.readyAt).toBeInstanceOf(Date);
    // Remembered: Stripe is not asked again, and no link is made any more.
    const after = accountCalls();
    expect((await setup(owner.cookie)).json()).toEqual({ data: { state: 'ready' } });
    expect(accountCalls()).toBe(after);
    const again = await link(owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ key: 'rentalPayment.payoutsReady', message: 'Your payouts are already set up.' });
  });
});

describe('rent waiting for a payout account that is not set up (Stripe mode)', async () => {
  const { stripeServer, app, owner, driver } = await stripeModeApp('payouts-wait');
  const LEASE_MS = 60_000;
  const reminders = async () =>
    (
      await app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, 'payouts-wait-owner@example.com'), like(mailOutbox.subject, 'Set up your payouts to receive your rent%')))
    ).length;

  it('waits, e-mails the owner where to set it up (once a week), and pays once they have', async () => {
    const rental = await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: START });
    // Two paid weeks due to the owner.
    const payouts = [];
    for (const week of [1, 2]) {
      const [charge] = await app.db
        .insert(rentalCharges)
        .values({ rentalId: rental.id, kind: 'week', week, amountCents: 45_000, dueDate: START, status: 'succeeded', paymentMethodId: 'pm_test' })
        .returning();
      payouts.push((await app.db.insert(rentalPayouts).values({ rentalChargeId: charge!.id, ownerId: owner.id, amountCents: 45_000 }).returning())[0]!);
    }
    const round = (at: number) => payOutOwners(app.db, app.payments, { now: new Date(at), leaseMs: LEASE_MS }, rentServicesFor(app));
    const accountReads = () => stripeServer.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/accounts/')).length;
    const t0 = Date.now();

    // Stripe could not pay the owner yet: no transfer is tried, the payouts wait (Stripe asked once for
    // both), and the owner is told where to finish, with what is due.
    const reads = accountReads();
    expect(await round(t0)).toEqual({ paid: 0, failed: 0, waiting: 2 });
    expect(accountReads() - reads).toBe(1);
    expect(await reminders()).toBe(1);
    const [mail] = await app.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'Set up your payouts to receive your rent%'));
    expect(mail!.text).toContain('$900.00 of rent is waiting for you on Medallion.');
    expect(mail!.text).toContain(new URL('/dashboard?tab=rentals', app.config.PUBLIC_URL).toString());
    expect(mail!.text).toContain('Вас ждёт аренда на сумму 900,00');
    // The next rounds: no second e-mail within the week; a week later, one more.
    expect(await round(t0 + LEASE_MS + 1)).toEqual({ paid: 0, failed: 0, waiting: 2 });
    expect(await reminders()).toBe(1);
    expect(await round(t0 + 8 * 86_400_000)).toEqual({ paid: 0, failed: 0, waiting: 2 });
    expect(await reminders()).toBe(2);
    expect(stripeServer.transfers).toHaveLength(0);

    // Set up: the next round pays it, once, and e-mails nothing.
    const [account] = await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, owner.id));
    stripeServer.finishOnboarding(account!.providerAccountId);
    expect(await round(t0 + 9 * 86_400_000)).toEqual({ paid: 2, failed: 0, waiting: 0 });
    expect(await round(t0 + 10 * 86_400_000)).toEqual({ paid: 0, failed: 0, waiting: 0 });
    expect(stripeServer.transfers.map((t) => [t.amount, t.idempotencyKey]).sort()).toEqual(payouts.map((p) => [45_000, `payout:${p.id}`]).sort());
    expect(await reminders()).toBe(2);
  });
});

describe('payout setup when Stripe cannot be reached', async () => {
  // The test closes the fake itself (Stripe going away).
  const { stripeServer, app, owner, driver } = await stripeModeApp('payouts-down', { closeAfter: false });

  it('answers 503 in words, and asks again once Stripe is back', async () => {
    await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: START });
    const link = () => app.inject({ method: 'POST', url: '/api/rentals/payouts/setup-link', headers: { cookie: owner.cookie } });
    expect((await link()).statusCode).toBe(200);
    await stripeServer.close();
    const down = await link();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ key: 'rentalPayment.payoutsUnavailable' });
    const setup = await app.inject({ method: 'GET', url: '/api/rentals/payouts/setup', headers: { cookie: owner.cookie } });
    expect(setup.statusCode).toBe(503);
    expect(setup.json()).toMatchObject({ message: 'Stripe, which pays your rent out, could not be reached. Please try again in a few minutes.' });
  });
});

describe('payout setup (sandbox)', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const owner = await createConfirmedUser(app, 'sbx-payout-owner@example.com', 'Secret123', 'Olga Owner');
  const driver = await createConfirmedUser(app, 'sbx-payout-driver@example.com', 'Secret123', 'Dmitri Driver');

  it("has nothing to set up: an owner's payouts are ready at once", async () => {
    await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: START });
    const answer = await app.inject({ method: 'GET', url: '/api/rentals/payouts/setup', headers: { cookie: owner.cookie } });
    expect(answer.json()).toEqual({ data: { state: 'ready' } });
    const refused = await app.inject({ method: 'POST', url: '/api/rentals/payouts/setup-link', headers: { cookie: owner.cookie } });
    expect(refused.statusCode).toBe(409);
  });
});
