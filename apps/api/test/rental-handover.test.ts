import { and, eq, like } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HANDOVER_SLOTS } from '@medallion/contracts/rental-handover';
import { mailOutbox, rentalCharges, rentalClaims, rentalHandovers, rentals, sandboxRefunds } from '@medallion/db/schema';
import { newYorkDate } from '../src/modules/rental-payments/charge-due-rent';
import { runDepositRound, settleServicesFor } from '../src/modules/rental-handover/deposit-job';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, signedInStaff } from './helpers/auth';
import { saveSandboxCard } from './helpers/payments';
import { insertPaidRental } from './helpers/rentals';

const HOUR = 3_600_000;
const START = newYorkDate(new Date(Date.now() - 3 * 24 * HOUR));

describe('the hand-over and the claims of a rental', async () => {
  const { app, config } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const owner = await createConfirmedUser(app, 'hand-owner@example.com', 'Secret123', 'Olga Owner');
  const driver = await createConfirmedUser(app, 'hand-driver@example.com', 'Secret123', 'Dmitri Driver');
  const stranger = await createConfirmedUser(app, 'hand-stranger@example.com', 'Secret123', 'Sam Stranger');
  const staff = await signedInStaff(app, 'hand-staff@example.com', 'Stacy Staff');
  const card = await saveSandboxCard(app, driver.cookie);
  // A phone photo with EXIF (camera, date): the stored one must carry none of it.
  const photo = `data:image/jpeg;base64,${(
    await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'secret owner' } })
      .toBuffer()
  ).toString('base64')}`;
  const photos = Object.fromEntries(HANDOVER_SLOTS.map((slot) => [slot, photo]));
  const set = (odometer = 41_250, fuel = 80) => ({ photos, odometer, fuel });

  const send = (rentalId: string, stage: string, cookie: string, payload: object = set()) =>
    app.inject({ method: 'POST', url: `/api/rentals/${rentalId}/handover/${stage}`, headers: { cookie }, payload });
  const view = (rentalId: string, cookie: string) => app.inject({ method: 'GET', url: `/api/rentals/${rentalId}/handover`, headers: { cookie } });
  const claim = (rentalId: string, cookie: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/rentals/${rentalId}/claim`, headers: { cookie }, payload });
  const answer = (rentalId: string, cookie: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/rentals/${rentalId}/claim/answer`, headers: { cookie }, payload });
  const decide = (rentalId: string, payload: object, cookie = staff.cookie) =>
    app.inject({ method: 'POST', url: `/api/admin/rental-claims/${rentalId}/decision`, headers: { cookie }, payload });
  const statusOf = async (rentalId: string) => (await app.db.select().from(rentals).where(eq(rentals.id, rentalId)))[0]!;
  const refundsOf = (rentalId: string) =>
    app.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, `rental:${rentalId}:deposit-refund`));
  const mailsAbout = (subject: string) =>
    app.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%${subject}%`));

  /** A rental paid at pick-up (deposit $500 + week $450), not yet handed over. */
  async function paidRental() {
    return insertPaidRental(app, { driverId: driver.id, driverCookie: driver.cookie, card, ownerId: owner.id, startDate: START });
  }
  /** A rental returned (the driver's return set) `hoursAgo` hours ago. */
  async function returnedRental(hoursAgo = 0) {
    const rental = await paidRental();
    expect((await send(rental.id, 'pickup', driver.cookie)).statusCode).toBe(200);
    expect((await send(rental.id, 'return', driver.cookie)).statusCode).toBe(200);
    if (hoursAgo)
      await app.db
        .update(rentals)
        .set({ returnedAt: new Date(Date.now() - hoursAgo * HOUR) })
        .where(eq(rentals.id, rental.id));
    return rental;
  }
  const damage = { amount: 120, description: 'Dent in the rear bumper', photos: [photo] };

  it('takes the pick-up photos of a party through the image pipeline, private, and the first set makes the paid rental active', async () => {
    const rental = await paidRental();
    // Someone else's rental does not exist for them, to upload or to look at.
    expect((await send(rental.id, 'pickup', stranger.cookie)).statusCode).toBe(404);
    expect((await view(rental.id, stranger.cookie)).statusCode).toBe(404);
    expect((await send('not-a-rental', 'pickup', driver.cookie)).statusCode).toBe(404);
    // Bad input: a missing view, an odometer or fuel level out of range, a file that is no picture.
    const { fuel: _missing, ...sixPhotos } = photos;
    const missing = await send(rental.id, 'pickup', driver.cookie, { photos: sixPhotos, odometer: 1, fuel: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields['photos.fuel'].key).toBe('handoverPhotoRequired');
    expect((await send(rental.id, 'pickup', driver.cookie, set(-1))).json().fields.odometer.key).toBe('handoverOdometer');
    expect((await send(rental.id, 'pickup', driver.cookie, set(10, 101))).json().fields.fuel.key).toBe('handoverFuel');
    const notAPicture = await send(rental.id, 'pickup', driver.cookie, { ...set(), photos: { ...photos, rear: 'data:image/jpeg;base64,aGVsbG8=' } });
    expect(notAPicture.statusCode).toBe(400);
    expect(Object.keys(notAPicture.json().fields)).toEqual(['photos.rear']);
    // The return cannot come before the pick-up.
    expect((await send(rental.id, 'return', driver.cookie)).json().key).toBe('handover.notNow');

    const before = Date.now();
    const sent = await send(rental.id, 'pickup', driver.cookie, set(41_250, 75));
    expect(sent.statusCode).toBe(200);
    const after = await statusOf(rental.id);
    expect(after.status).toBe('active');
    expect(after.pickupPhotosAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await app.db.select().from(rentalHandovers).where(eq(rentalHandovers.rentalId, rental.id));
    expect(row).toMatchObject({ stage: 'pickup', party: 'driver', odometerMiles: 41_250, fuelPercent: 75 });
    expect(Object.keys(row!.photos).sort()).toEqual([...HANDOVER_SLOTS].sort());
    // A second set of the same party and stage is refused.
    expect((await send(rental.id, 'pickup', driver.cookie)).json().key).toBe('handover.alreadySent');

    // The owner sees the driver's set and may add theirs; photos come only through the API, to the parties.
    const seen = (await view(rental.id, owner.cookie)).json().data;
    expect(seen).toMatchObject({ role: 'owner', status: 'active', 'may-send': ['pickup', 'return'] });
    const url: string = seen.sets[0].photos.odometer;
    expect(url).toMatch(new RegExp(`^/api/rentals/${rental.id}/photos/[a-f0-9]{16}\\.webp$`));
    const image = await app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    for (const cookie of [stranger.cookie, staff.cookie]) expect((await app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await send(rental.id, 'pickup', owner.cookie)).statusCode).toBe(200);
    // Both parties are told.
    expect(
      (await mailsAbout('Pick-up photos'))
        .filter((m) => m.text.includes(`/rentals/${rental.id}/handover`))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['hand-driver@example.com', 'hand-driver@example.com', 'hand-owner@example.com', 'hand-owner@example.com']);
  });

  it('ends the weekly rent with the first return set', async () => {
    const rental = await returnedRental();
    const after = await statusOf(rental.id);
    expect(after.status).toBe('returned');
    expect(after.returnedAt).not.toBeNull();
    // The other party may still document the return; the driver's second set is refused.
    expect((await send(rental.id, 'return', owner.cookie, set(42_900, 40))).statusCode).toBe(200);
    expect((await send(rental.id, 'return', driver.cookie)).statusCode).toBe(409);
    expect((await view(rental.id, owner.cookie)).json().data.sets).toHaveLength(3);
  });

  it('refuses a claim above the deposit, after 24 hours, or by anyone but the owner', async () => {
    const rental = await returnedRental(2);
    const above = await claim(rental.id, owner.cookie, { ...damage, amount: 500.01 });
    expect(above.statusCode).toBe(400);
    expect(above.json().fields.amount.key).toBe('handover.claimAboveDeposit');
    expect(above.json().message).toContain('$500.00');
    expect((await claim(rental.id, owner.cookie, { ...damage, amount: 0 })).json().fields.amount.key).toBe('claimAmountInvalid');
    expect((await claim(rental.id, owner.cookie, { ...damage, photos: [] })).json().fields.photos.key).toBe('claimPhotosRequired');
    expect((await claim(rental.id, owner.cookie, { ...damage, description: ' ' })).json().fields.description.key).toBe('claimDescriptionRequired');
    expect((await claim(rental.id, stranger.cookie, damage)).statusCode).toBe(404);
    expect((await claim(rental.id, driver.cookie, damage)).statusCode).toBe(404);

    const late = await returnedRental(25);
    const refused = await claim(late.id, owner.cookie, damage);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('rental.claimWindowClosed');
    expect((await view(late.id, owner.cookie)).json().data['may-claim']).toBe(false);

    expect((await view(rental.id, owner.cookie)).json().data['may-claim']).toBe(true);
    const opened = await claim(rental.id, owner.cookie, { ...damage, amount: 500 });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.claim).toMatchObject({ 'amount-cents': 50_000, answer: null });
    expect((await statusOf(rental.id)).status).toBe('claim_open');
    expect((await claim(rental.id, owner.cookie, damage)).json().key).toBe('handover.claimExists');
    // The driver sees it and may answer; only the driver.
    expect((await view(rental.id, driver.cookie)).json().data['may-answer']).toBe(true);
    expect((await answer(rental.id, owner.cookie, { answer: 'accept' })).statusCode).toBe(404);
    expect((await answer(rental.id, stranger.cookie, { answer: 'accept' })).statusCode).toBe(404);
    expect((await answer(rental.id, driver.cookie, { answer: 'maybe' })).json().fields.answer.key).toBe('claimAnswerInvalid');
  });

  it('accepted: the claim is kept and the rest of the deposit refunded at once, and the rental closes', async () => {
    const rental = await returnedRental(1);
    expect((await claim(rental.id, owner.cookie, damage)).statusCode).toBe(200);
    const accepted = await answer(rental.id, driver.cookie, { answer: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.claim['withheld-cents']).toBe(12_000);
    expect((await statusOf(rental.id)).status).toBe('closed');
    expect((await refundsOf(rental.id)).map((r) => r.amountCents)).toEqual([38_000]);
    expect((await answer(rental.id, driver.cookie, { answer: 'dispute' })).statusCode).toBe(409);
  });

  it('disputed: staff see it with the photos and decide 0…the claim; parallel decisions refund once', async () => {
    const rental = await returnedRental(1);
    expect((await claim(rental.id, owner.cookie, damage)).statusCode).toBe(200);
    // Staff see nothing of a claim that is not disputed.
    expect((await view(rental.id, staff.cookie)).statusCode).toBe(404);
    expect((await answer(rental.id, driver.cookie, { answer: 'dispute', note: 'The dent was there at pick-up.' })).statusCode).toBe(200);
    expect((await statusOf(rental.id)).status).toBe('claim_disputed');

    const queue = await app.inject({ method: 'GET', url: '/api/admin/rental-claims', headers: { cookie: staff.cookie } });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().data.find((c: { 'rental-id': string }) => c['rental-id'] === rental.id);
    expect(item.claim).toMatchObject({ 'amount-cents': 12_000, answer: 'disputed', 'answer-note': 'The dent was there at pick-up.' });
    expect(item.sets).toHaveLength(2);
    const staffPhoto = await app.inject({ method: 'GET', url: item.claim.photos[0], headers: { cookie: staff.cookie } });
    expect(staffPhoto.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/admin/rental-claims', headers: { cookie: owner.cookie } })).statusCode).toBe(403);
    expect((await decide(rental.id, { amount: 10 }, owner.cookie)).statusCode).toBe(403);

    const tooMuch = await decide(rental.id, { amount: 120.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amount.key).toBe('handover.decisionAboveClaim');
    expect((await decide(rental.id, { amount: -1 })).json().fields.amount.key).toBe('claimDecisionInvalid');

    const results = await Promise.all([decide(rental.id, { amount: 50 }), decide(rental.id, { amount: 70 }), decide(rental.id, { amount: 50 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const kept = results.find((r) => r.statusCode === 200)!.json().data.claim['decided-cents'];
    expect((await refundsOf(rental.id)).map((r) => r.amountCents)).toEqual([50_000 - kept]);
    expect((await statusOf(rental.id)).status).toBe('closed');
    const [deposit] = await app.db
      .select()
      .from(rentalCharges)
      .where(and(eq(rentalCharges.rentalId, rental.id), eq(rentalCharges.kind, 'deposit')));
    expect(deposit).toMatchObject({ refundStatus: 'succeeded', refundedCents: 50_000 - kept });
    expect((await mailsAbout('Our decision on the damage claim')).filter((m) => m.text.includes(rental.id))).toHaveLength(2);
    expect((await mailsAbout('The deposit for')).filter((m) => m.text.includes(rental.id))).toHaveLength(2);
  });

  it('the job: an unanswered claim stands after 72 hours; without a claim the deposit comes back 72 hours after the return, once with two runners', async () => {
    const services = settleServicesFor(app);
    const noClaim = await returnedRental(71);
    const unanswered = await returnedRental(2);
    expect((await claim(unanswered.id, owner.cookie, damage)).statusCode).toBe(200);

    // Not yet: 71 hours after the return, the claim 0 hours old.
    await runDepositRound(app.db, services, new Date());
    expect((await statusOf(noClaim.id)).status).toBe('returned');
    expect(await refundsOf(noClaim.id)).toHaveLength(0);

    const later = new Date(Date.now() + 73 * HOUR);
    const rounds = await Promise.all([runDepositRound(app.db, services, later), runDepositRound(app.db, services, later)]);
    expect(rounds.reduce((n, r) => n + r.unanswered, 0)).toBeGreaterThanOrEqual(1);
    expect((await statusOf(noClaim.id)).status).toBe('closed');
    expect((await refundsOf(noClaim.id)).map((r) => r.amountCents)).toEqual([50_000]);
    expect((await statusOf(unanswered.id)).status).toBe('closed');
    expect((await refundsOf(unanswered.id)).map((r) => r.amountCents)).toEqual([38_000]);
    const [stands] = await app.db.select().from(rentalClaims).where(eq(rentalClaims.rentalId, unanswered.id));
    expect(stands).toMatchObject({ answer: 'unanswered', withheldCents: 12_000 });
    expect((await mailsAbout('The deposit for')).filter((m) => m.text.includes(noClaim.id))).toHaveLength(2);
    expect((await mailsAbout('stands')).filter((m) => m.text.includes(unanswered.id))).toHaveLength(2);
    // A later round finds nothing to do.
    expect(await runDepositRound(app.db, services, later)).toEqual({ unanswered: 0, settled: 0, failed: 0 });
  });

  it('keeps no private photo of a set that was refused after its photos were stored (two sends at once)', async () => {
    const rental = await paidRental();
    const results = await Promise.all([send(rental.id, 'pickup', driver.cookie), send(rental.id, 'pickup', driver.cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await app.db.select().from(rentalHandovers).where(eq(rentalHandovers.rentalId, rental.id));
    // On disk, DATA_DIR/media-private/rentals/<id>/: exactly the seven photos the stored set names.
    const stored = readdirSync(join(config.DATA_DIR, 'media-private', 'rentals', rental.id)).sort();
    expect(stored).toEqual(Object.values(row!.photos).sort());
  });

  it('an answer after the 72 hours is refused with a clear 409, and the form is no longer offered', async () => {
    const rental = await returnedRental(1);
    expect((await claim(rental.id, owner.cookie, damage)).statusCode).toBe(200);
    // The claim was opened 73 hours ago (the job has not run yet).
    await app.db
      .update(rentals)
      .set({ claimOpenedAt: new Date(Date.now() - 73 * HOUR) })
      .where(eq(rentals.id, rental.id));
    expect((await view(rental.id, driver.cookie)).json().data['may-answer']).toBe(false);
    for (const payload of [{ answer: 'accept' }, { answer: 'dispute', note: 'Too late?' }]) {
      const late = await answer(rental.id, driver.cookie, payload);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ key: 'rental.claimAnswerClosed', message: 'The 72 hours to answer this claim are over: it stands.' });
    }
    expect((await statusOf(rental.id)).status).toBe('claim_open');
  });
});
