import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Issue #32 in Stripe mode: a demo car rented through every state on the Stripe-mode app of the e2e run
// (its own server, no demo data, talking to the local fake of Stripe, e2e/fake-stripe-server.ts). The
// driver's card is 3-D Secure (4000 0027 6000 3184): on our pay pages the bank's challenge (the fake
// Stripe.js's dialog, shaped like Stripe's test page) is failed once, then completed; the weekly rent
// charged off-session needs the driver (authentication_required) and is paid on the week's page.
// What the sandbox journey (rentals.spec.ts) walks through in the web pages is done here through the
// API, except the two pay pages.
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import sharp from 'sharp';
import { HANDOVER_SLOTS } from '@medallion/contracts/rental-handover';
import { axeProblems, codeFor, expect, nyDay, openSettled, saveRentalCarDraft, shot, sideways, test } from './fixtures';
import { E2E_STAFF } from './env';
import { FAKE_STRIPE_URL, STRIPE_APP_URL, STRIPE_TEST_KEYS } from './stripe-mode';
import { timeStep, totpCode } from './totp';

test.use({ baseURL: STRIPE_APP_URL, driverProfile: { prefix: 'stripe-rent', name: 'Stripe Renter', password: 'Rentals2024x' } });

const CARD_3DS = '4000002760003184';

