import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rentalCharges, rentalHandovers, rentals } from '@medallion/db/schema';
import { newYorkDate } from '../src/modules/rental-payments/charge-due-rent';
import { handoverPhotoKey } from '../src/modules/rental-handover/handover-access';
import { agreementKey } from '../src/modules/rentals/decide-rental-request';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { saveSandboxCard } from './helpers/payments';
import { insertPaidRental, insertRentalAwaitingPickup } from './helpers/rentals';

describe('deleting an account that rents or rents out a car', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  let n = 0;
  const account = (role: string) => createConfirmedUser(app, `del-${role}-${++n}@example.com`, 'Secret123', `${role} ${n}`);
  const remove = (cookie: string) => app.inject({ method: 'DELETE', url: '/api/users', headers: { cookie }, payload: { password: 'Secret123' } });

  async function paidRental() {
    const owner = await account('owner');
    const driver = await account('driver');
    const card = await saveSandboxCard(app, driver.cookie);
    const rental = await insertPaidRental(app, {
      driverId: driver.id,
      driverCookie: driver.cookie,
      card,
      ownerId: owner.id,
      startDate: newYorkDate(new Date()),
    });
    return { owner, driver, rental };
  }

  it('is refused, saying why, for both sides while a paid rental is not settled', async () => {
    const { owner, driver, rental } = await paidRental();
    for (const who of [driver, owner]) {
      const res = await remove(who.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        key: 'user.rentalInProgress',
        message: 'You have a rental in progress. You can delete your account once it is closed and its deposit is settled.',
      });
    }
    expect(await app.db.select().from(rentals).where(eq(rentals.id, rental.id))).toHaveLength(1);
  });

  it('goes through once the rental is closed, and takes the rental files with it', async () => {
    const { driver, rental } = await paidRental();
    const files = [agreementKey(rental.id), handoverPhotoKey(rental.id, 'abcdef0123456789.webp')];
    for (const key of files) await app.storage.putPrivate(key, Buffer.from(key), 'application/octet-stream');
    // The rental's photo names, as a hand-over would record them.
    await app.db.insert(rentalHandovers).values({
      rentalId: rental.id,
      stage: 'pickup',
      party: 'driver',
      userId: driver.id,
      photos: { front: 'abcdef0123456789.webp' },
      odometerMiles: 1,
      fuelPercent: 1,
    });
    await app.db.update(rentals).set({ status: 'closed' }).where(eq(rentals.id, rental.id));
    const res = await remove(driver.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await app.db.select().from(rentals).where(eq(rentals.id, rental.id))).toHaveLength(0);
    expect(await app.db.select().from(rentalCharges).where(eq(rentalCharges.rentalId, rental.id))).toHaveLength(0);
    for (const key of files) expect(await app.storage.getPrivate(key), key).toBeNull();
  });

  it('goes through before the pick-up is paid: the request and the unpaid rental go with it', async () => {
    const owner = await account('owner');
    const driver = await account('driver');
    const rental = await insertRentalAwaitingPickup(app, { driverId: driver.id, ownerId: owner.id, startDate: newYorkDate(new Date()) });
    expect((await remove(owner.cookie)).statusCode).toBe(200);
    expect(await app.db.select().from(rentals).where(eq(rentals.id, rental.id))).toHaveLength(0);
  });
});
