import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rentalCharges, rentals } from '@medallion/db/schema';
import { loadConfig, TEST_HOOKS_LOCAL_ONLY } from '../src/config';
import { newYorkDate } from '../src/modules/rental-payments/charge-due-rent';
import { REWOUND_TABLES } from '../src/modules/test-hooks/rewind-rental';
import { applyRentalEvent } from '../src/modules/rentals/rental-lifecycle';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, signedInStaff } from './helpers/auth';
import { saveSandboxCard } from './helpers/payments';
import { insertPaidRental } from './helpers/rentals';

const TODAY = newYorkDate(new Date());

describe('test hooks (TEST_HOOKS=true): a rental as if days went by, and its card declining', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', TEST_HOOKS: 'true', PUBLIC_URL: 'http://127.0.0.1:3000' });
  const staff = await signedInStaff(app, 'hooks-staff@example.com');
  const owner = await createConfirmedUser(app, 'hooks-owner@example.com', 'Secret123', 'Olga Owner');
  const driver = await createConfirmedUser(app, 'hooks-driver@example.com', 'Secret123', 'Dmitri Driver');
  const card = await saveSandboxCard(app, driver.cookie);
  const hook = (path: string, payload: object, cookie = staff.cookie) =>
    app.inject({ method: 'POST', url: `/api/test/rentals/${path}`, headers: { cookie }, payload });

  async function activeRental() {
    const rental = await insertPaidRental(app, { driverId: driver.id, driverCookie: driver.cookie, card, ownerId: owner.id, startDate: TODAY });
    await applyRentalEvent(app.db, rental.id, 'pickupPhotos', { by: 'system' });
    return rental;
  }
  const week = async (rentalId: string, k: number) =>
    (
      await app.db
        .select()
        .from(rentalCharges)
        .where(and(eq(rentalCharges.rentalId, rentalId), eq(rentalCharges.kind, 'week'), eq(rentalCharges.week, k)))
    )[0];

  it('moves every time of a rental table: a rental table with dates not in REWOUND_TABLES fails here', async () => {
    const rows = (
      (await app.db.execute(sql`
        select distinct table_name from information_schema.columns
        where table_schema = current_schema() and table_name like 'rental%'
          and data_type in ('date', 'timestamp with time zone', 'timestamp without time zone')
          and column_name not in ('updated_at', 'lease_until')`)) as unknown as { rows: Array<{ table_name: string }> }
    ).rows.map((r) => r.table_name);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.filter((t) => !(t in REWOUND_TABLES))).toEqual([]);
  });

  it('a week later the job charges week 1; with a declining card it is declined; then it works again', async () => {
    const rental = await activeRental();
    const before = (await app.db.select().from(rentals).where(eq(rentals.id, rental.id)))[0]!;
    expect(await week(rental.id, 1)).toBeUndefined();

    expect((await hook(`${rental.id}/card`, { behaviour: 'insufficient_funds' })).statusCode).toBe(200);
    const rewound = await hook(`${rental.id}/rewind`, { days: 7 });
    expect(rewound.statusCode, rewound.body).toBe(200);
    const after = (await app.db.select().from(rentals).where(eq(rentals.id, rental.id)))[0]!;
    expect(after.startDate).toBe(newYorkDate(new Date(Date.now() - 7 * 24 * 3600_000)));
    expect(before.pickupPaidAt!.getTime() - after.pickupPaidAt!.getTime()).toBe(7 * 24 * 3600_000);
    // Declined: still due, retried the next day.
    const declined = await week(rental.id, 1);
    expect(declined?.status, rewound.body).toBe('due');
    expect(declined?.attempts).toBe(1);
    expect(declined?.firstFailedAt).not.toBeNull();

    expect((await hook(`${rental.id}/card`, { behaviour: 'succeed' })).statusCode).toBe(200);
    expect((await hook(`${rental.id}/rewind`, { days: 1 })).statusCode).toBe(200);
    expect((await week(rental.id, 1))?.status).toBe('succeeded');
  });

  it('is for staff only, answers 404 for an unknown rental and 400 for bad days', async () => {
    const rental = await activeRental();
    expect((await hook(`${rental.id}/rewind`, { days: 1 }, driver.cookie)).statusCode).toBe(403);
    expect((await hook(`${crypto.randomUUID()}/rewind`, { days: 1 })).statusCode).toBe(404);
    expect((await hook(`not-a-rental/card`, { behaviour: 'succeed' })).statusCode).toBe(404);
    expect((await hook(`${rental.id}/rewind`, { days: -1 })).statusCode).toBe(400);
  });
});

describe('without TEST_HOOKS', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const staff = await signedInStaff(app, 'nohooks-staff@example.com');

  it('the hooks do not exist', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/test/rentals/${crypto.randomUUID()}/rewind`,
      headers: { cookie: staff.cookie },
      payload: { days: 1 },
    });
    expect(res.statusCode).toBe(404);
  });

  it('a server on a public address, or with a real Stripe, refuses to start with them; the local fake of Stripe is allowed', () => {
    expect(() => loadConfig({ TEST_HOOKS: 'true', PUBLIC_URL: 'https://medallion.example' })).toThrow(TEST_HOOKS_LOCAL_ONLY);
    expect(() =>
      loadConfig({ TEST_HOOKS: 'true', PUBLIC_URL: 'http://localhost:3000', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }),
    ).toThrow(TEST_HOOKS_LOCAL_ONLY);
    const stripe = { TEST_HOOKS: 'true', PUBLIC_URL: 'http://localhost:3000', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: 'https://api.stripe.com' })).toThrow(TEST_HOOKS_LOCAL_ONLY);
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1.example.com:3198' })).toThrow(TEST_HOOKS_LOCAL_ONLY);
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:3198' }).TEST_HOOKS).toBe(true);
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://localhost:3198' }).TEST_HOOKS).toBe(true);
    expect(loadConfig({ TEST_HOOKS: 'true', PUBLIC_URL: 'http://127.0.0.1:4000' }).TEST_HOOKS).toBe(true);
  });
});