/** A card saved with Stripe the way Stripe.js saves it: the server's setup intent, confirmed at the fake with the publishable key. */
async function saveStripeCard(request: APIRequestContext, number: string): Promise<string> {
  const setup = (await (await request.post('/api/payments/create-setup-intent')).json()) as { data: { 'client-secret': string } };
  const secret = setup.data['client-secret'];
  const confirmed = await request.post(`${FAKE_STRIPE_URL}/v1/setup_intents/${secret.split('_secret_')[0]}/confirm`, {
    form: {
      key: STRIPE_TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
      client_secret: secret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': String(new Date().getFullYear() + 3),
      'payment_method_data[card][cvc]': '123',
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return ((await confirmed.json()) as { payment_method: string }).payment_method;
}

/**
 * Where this run keeps the staff account's authenticator key: a retry of the test (a new worker) finds
 * two-step sign-in already on and signs in with it. The ports are this run's own, so is the file.
 */
const TOTP_FILE = join(tmpdir(), `medallion-e2e-stripe-staff-${process.env.E2E_STRIPE_PORT ?? 'local'}.json`);

/** The staff account of the Stripe-mode server (STAFF_EMAIL), signed in with two-step sign-in (set up through the API the first time). */
async function staffWithTwoFactor(request: APIRequestContext): Promise<void> {
  const signedIn = await request.post('/api/auth/sign-in', { data: E2E_STAFF });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  if (((await signedIn.json()) as { twoFactorRequired?: boolean }).twoFactorRequired) {
    // Already on (a retry): the code of a step after the last one used (a code works once).
    const kept = JSON.parse(readFileSync(TOTP_FILE, 'utf8')) as { secret: string; step: number };
    const step = Math.max(timeStep(), kept.step + 1);
    const verified = await request.post('/api/auth/two-factor/verify', { data: { code: totpCode(kept.secret, step) } });
    expect(verified.status(), await verified.text()).toBe(200);
    writeFileSync(TOTP_FILE, JSON.stringify({ secret: kept.secret, step }));
    return;
  }
  expect((await request.post('/api/account/two-factor/email-code')).status()).toBe(200);
  const emailCode = await codeFor(request, E2E_STAFF.email);
  const setup = await request.post('/api/account/two-factor/setup', { data: { password: E2E_STAFF.password, emailCode } });
  expect(setup.status(), await setup.text()).toBe(200);
  const body = (await setup.json()) as { secret?: string; data?: { secret: string } };
  const secret = body.secret ?? body.data!.secret;
  const step = timeStep();
  const confirmed = await request.post('/api/account/two-factor/confirm', { data: { code: totpCode(secret, step) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  writeFileSync(TOTP_FILE, JSON.stringify({ secret, step }));
}

/** A call's JSON, after checking it answered 200 (or 201 Created). */
async function ok(response: Promise<APIResponse>) {
  const res = await response;
  expect([200, 201], await res.text()).toContain(res.status());
  return res.json();
}

async function handoverSet(request: APIRequestContext, rentalId: string, stage: 'pickup' | 'return') {
  const jpeg = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#4a6fa5' } })
    .jpeg()
    .toBuffer();
  const photo = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  const photos = Object.fromEntries(HANDOVER_SLOTS.map((slot) => [slot, photo]));
  await ok(request.post(`/api/rentals/${rentalId}/handover/${stage}`, { data: { photos, odometer: stage === 'pickup' ? 41_250 : 43_980, fuel: 80 } }));
}

interface Charge {
  kind: string;
  week: number;
  status: string;
  'refunded-cents'?: number | null;
}
async function chargesOf(request: APIRequestContext, rentalId: string): Promise<Charge[]> {
  return ((await ok(request.get(`/api/rentals/${rentalId}/charges`))) as { data: { charges: Charge[] } }).data.charges;
}

/** The bank's challenge of the fake Stripe.js (Stripe's 3-D Secure test page). */
async function challenge(page: Page, outcome: 'Complete' | 'Fail') {
  const dialog = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
  await expect(dialog).toBeVisible();
  await shot(page, `stripe-challenge-${outcome.toLowerCase()}`);
  await dialog.getByRole('button', { name: `${outcome} authentication` }).click();
  await expect(dialog).toHaveCount(0);
}

test('a car rented in Stripe mode with a 3-D Secure card: pick-up and a week paid with the challenge, deposit refunded (375px, en)', async ({
  page,
  browser,
  playwright,
  newAccount,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const stamp = Date.now() % 100000;
  const staff = await playwright.request.newContext({ baseURL: STRIPE_APP_URL });
  // The owner in a browser of their own (375 px): the API calls below and the payouts set up in My rentals.
  const ownerBrowser = await browser.newContext({ baseURL: STRIPE_APP_URL, viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
  const ownerPage = await ownerBrowser.newPage();
  const owner = ownerPage.request;
  try {
    await staffWithTwoFactor(staff);
    const driver = await newAccount(page, { name: `Dmitri Stripe ${stamp}` });
    await newAccount(ownerPage, { prefix: 'stripe-owner', name: `Olga Stripe ${stamp}` });

    // The owner's car for rent, its listing fee paid with a Stripe card, approved by staff.
    const title = `Toyota Camry 3DS ${stamp}`;
    const listingId = await saveRentalCarDraft(owner, title);
    const ownerCard = await saveStripeCard(owner, '4242424242424242');
    const fee = await ok(owner.post('/api/payments/create-payment-intent', { data: { 'user-pm': ownerCard, 'payment-amount': 108, 'listing-id': listingId } }));
    expect(fee.data.status).toBe('succeeded');
    await ok(staff.post(`/api/admin/listings/${listingId}/approve`));

    // The driver's request for two weeks from today; the owner approves; both accept the agreement.
    const request = await ok(
      page.request.post('/api/rental-requests', {
        data: { listing_id: listingId, start_date: nyDay(0), weeks: 2, tlc_license_number: '5123456', tlc_license_expiry: nyDay(700), message: '' },
      }),
    );
    await ok(owner.post(`/api/rental-requests/${(request as { data: { id: string } }).data.id}/approve`));
    const mine = (await ok(owner.get('/api/rentals/mine'))) as { data: { rentals: Array<{ id: string; listing_id: string }> } };
    const rentalId = mine.data.rentals.find((r) => r.listing_id === listingId)!.id;
    await ok(owner.post(`/api/rentals/${rentalId}/agreement/accept`, { data: { consent: true, name: `Olga Stripe ${stamp}` } }));

    // The owner sets up payouts from My rentals: Stripe's onboarding (the fake's one page), then back.
    await openSettled(ownerPage, '/dashboard?tab=rentals');
    const payouts = ownerPage.getByTestId('owner-payouts');
    await expect(payouts.getByTestId('payout-setup-needed')).toContainText('Set up your payouts to receive your rent');
    await shot(ownerPage, 'stripe-payouts-setup-en-375');
    expect(await axeProblems(ownerPage, 'main')).toEqual([]);
    expect(await sideways(ownerPage)).toBe(0);
    // In Russian, and on a wide screen, the same (then back to English).
    await openSettled(ownerPage, '/dashboard?tab=rentals&lang=ru');
    await expect(payouts.getByTestId('payout-setup-needed')).toContainText('Настройте выплаты, чтобы получать аренду');
    await expect(payouts.getByRole('button', { name: 'Настроить выплаты' })).toBeVisible();
    expect(await sideways(ownerPage)).toBe(0);
    await shot(ownerPage, 'stripe-payouts-setup-ru-375');
    await ownerPage.setViewportSize({ width: 1280, height: 900 });
    await shot(ownerPage, 'stripe-payouts-setup-ru-1280');
    await ownerPage.setViewportSize({ width: 375, height: 800 });
    await openSettled(ownerPage, '/dashboard?tab=rentals&lang=en');
    await payouts.getByRole('button', { name: 'Set up payouts' }).click();
    await expect(ownerPage.getByRole('heading', { name: 'Set up payouts (test mode)' })).toBeVisible();
    await ownerPage.getByRole('button', { name: 'Finish setup' }).click();
    await expect(ownerPage).toHaveURL(/\/dashboard\?tab=rentals$/);
    await expect(ownerPage.getByTestId('payout-setup-ready')).toHaveText('Your payout account is set up: the rent is paid to it.');
    await expect(payouts.getByTestId('payout-setup-needed')).toHaveCount(0);
    await shot(ownerPage, 'stripe-payouts-ready-en-375');
    await ok(page.request.post(`/api/rentals/${rentalId}/agreement/accept`, { data: { consent: true, name: driver.name } }));
    await saveStripeCard(page.request, CARD_3DS);

    // The pick-up on its pay page: the bank's challenge, failed once (nothing charged, a clear message), then completed.
    await openSettled(page, `/rentals/${rentalId}/pay`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay deposit and first week' })).toBeVisible();
    await page.getByRole('radio', { name: /3184/ }).check();
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect(await sideways(page)).toBe(0);
    const pay = page.getByRole('button', { name: /^Pay \$950\.00$/ });
    await pay.click();
    await challenge(page, 'Fail');
    await expect(page.getByTestId('pay-error')).toHaveText('Your bank did not confirm the payment, so nothing was charged. You can try again.');
    await shot(page, 'stripe-pickup-failed-en-375');
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect(await chargesOf(page.request, rentalId)).toEqual([]);
    await pay.click();
    await challenge(page, 'Complete');
    await expect(page.getByRole('heading', { name: 'Deposit and first week paid' })).toBeVisible();
    await shot(page, 'stripe-pickup-paid-en-375');
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect((await chargesOf(page.request, rentalId)).map((c) => `${c.kind}:${c.week}:${c.status}`).sort()).toEqual(['deposit:0:succeeded', 'week:0:succeeded']);

    // Both pick-up sets: the rental is active.
    await handoverSet(owner, rentalId, 'pickup');
    await handoverSet(page.request, rentalId, 'pickup');

    // A week later the job charges week 2 off-session: the card needs its holder (authentication_required).
    await ok(staff.post(`/api/test/rentals/${rentalId}/rewind`, { data: { days: 7 } }));
    expect((await chargesOf(page.request, rentalId)).find((c) => c.kind === 'week' && c.week === 1)?.status).toBe('needs_action');

    // The driver pays it from My rentals → Payments → "Pay week 2", with the challenge.
    await openSettled(page, '/dashboard?tab=rentals');
    const myRental = page.getByTestId('rental').filter({ hasText: title });
    const week2 = myRental.getByTestId('rental-charges').getByRole('listitem').filter({ hasText: 'Week 2' });
    await week2.getByRole('link', { name: 'Pay week 2' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pay the rent for week 2' })).toBeVisible();
    const card = page.getByRole('radio', { name: /3184/ });
    if (!(await card.isChecked())) await card.check();
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect(await sideways(page)).toBe(0);
    await page.getByRole('button', { name: /^Pay \$450\.00$/ }).click();
    await challenge(page, 'Complete');
    await expect(page.getByRole('heading', { name: 'Week 2 is paid' })).toBeVisible();
    await shot(page, 'stripe-week-paid-en-375');
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect((await chargesOf(page.request, rentalId)).filter((c) => c.kind === 'week').map((c) => [c.week, c.status])).toEqual([
      [0, 'succeeded'],
      [1, 'succeeded'],
    ]);

    // The return (both sets), no claim; three days later the deposit goes back in full.
    await handoverSet(page.request, rentalId, 'return');
    await handoverSet(owner, rentalId, 'return');
    await ok(staff.post(`/api/test/rentals/${rentalId}/rewind`, { data: { days: 3 } }));
    const settled = await chargesOf(page.request, rentalId);
    expect(settled.filter((c) => c.kind === 'deposit').map((c) => [c.status, c['refunded-cents']])).toEqual([['succeeded', 50_000]]);
    await openSettled(page, '/dashboard?tab=rentals');
    await expect(myRental.getByTestId('rental-charges').getByRole('listitem').filter({ hasText: 'Deposit refund' })).toContainText('Refunded');
    await shot(page, 'stripe-rental-closed-en-375');
  } finally {
    await staff.dispose();
    await ownerBrowser.close();
  }
});
