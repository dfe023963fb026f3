import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  RENTAL_EVENTS,
  RENTAL_HOLDING_STATUSES,
  RENTAL_REQUEST_EVENTS,
  RENTAL_REQUEST_STATUSES,
  RENTAL_STATUSES,
  type RentalEvent,
  type RentalStatus,
} from '@medallion/contracts/rental-states';
import { rentalAgreements, rentalRequests, rentals } from '@medallion/db/schema';
import {
  applyRentalEvent,
  applyRentalEventIfAllowed,
  nextRentalStatus,
  nextRequestStatus,
  RENTAL_TRANSITIONS,
  transitionRequest,
} from '../src/modules/rentals/rental-lifecycle';
import { createConfirmedUser } from './helpers/auth';
import { buildTestApp } from './helpers/build-test-app';
import { insertListing } from './helpers/listings';
import { insertRental, insertRentalRequest, RENTAL_LABEL } from './helpers/rentals';

/** The rental graph written out by hand: for each event, the statuses it moves from and where to. */
const EXPECTED: Record<RentalEvent, Partial<Record<RentalStatus, RentalStatus>>> = {
  agreementAccepted: { awaiting_agreement: 'awaiting_pickup' },
  agreementExpired: { awaiting_agreement: 'cancelled' },
  cancel: { awaiting_agreement: 'cancelled', awaiting_pickup: 'cancelled' },
  pickupPaid: { awaiting_pickup: 'active' },
  pickupPhotos: { awaiting_pickup: 'active' },
  weeklyChargeFailed: { active: 'payment_failed', payment_failed: 'payment_failed' },
  weeklyChargePaid: { payment_failed: 'active' },
  endForNonPayment: { payment_failed: 'ended_nonpayment' },
  return: { active: 'returned', payment_failed: 'returned', ended_nonpayment: 'returned' },
  openClaim: { returned: 'claim_open' },
  acceptClaim: { claim_open: 'claim_resolved' },
  claimUnanswered: { claim_open: 'claim_resolved' },
  disputeClaim: { claim_open: 'claim_disputed' },
  decideClaim: { claim_disputed: 'claim_resolved' },
  depositSettled: { returned: 'closed', claim_resolved: 'closed' },
};

