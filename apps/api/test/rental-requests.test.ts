import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '@medallion/contracts/rental-states';
import { mailOutbox, rentalAgreements, rentalRequests, rentals } from '@medallion/db/schema';
import { expireRentalRequests } from '../src/modules/rentals/decide-rental-request';
import { createConfirmedUser } from './helpers/auth';
import { buildTestApp } from './helpers/build-test-app';
import { insertListing } from './helpers/listings';
import { RENTAL_LABEL } from './helpers/rentals';

describe('rental request → decision → agreement', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const owner = await createConfirmedUser(app, 'rq-owner@example.com', 'Secret123', 'Olga Owner');
  const driver = await createConfirmedUser(app, 'rq-driver@example.com', 'Secret123', 'Dmitri Driver');
  const driver2 = await createConfirmedUser(app, 'rq-driver2@example.com', 'Secret123', 'Pavel Second');
  const stranger = await createConfirmedUser(app, 'rq-stranger@example.com', 'Secret123', 'Sam Stranger');
  const today = todayInNewYork();
  const car = (overrides = {}) => insertListing(app, owner.id, { ...RENTAL_LABEL, vin: '1HGCM82633A004352', plateNumber: 'T654321C', ...overrides });
  const post = (cookie: string, url: string, payload?: object) => app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const ask = (cookie: string, listingId: string, extra: Record<string, unknown> = {}) =>
    post(cookie, '/api/rental-requests', {
      listing_id: listingId,
      start_date: addDays(today, 7),
      weeks: 3,
      tlc_license_number: '5123456',
      tlc_license_expiry: addDays(today, 400),
      message: 'I drive for Uber, 5 years.',
      ...extra,
    });
  const mailsTo = async (to: string) => (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).map((m) => m.subject.split(' / ')[0]);
  const fieldKey = (res: { json: () => { fields?: Record<string, { key: string }> } }, field: string) => res.json().fields?.[field]?.key;

  it('refuses bad input with clear 4xx answers', async () => {
    const listingId = await car();
    const past = await ask(driver.cookie, listingId, { start_date: addDays(today, -1) });
    expect(past.statusCode).toBe(400);
    expect(fieldKey(past, 'start_date')).toBe('rentalStartDatePast');
    expect(past.json().fields.start_date.message).toBe('The start date cannot be in the past.');
    const expired = await ask(driver.cookie, listingId, { tlc_license_expiry: addDays(today, -1) });
    expect(fieldKey(expired, 'tlc_license_expiry')).toBe('tlcLicenseExpired');
    const badLicense = await ask(driver.cookie, listingId, { tlc_license_number: 'AB12' });
    expect(fieldKey(badLicense, 'tlc_license_number')).toBe('tlcLicenseNumberInvalid');
    const short = await ask(driver.cookie, listingId, { weeks: 1 });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ key: 'rental.weeksBelowMinimum', params: { weeks: 2 } });
    expect(fieldKey(short, 'weeks')).toBe('rental.weeksBelowMinimum');
    expect((await ask(owner.cookie, listingId)).json()).toMatchObject({ key: 'rental.ownListing' });
    expect((await ask(driver.cookie, await car({ dealType: 'sale', paymentPeriod: null }))).statusCode).toBe(404);
    expect((await ask(driver.cookie, await car({ rentDepositCents: null }))).json()).toMatchObject({ key: 'rental.noLabel' });
    expect((await ask(driver.cookie, await car({ status: 'INACTIVE' }))).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/rental-requests', payload: {} })).statusCode).toBe(401);
  });

  it('a request e-mails the owner; a second open request for the same car is refused; a sixth open request too', async () => {
    const listingId = await car();
    const first = await ask(driver2.cookie, listingId);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ status: 'open', role: 'driver', weeks: 3, counterpart_name: 'Olga Owner', end_date: addDays(today, 28) });
    expect(await mailsTo('rq-owner@example.com')).toContain(`Rental request for 2021 Toyota Camry Hybrid`);
    expect((await ask(driver2.cookie, listingId, { start_date: addDays(today, 60) })).json()).toMatchObject({ key: 'rental.alreadyRequested' });
    for (let i = 0; i < 4; i++) expect((await ask(driver2.cookie, await car())).statusCode).toBe(201);
    const sixth = await ask(driver2.cookie, await car());
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ key: 'rental.tooManyOpenRequests', params: { max: 5 } });
  });

  it('parallel requests of one driver never pass the limit of 5', async () => {
    const cars = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(() => car()));
    const answers = await Promise.all(cars.map((id) => ask(stranger.cookie, id)));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(3);
    // Withdraw them again (the stranger is used below as someone else).
    const open = await app.db.select().from(rentalRequests).where(eq(rentalRequests.driverId, stranger.id));
    for (const request of open) expect((await post(stranger.cookie, `/api/rental-requests/${request.id}/withdraw`)).statusCode).toBe(200);
  });

  it('the owner approves: the rental copies the terms, the agreement PDF is made, overlapping requests are declined', async () => {
    const listingId = await car();
    const a = (await ask(driver.cookie, listingId)).json().data;
    const b = (await ask(stranger.cookie, listingId, { start_date: addDays(today, 14) })).json().data;
    // Someone else's request: 404, whatever they try.
    expect((await post(stranger.cookie, `/api/rental-requests/${a.id}/approve`)).statusCode).toBe(404);
    expect((await post(stranger.cookie, `/api/rental-requests/${a.id}/decline`)).statusCode).toBe(404);
    expect((await post(owner.cookie, `/api/rental-requests/${a.id}/withdraw`)).statusCode).toBe(404);
    expect((await post(owner.cookie, `/api/rental-requests/not-an-id/approve`)).statusCode).toBe(404);

    const approved = await post(owner.cookie, `/api/rental-requests/${a.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', role: 'owner', counterpart_name: 'Dmitri Driver' });
    const rentalId = approved.json().data.rental_id as string;
    const [rental] = await app.db.select().from(rentals).where(eq(rentals.id, rentalId));
    expect(rental).toMatchObject({ status: 'awaiting_agreement', weeklyRentCents: 45000, depositCents: 50000, weeks: 3 });
    expect(rental!.terms).toMatchObject({ listing: { vin: '1HGCM82633A004352', plateNumber: 'T654321C' }, label: { deposit: 500, min_weeks: 2 } });
    const [declined] = await app.db.select().from(rentalRequests).where(eq(rentalRequests.id, b.id));
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'overlap' });
    expect(await mailsTo('rq-driver@example.com')).toContain('Your rental request is approved: 2021 Toyota Camry Hybrid');
    expect(await mailsTo('rq-stranger@example.com')).toContain('Your rental request was declined: 2021 Toyota Camry Hybrid');
    // Approving again, or the declined one: 409.
    expect((await post(owner.cookie, `/api/rental-requests/${a.id}/approve`)).json()).toMatchObject({ key: 'rental.requestNotOpen' });
    expect((await post(owner.cookie, `/api/rental-requests/${b.id}/approve`)).statusCode).toBe(409);
    // A new request for days the car is rented: 409.
    const taken = await ask(driver2.cookie, listingId, { start_date: addDays(today, 20) });
    expect(taken.json()).toMatchObject({ key: 'rental.weeksTaken' });
  });

  it('of parallel approvals of overlapping requests (different drivers), exactly one rents the car', async () => {
    const listingId = await car();
    const drivers = await Promise.all([1, 2, 3].map((n) => createConfirmedUser(app, `rq-par${n}@example.com`, 'Secret123', `Driver ${n}`)));
    const requests = await Promise.all(drivers.map((d, i) => ask(d.cookie, listingId, { start_date: addDays(today, 10 + i) })));
    const ids = requests.map((res) => res.json().data.id as string);
    const answers = await Promise.all(ids.map((id) => post(owner.cookie, `/api/rental-requests/${id}/approve`)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const held = await app.db.select().from(rentals).where(eq(rentals.listingId, listingId));
    expect(held).toHaveLength(1);
  });

  it('the owner declines; the driver is told', async () => {
    const listingId = await car();
    const request = (await ask(driver.cookie, listingId, { start_date: addDays(today, 90) })).json().data;
    const res = await post(owner.cookie, `/api/rental-requests/${request.id}/decline`);
    expect(res.json().data).toMatchObject({ status: 'declined', decline_reason: 'owner' });
    expect(await mailsTo('rq-driver@example.com')).toContain('Your rental request was declined: 2021 Toyota Camry Hybrid');
  });

  it('an unanswered request expires after 48 hours (the job), once, and both sides are told', async () => {
    const listingId = await car({ title: 'Expiring Camry' });
    const asked = await ask(driver.cookie, listingId, { start_date: addDays(today, 120) });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json().data;
    const deps = { db: app.db, mailer: app.mailer, storage: app.storage, publicUrl: app.config.PUBLIC_URL };
    await expireRentalRequests(deps, new Date(Date.now() + 47 * 3_600_000));
    expect((await app.db.select().from(rentalRequests).where(eq(rentalRequests.id, request.id)))[0]!.status).toBe('open');
    const later = new Date(Date.now() + 49 * 3_600_000);
    const counts = await Promise.all([expireRentalRequests(deps, later), expireRentalRequests(deps, later)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect((await app.db.select().from(rentalRequests).where(eq(rentalRequests.id, request.id)))[0]!.status).toBe('expired');
    expect((await mailsTo('rq-owner@example.com')).filter((s) => s === 'Rental request expired: Expiring Camry')).toHaveLength(1);
    expect((await mailsTo('rq-driver@example.com')).filter((s) => s === 'Rental request expired: Expiring Camry')).toHaveLength(1);
  });

  it('both parties accept the agreement (consent + typed name); the PDF is for them only; then it awaits pick-up', async () => {
    const listingId = await car({ title: 'Agreement Camry' });
    const request = (await ask(driver.cookie, listingId, { start_date: addDays(today, 150) })).json().data;
    const rentalId = (await post(owner.cookie, `/api/rental-requests/${request.id}/approve`)).json().data.rental_id as string;

    const pdf = await app.inject({ method: 'GET', url: `/api/rentals/${rentalId}/agreement.pdf`, headers: { cookie: driver.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [agreement] = await app.db.select().from(rentalAgreements).where(eq(rentalAgreements.rentalId, rentalId));
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(agreement!.sha256);
    expect((await app.inject({ method: 'GET', url: `/api/rentals/${rentalId}/agreement.pdf`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/rentals/${rentalId}/agreement.pdf` })).statusCode).toBe(401);

    const noConsent = await post(driver.cookie, `/api/rentals/${rentalId}/agreement/accept`, { consent: false, name: 'Dmitri Driver' });
    expect(fieldKey(noConsent, 'consent')).toBe('agreementConsentRequired');
    expect(fieldKey(await post(driver.cookie, `/api/rentals/${rentalId}/agreement/accept`, { consent: true, name: ' ' }), 'name')).toBe(
      'agreementNameRequired',
    );
    expect((await post(stranger.cookie, `/api/rentals/${rentalId}/agreement/accept`, { consent: true, name: 'Sam' })).statusCode).toBe(404);

    const first = await post(driver.cookie, `/api/rentals/${rentalId}/agreement/accept`, { consent: true, name: 'Dmitri Driver' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'awaiting_agreement', role: 'driver' });
    expect(first.json().data.agreement.driver_accepted_at).not.toBeNull();
    expect((await post(driver.cookie, `/api/rentals/${rentalId}/agreement/accept`, { consent: true, name: 'Dmitri Driver' })).json()).toMatchObject({
      key: 'rental.agreementAlreadyAccepted',
    });
    expect(await mailsTo('rq-owner@example.com')).toContain('Dmitri Driver accepted the rental agreement: Agreement Camry');

    const second = await post(owner.cookie, `/api/rentals/${rentalId}/agreement/accept`, { consent: true, name: 'Olga Owner' });
    expect(second.json().data).toMatchObject({ status: 'awaiting_pickup', role: 'owner' });
    const [signed] = await app.db.select().from(rentalAgreements).where(eq(rentalAgreements.rentalId, rentalId));
    expect(signed).toMatchObject({ driverName: 'Dmitri Driver', ownerName: 'Olga Owner', driverIp: '127.0.0.1' });
    expect(await mailsTo('rq-driver@example.com')).toContain('Rental agreement signed: Agreement Camry');

    const mine = (await app.inject({ method: 'GET', url: '/api/rentals/mine', headers: { cookie: driver.cookie } })).json().data;
    expect(mine.rentals.find((r: { id: string }) => r.id === rentalId)).toMatchObject({
      status: 'awaiting_pickup',
      role: 'driver',
      counterpart_name: 'Olga Owner',
    });
    const theirs = (await app.inject({ method: 'GET', url: '/api/rentals/mine', headers: { cookie: stranger.cookie } })).json().data;
    expect(theirs.rentals.find((r: { id: string }) => r.id === rentalId)).toBeUndefined();
  });

  it('a later edit of the listing never changes an approved rental', async () => {
    const listingId = await car({ title: 'Frozen terms' });
    const request = (await ask(driver.cookie, listingId, { start_date: addDays(today, 170) })).json().data;
    const rentalId = (await post(owner.cookie, `/api/rental-requests/${request.id}/approve`)).json().data.rental_id as string;
    const { listings } = await import('@medallion/db/schema');
    await app.db.update(listings).set({ priceCents: 99900, rentDepositCents: 200000 }).where(eq(listings.id, listingId));
    const [rental] = await app.db.select().from(rentals).where(eq(rentals.id, rentalId));
    expect(rental).toMatchObject({ weeklyRentCents: 45000, depositCents: 50000 });
  });
});
