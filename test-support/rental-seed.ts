import { sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';

export interface RentalSeed {
  /** Letters and digits: names this seed's rows (users, cards, listings, rentals). */
  tag: string;
  rentals: number;
  /** Drivers the rentals are spread over (each with one saved sandbox card). */
  drivers: number;
  /** The rentals' first day (YYYY-MM-DD). */
  startDate: string;
  weeks: number;
  weeklyRentCents?: number;
  depositCents?: number;
}

/**
 * Active rentals whose pick-up was paid (the deposit and week 0 recorded as charged with each driver's
 * sandbox card), written in a few set-based statements so 10,000 take seconds: one owner, `drivers`
 * drivers with a card each, a listing, an approved request and an active rental per rental. Bypasses the
 * lifecycle on purpose (a fixture for the job tests and the bench, not product code). Returns the owner's id.
 */
export async function seedActiveRentals(db: Database, seed: RentalSeed): Promise<{ ownerId: string }> {
  if (!/^[a-z0-9]+$/i.test(seed.tag)) throw new Error('tag: letters and digits only');
  const t = seed.tag;
  const owner = `rent-seed-${t}-owner`;
  const rent = seed.weeklyRentCents ?? 45_000;
  const deposit = seed.depositCents ?? 50_000;
  const run = (text: string) => db.execute(sql.raw(text));
  await run(`insert into "user" (id, name, email, email_verified, status) values ('${owner}', 'Seed Owner', 'owner-${t}@example.com', true, 'CONFIRMED')`);
  await run(`
    insert into "user" (id, name, email, email_verified, status)
    select 'rent-seed-${t}-d' || i, 'Seed Driver ' || i, 'driver' || i || '-${t}@example.com', true, 'CONFIRMED'
    from generate_series(1, ${seed.drivers}) i`);
  await run(`
    insert into sandbox_cards (id, user_id, brand, last4, exp_month, exp_year, behaviour)
    select 'pm_seed_${t}_' || i, 'rent-seed-${t}-d' || i, 'visa', '4242', 12, 2040, 'succeed'
    from generate_series(1, ${seed.drivers}) i`);
  await run(`
    insert into listings (id, user_id, category, status, title, deal_type, price_cents, payment_period)
    select md5('listing-${t}-' || i)::uuid, '${owner}', 'cars', 'ACTIVE', 'Seed car ' || i, 'rent', ${rent}, 'weekly'
    from generate_series(1, ${seed.rentals}) i`);
  const driver = `'rent-seed-${t}-d' || (1 + (i - 1) % ${seed.drivers})`;
  const end = `'${seed.startDate}'::date + 7 * ${seed.weeks}`;
  await run(`
    insert into rental_requests (id, listing_id, driver_id, owner_id, status, start_date, weeks, end_date, tlc_license_number, tlc_license_expiry, expires_at)
    select md5('request-${t}-' || i)::uuid, md5('listing-${t}-' || i)::uuid, ${driver}, '${owner}', 'approved', '${seed.startDate}', ${seed.weeks}, ${end}, '5123456', '2030-01-01', now()
    from generate_series(1, ${seed.rentals}) i`);
  await run(`
    insert into rentals (id, request_id, listing_id, driver_id, owner_id, status, start_date, weeks, end_date, weekly_rent_cents, deposit_cents, terms, agreement_due_at, pickup_paid_at, activated_at)
    select md5('rental-${t}-' || i)::uuid, md5('request-${t}-' || i)::uuid, md5('listing-${t}-' || i)::uuid, ${driver}, '${owner}', 'active',
      '${seed.startDate}', ${seed.weeks}, ${end}, ${rent}, ${deposit}, '{}'::jsonb, now(), now(), now()
    from generate_series(1, ${seed.rentals}) i`);
  await run(`
    insert into rental_charges (rental_id, kind, week, amount_cents, due_date, status, payment_method_id, provider_payment_id, paid_at)
    select md5('rental-${t}-' || i)::uuid, k.kind, 0, case when k.kind = 'deposit' then ${deposit} else ${rent} end, '${seed.startDate}', 'succeeded',
      'pm_seed_${t}_' || (1 + (i - 1) % ${seed.drivers}), 'pi_seed_${t}_' || i, now()
    from generate_series(1, ${seed.rentals}) i cross join (values ('deposit'), ('week')) as k(kind)`);
  return { ownerId: owner };
}