describe('the rental state graph (pure)', () => {
  it("the database's status columns take exactly the contracts' statuses (packages/db does not import contracts)", () => {
    expect(rentals.status.enumValues).toEqual([...RENTAL_STATUSES]);
    expect(rentalRequests.status.enumValues).toEqual([...RENTAL_REQUEST_STATUSES]);
  });
  it('knows exactly the events written out here', () => {
    expect([...RENTAL_EVENTS].sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(Object.keys(RENTAL_TRANSITIONS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });
  for (const event of RENTAL_EVENTS) {
    it(`${event}: ${JSON.stringify(EXPECTED[event])}, refused elsewhere`, () => {
      for (const from of RENTAL_STATUSES) expect(nextRentalStatus(from, event), from).toBe(EXPECTED[event][from] ?? null);
    });
  }
  it('every status but closed and cancelled has a way out; closed and cancelled have none', () => {
    for (const status of RENTAL_STATUSES) {
      const out = RENTAL_EVENTS.filter((event) => nextRentalStatus(status, event) !== null);
      if (status === 'closed' || status === 'cancelled') expect(out, status).toEqual([]);
      else expect(out.length, status).toBeGreaterThan(0);
    }
  });
  it('a request leaves open by each of its events and by none from any other status', () => {
    expect(RENTAL_REQUEST_EVENTS.map((event) => nextRequestStatus('open', event))).toEqual(['approved', 'declined', 'declined', 'expired', 'withdrawn']);
    for (const event of RENTAL_REQUEST_EVENTS) expect(nextRequestStatus('approved', event)).toBeNull();
  });
});

describe('the rental lifecycle on the database', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const owner = await createConfirmedUser(app, 'rent-life-owner@example.com', 'Secret123', 'Olga Owner');
  const driver = await createConfirmedUser(app, 'rent-life-driver@example.com', 'Secret123', 'Dmitri Driver');
  const other = await createConfirmedUser(app, 'rent-life-other@example.com', 'Secret123', 'Pavel Other');
  const parties = { driverId: driver.id, ownerId: owner.id };
  const carListing = () => insertListing(app, owner.id, RENTAL_LABEL);
  const status = async (id: string) => (await app.db.select({ s: rentals.status }).from(rentals).where(eq(rentals.id, id)))[0]!.s;

  it('refuses a second rental holding the same car for overlapping days, in the database', async () => {
    const listingId = await carListing();
    await insertRental(app, { listingId, ...parties, startDate: '2031-03-03', weeks: 4 });
    await expect(insertRental(app, { listingId, ...parties, startDate: '2031-03-24', weeks: 2 })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23P01' }),
    });
    // Days right after (end is exclusive), another car, or a rental no longer holding the car: allowed.
    await insertRental(app, { listingId, ...parties, startDate: '2031-03-31', weeks: 1 });
    await insertRental(app, { listingId: await carListing(), ...parties, startDate: '2031-03-03', weeks: 4 });
    const cancelled = await insertRental(app, { listingId, ...parties, startDate: '2031-05-05', weeks: 2 });
    await applyRentalEvent(app.db, cancelled.id, 'cancel', { by: { driver: driver.id } });
    await insertRental(app, { listingId, ...parties, startDate: '2031-05-05', weeks: 2 });
  });

  it('holds the car in exactly the holding statuses', () => {
    expect([...RENTAL_HOLDING_STATUSES]).toEqual(['awaiting_agreement', 'awaiting_pickup', 'active', 'payment_failed', 'ended_nonpayment']);
  });

  it('of parallel overlapping inserts, exactly one holds the car', async () => {
    const listingId = await carListing();
    const results = await Promise.allSettled([0, 1, 2, 3].map((i) => insertRental(app, { listingId, ...parties, startDate: `2031-07-0${i + 1}`, weeks: 3 })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('moves to active only once both the pick-up payment and the pick-up photos are in, in either order', async () => {
    const listingId = await carListing();
    const a = await insertRental(app, { listingId, ...parties, startDate: '2031-09-01', weeks: 2, status: 'awaiting_pickup' });
    expect((await applyRentalEvent(app.db, a.id, 'pickupPaid', { by: 'system' })).status).toBe('awaiting_pickup');
    const active = await applyRentalEvent(app.db, a.id, 'pickupPhotos', { by: { owner: owner.id } });
    expect(active.status).toBe('active');
    expect(active.activatedAt).not.toBeNull();
    const b = await insertRental(app, { listingId, ...parties, startDate: '2031-10-01', weeks: 2, status: 'awaiting_pickup' });
    expect((await applyRentalEvent(app.db, b.id, 'pickupPhotos', { by: 'system' })).status).toBe('awaiting_pickup');
    expect((await applyRentalEvent(app.db, b.id, 'pickupPaid', { by: 'system' })).status).toBe('active');
  });

  it('moves to awaiting pick-up only when both parties accepted the agreement', async () => {
    const rental = await insertRental(app, { listingId: await carListing(), ...parties, startDate: '2031-11-03', weeks: 2 });
    await app.db.insert(rentalAgreements).values({ rentalId: rental.id, storageKey: 'k', sha256: 'x', consentVersion: '1', driverAcceptedAt: new Date() });
    await expect(applyRentalEvent(app.db, rental.id, 'agreementAccepted', { by: 'system' })).rejects.toMatchObject({ key: 'rental.notAwaitingAgreement' });
    await app.db.update(rentalAgreements).set({ ownerAcceptedAt: new Date() }).where(eq(rentalAgreements.rentalId, rental.id));
    expect((await applyRentalEvent(app.db, rental.id, 'agreementAccepted', { by: 'system' })).status).toBe('awaiting_pickup');
  });

  it('keeps the time guards: ending for non-payment after 72 h, a claim within 24 h of the return, the deposit after 72 h', async () => {
    const rental = await insertRental(app, { listingId: await carListing(), ...parties, startDate: '2032-01-05', weeks: 4, status: 'active' });
    const t0 = new Date('2032-01-20T12:00:00Z');
    const hours = (h: number) => new Date(t0.getTime() + h * 3_600_000);
    await applyRentalEvent(app.db, rental.id, 'weeklyChargeFailed', { by: 'system', now: t0 });
    await applyRentalEvent(app.db, rental.id, 'weeklyChargeFailed', { by: 'system', now: hours(24) });
    expect((await app.db.select().from(rentals).where(eq(rentals.id, rental.id)))[0]!.paymentFailedAt).toEqual(t0);
    await expect(applyRentalEvent(app.db, rental.id, 'endForNonPayment', { by: { owner: owner.id }, now: hours(71) })).rejects.toMatchObject({
      key: 'rental.cannotEndYet',
      statusCode: 409,
    });
    await expect(applyRentalEvent(app.db, rental.id, 'endForNonPayment', { by: { owner: other.id }, now: hours(73) })).rejects.toMatchObject({
      key: 'rental.notFound',
      statusCode: 404,
    });
    expect((await applyRentalEvent(app.db, rental.id, 'endForNonPayment', { by: { owner: owner.id }, now: hours(73) })).status).toBe('ended_nonpayment');
    await applyRentalEvent(app.db, rental.id, 'return', { by: 'system', now: hours(80) });
    expect(await applyRentalEventIfAllowed(app.db, rental.id, 'openClaim', { by: { owner: owner.id }, now: hours(105) })).toBeNull();
    expect(await applyRentalEventIfAllowed(app.db, rental.id, 'depositSettled', { by: 'system', now: hours(151) })).toBeNull();
    expect((await applyRentalEvent(app.db, rental.id, 'depositSettled', { by: 'system', now: hours(153) })).status).toBe('closed');
  });

  it('walks a claim: opened within 24 h, disputed, decided by staff, then the deposit settles at once', async () => {
    const rental = await insertRental(app, { listingId: await carListing(), ...parties, startDate: '2032-03-01', weeks: 2, status: 'active' });
    await applyRentalEvent(app.db, rental.id, 'return', { by: { driver: driver.id } });
    await applyRentalEvent(app.db, rental.id, 'openClaim', { by: { owner: owner.id } });
    await expect(applyRentalEvent(app.db, rental.id, 'disputeClaim', { by: { driver: other.id } })).rejects.toMatchObject({ statusCode: 404 });
    await applyRentalEvent(app.db, rental.id, 'disputeClaim', { by: { driver: driver.id } });
    await applyRentalEvent(app.db, rental.id, 'decideClaim', { by: 'staff' });
    expect((await applyRentalEvent(app.db, rental.id, 'depositSettled', { by: 'system' })).status).toBe('closed');
    expect(await status(rental.id)).toBe('closed');
  });

  it('of parallel identical events, one moves the rental', async () => {
    const rental = await insertRental(app, { listingId: await carListing(), ...parties, startDate: '2032-05-03', weeks: 2, status: 'active' });
    const moved = await Promise.all([0, 1, 2, 3, 4].map(() => applyRentalEventIfAllowed(app.db, rental.id, 'return', { by: 'system' })));
    expect(moved.filter(Boolean)).toHaveLength(1);
  });

  it('refuses an event to an actor it is not for (a programming error, not a user answer)', async () => {
    const rental = await insertRental(app, { listingId: await carListing(), ...parties, startDate: '2032-07-05', weeks: 2, status: 'active' });
    await expect(applyRentalEvent(app.db, rental.id, 'pickupPaid', { by: { driver: driver.id } })).rejects.toThrow('not done by driver');
  });

  it('a request expires only once its time is up, and only its own driver withdraws it', async () => {
    const listingId = await carListing();
    const request = await insertRentalRequest(app, { listingId, ...parties, startDate: '2032-09-06', weeks: 2, expiresAt: new Date('2032-01-01T00:00:00Z') });
    await expect(transitionRequest(app.db, request.id, 'expire', { by: 'system', now: new Date('2031-12-31T23:00:00Z') })).rejects.toMatchObject({
      key: 'rental.requestNotOpen',
    });
    await expect(transitionRequest(app.db, request.id, 'withdraw', { by: { driver: other.id } })).rejects.toMatchObject({ statusCode: 404 });
    expect((await transitionRequest(app.db, request.id, 'expire', { by: 'system', now: new Date('2032-01-01T00:00:01Z') })).status).toBe('expired');
  });
});
