import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RENT_CHARGE_ATTEMPTS } from '@medallion/contracts/rental-payments';
import type { Database, Transaction } from '@medallion/db/client';
import { listings, rentalCharges, rentals, user } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import type { ChargeLookup, ChargeResult, GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { receiptEmail } from '../payments/receipt-email';
import { applyRentalEventIfAllowed } from '../rentals/rental-lifecycle';
import { CHARGED_RENTAL_STATUSES } from './charged-statuses';
import { rentActionEmail, rentDeclinedEmails, rentWeekPayUrl } from './rent-emails';

/**
 * The weekly rent, charged off-session on its due day, exactly once per rental-week whatever the number
 * of servers, rounds and restarts (decision 0015):
 *
 *   sweep    the weeks due by today (New York) of active rentals get their `rental_charges` row, written
 *            before any charge; `unique (rental_id, kind, week)` makes racing sweeps write it once.
 *   claim    a short transaction takes due rows with FOR UPDATE SKIP LOCKED: status processing, a lease,
 *            a fresh claim token and the attempt's gateway key (`rental:<id>:week:<n>`, a retry after a
 *            recorded decline `…:retry:<k>`).
 *   charge   the card, off-session, with that key (Stripe's Idempotency-Key; the sandbox's own record).
 *   record   the outcome, only under this claim's token: paid (and what is due to the owner), or
 *            declined (both sides e-mailed; retried the next two days), or the card needs its holder
 *            (3-D Secure: the driver gets the link to pay the week on our page).
 *
 * A row left `processing` past its lease (a server stopped mid-charge) is claimed again and resolved by
 * asking the gateway what became of its key, never charged blindly a second time.
 */

export interface RentServices {
  mailer: Mailer;
  publicUrl: string;
}

export interface RentRoundOptions {
  now: Date;
  /** How long a claimed row is this runner's: longer than any charge can take. */
  leaseMs: number;
  batchSize?: number;
  /** Charges in flight at once in this runner. */
  concurrency?: number;
  /** Tests: called after the gateway answered, before the outcome is recorded. */
  afterCharge?: (row: ClaimedCharge) => void;
  /** Stops the runner where it is (tests: a process killed mid-round records nothing more). */
  signal?: AbortSignal;
}

export interface RentRoundResult {
  charged: number;
  declined: number;
  needsAction: number;
  recovered: number;
}

export interface ClaimedCharge {
  id: string;
  rentalId: string;
  week: number;
  amountCents: number;
  attempts: number;
  chargeKey: string;
  paymentMethodId: string;
  /** The row's status before this claim: due (a new attempt) or processing (a runner's lease ran out). */
  was: 'due' | 'processing';
  /** The rental's status when claimed (payment_failed: a paid week may make it active again). */
  rentalStatus?: string;
}

/** The day in New York of a moment, as YYYY-MM-DD (the due day of a week). */
export function newYorkDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const charged = sql.raw(`(${CHARGED_RENTAL_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** The gateway key of attempt `attempt` (1-based) of week `week` (0-based, as the core numbers them): the first is `rental:<id>:week:<n>`. */
export const rentChargeKey = (rentalId: string, week: number, attempt: number) =>
  attempt <= 1 ? `rental:${rentalId}:week:${week}` : `rental:${rentalId}:week:${week}:retry:${attempt - 1}`;

/** The gateway key of attempt `attempt` (1-based, counting the job's) of a week the driver pays on our page. */
export const driverRentChargeKey = (rentalId: string, week: number, attempt: number) => `rental:${rentalId}:week:${week}:session:${attempt}`;

/** Whether an attempt was the driver's own, on our page (its key from driverRentChargeKey), not the job's. */
const isDriverAttempt = (chargeKey: string) => chargeKey.includes(':session:');

/**
 * Writes the row of every week due by `today` of every charged rental that has paid its pick-up (weeks
 * 1…weeks−1; week k is due on start_date + 7k; week 0 was paid at pick-up). Racing sweeps write each row once.
 */
export async function sweepDueWeeks(db: Database, now: Date): Promise<number> {
  const today = newYorkDate(now);
  const result = await db.execute(sql`
    insert into rental_charges (rental_id, kind, week, amount_cents, due_date, status, next_attempt_at, payment_method_id)
    select r.id, 'week', w.week, r.weekly_rent_cents, r.start_date + 7 * w.week, 'due', ${ts(now)}, p.payment_method_id
    from rentals r
    join rental_charges p on p.rental_id = r.id and p.kind = 'deposit' and p.week = 0
    cross join lateral generate_series(1, least(r.weeks - 1, (${today}::date - r.start_date) / 7)) as w(week)
    where r.status in ${charged} and r.start_date + 7 <= ${today}::date
    on conflict (rental_id, kind, week) do nothing`);
  return (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
}

/** Weeks not yet charged of a rental that is no longer charged (returned, ended) are canceled (status `cancelled`): the return ends weekly charging. */
export async function cancelWeeksOfEndedRentals(db: Database): Promise<void> {
  await db.execute(sql`
    update rental_charges c set status = 'cancelled', updated_at = now()
    from rentals r
    where r.id = c.rental_id and r.status not in ${charged} and c.status = 'due' and c.kind = 'week'`);
}

/** Takes up to `limit` rows to charge (or to resolve, when a runner's lease ran out) under a new claim token. */
export async function claimDueCharges(db: Database, now: Date, leaseMs: number, limit: number): Promise<{ token: string; rows: ClaimedCharge[] }> {
  const token = randomUUID();
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const result = await db.execute(sql`
    with picked as (
      select c.id, c.status as was, r.status as rental_status
      from rental_charges c
      join rentals r on r.id = c.rental_id
      where r.status in ${charged}
        and c.kind = 'week'
        and ((c.status = 'due' and c.next_attempt_at <= ${ts(now)}) or (c.status = 'processing' and c.lease_until < ${ts(now)}))
      order by c.next_attempt_at
      limit ${limit}
      for update of c skip locked
    )
    update rental_charges c set
      status = 'processing',
      attempts = case when picked.was = 'due' then c.attempts + 1 else c.attempts end,
      charge_key = case when picked.was = 'due'
        then 'rental:' || c.rental_id || ':week:' || c.week || case when c.attempts = 0 then '' else ':retry:' || c.attempts end
        else c.charge_key end,
      claim_token = ${token},
      lease_until = ${ts(leaseUntil)},
      updated_at = now()
    from picked
    where c.id = picked.id
    returning c.id, c.rental_id, c.week, c.amount_cents, c.attempts, c.charge_key, c.payment_method_id, picked.was, picked.rental_status`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r): ClaimedCharge => ({
    id: String(r.id),
    rentalId: String(r.rental_id),
    week: Number(r.week),
    amountCents: Number(r.amount_cents),
    attempts: Number(r.attempts),
    chargeKey: String(r.charge_key),
    paymentMethodId: String(r.payment_method_id),
    was: r.was === 'processing' ? 'processing' : 'due',
    rentalStatus: String(r.rental_status),
  }));
  return { token, rows };
}

export interface RentalParties {
  driver: GatewayUser;
  owner: GatewayUser;
  car: string;
}

const driverUser = alias(user, 'rent_driver');
const ownerUser = alias(user, 'rent_owner');

/** The driver, the owner and the car's title of each rental (for the charge and the e-mails). */
export async function partiesOf(db: Pick<Database, 'select'>, rentalIds: string[]): Promise<Map<string, RentalParties>> {
  if (rentalIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: rentals.id,
      driver: { id: driverUser.id, email: driverUser.email, name: driverUser.name },
      owner: { id: ownerUser.id, email: ownerUser.email, name: ownerUser.name },
      car: listings.title,
    })
    .from(rentals)
    .innerJoin(driverUser, eq(driverUser.id, rentals.driverId))
    .innerJoin(ownerUser, eq(ownerUser.id, rentals.ownerId))
    .leftJoin(listings, eq(listings.id, rentals.listingId))
    .where(inArray(rentals.id, [...new Set(rentalIds)]));
  return new Map(rows.map((r) => [r.id, { driver: r.driver, owner: r.owner, car: r.car ?? '' }]));
}

type Outcome = ChargeResult | Exclude<ChargeLookup, ChargeResult>;

/**
 * Writes what became of one claimed attempt, only under its claim token (a runner whose lease ran out
 * changes nothing). Paid: what is due to the owner is recorded and the driver gets a receipt. Declined:
 * both sides are e-mailed; the next attempt is the next day until the third. 3-D Secure: the driver gets
 * the link to pay the week on our page. A failed attempt the driver made on that page (a decline, a failed
 * or abandoned challenge) e-mails nobody: the driver saw the answer there, and both sides were e-mailed
 * when the job's charge of the week first failed (the only way a week becomes payable there). Returns
 * the status written, or null when the claim was lost.
 */
export async function recordRentOutcome(
  db: Database,
  claim: { token: string; row: ClaimedCharge },
  outcome: Outcome,
  parties: RentalParties,
  services: RentServices,
  now: Date,
): Promise<string | null> {
  const { row, token } = claim;
  const mine = and(eq(rentalCharges.id, row.id), eq(rentalCharges.claimToken, token), eq(rentalCharges.status, 'processing'));
  return db.transaction(async (tx) => {
    if (outcome.status === 'pending' || outcome.status === 'requires_action') {
      // The provider is still working on it (or the holder's challenge is open): keep the claim, look again after the lease.
      return 'processing';
    }
    if (outcome.status === 'not_found') {
      // The charge never reached the provider (a runner stopped before the call): the same attempt again, same key.
      const [back] = await tx
        .update(rentalCharges)
        .set({ status: 'due', attempts: sql`${rentalCharges.attempts} - 1`, nextAttemptAt: now, claimToken: null, updatedAt: sql`now()` })
        .where(mine)
        .returning({ id: rentalCharges.id });
      return back ? 'released' : null;
    }
    if (outcome.status === 'succeeded') {
      const [paid] = await markPaid(tx, token, [{ row, providerPaymentId: outcome.providerPaymentId }], new Map([[row.rentalId, parties]]), services, now);
      return paid ? 'succeeded' : null;
    }
    const needsHolder = outcome.code === 'authentication_required';
    const lastAttempt = row.attempts >= RENT_CHARGE_ATTEMPTS;
    const status = needsHolder ? 'needs_action' : lastAttempt ? 'failed' : 'due';
    const nextAttemptAt = status === 'due' ? new Date(now.getTime() + DAY_MS) : null;
    const [declined] = await tx
      .update(rentalCharges)
      .set({
        status,
        nextAttemptAt,
        failureMessage: outcome.message,
        providerPaymentId: outcome.providerPaymentId,
        firstFailedAt: sql`coalesce(${rentalCharges.firstFailedAt}, ${ts(now)})`,
        claimToken: null,
        updatedAt: sql`now()`,
      })
      .where(mine)
      .returning();
    if (!declined) return null;
    // active → payment_failed (the core keeps the first failure's time: the owner may end the rental 72 h after it).
    await applyRentalEventIfAllowed(tx, row.rentalId, 'weeklyChargeFailed', { by: 'system', now });
    if (isDriverAttempt(row.chargeKey)) return status;
    const payUrl = rentWeekPayUrl(services.publicUrl, row.rentalId, row.week);
    // E-mails count weeks from 1 (week 0 is the first week).
    const [toDriver, toOwner] = rentDeclinedEmails({ ...parties, week: row.week + 1, amountCents: row.amountCents, retryOn: nextAttemptAt, payUrl });
    await services.mailer.send(needsHolder ? rentActionEmail({ ...parties, week: row.week + 1, amountCents: row.amountCents, payUrl }) : toDriver!, tx);
    await services.mailer.send(toOwner!, tx);
    return status;
  });
}

/**
 * Paid attempts of one claim, recorded together (one statement for the rows and the owners' payouts):
 * only rows still under `token`; then the rentals that were payment_failed become active when no other
 * week is left unpaid, and each driver gets a receipt. Returns the ids written.
 */
async function markPaid(
  tx: Transaction,
  token: string,
  items: Array<{ row: ClaimedCharge; providerPaymentId: string }>,
  parties: Map<string, RentalParties>,
  services: RentServices,
  now: Date,
): Promise<string[]> {
  if (items.length === 0) return [];
  const values = JSON.stringify(items.map((i) => ({ id: i.row.id, pid: i.providerPaymentId })));
  const result = (await tx.execute(sql`
    with paid as (
      update rental_charges c set status = 'succeeded', provider_payment_id = v.pid, paid_at = ${ts(now)}, failure_message = null, claim_token = null, updated_at = now()
      from json_to_recordset(${values}::json) as v(id uuid, pid text)
      where c.id = v.id and c.claim_token = ${token} and c.status = 'processing'
      returning c.id, c.rental_id, c.week, c.amount_cents
    ), payouts as (
      insert into rental_payouts (rental_charge_id, owner_id, amount_cents)
      select paid.id, r.owner_id, paid.amount_cents from paid join rentals r on r.id = paid.rental_id
      on conflict (rental_charge_id) do nothing
    )
    select id, rental_id, week, amount_cents from paid`)) as unknown as { rows: Array<{ id: string; rental_id: string; week: number; amount_cents: number }> };
  const byId = new Map(items.map((i) => [i.row.id, i.row]));
  const receipts = [];
  for (const paid of result.rows) {
    const row = byId.get(String(paid.id))!;
    if (row.rentalStatus !== 'active') {
      // payment_failed → active when no other week is left unpaid (the core's transition).
      const [stillUnpaid] = await tx
        .select({ id: rentalCharges.id })
        .from(rentalCharges)
        .where(
          and(
            eq(rentalCharges.rentalId, row.rentalId),
            sql`${rentalCharges.id} <> ${row.id}`,
            sql`(${rentalCharges.status} in ('needs_action', 'failed') or (${rentalCharges.status} = 'due' and ${rentalCharges.attempts} > 0))`,
          ),
        )
        .limit(1);
      if (!stillUnpaid) await applyRentalEventIfAllowed(tx, row.rentalId, 'weeklyChargePaid', { by: 'system', now });
    }
    const party = parties.get(row.rentalId)!;
    receipts.push(
      receiptEmail({
        to: party.driver.email,
        name: party.driver.name,
        paymentId: row.id,
        description: { key: 'receipt.rentalWeek', params: { car: party.car, week: Number(paid.week) + 1 } },
        amountCents: Number(paid.amount_cents),
        card: { brand: 'card', last4: '····' },
        paidAt: now,
        accessExpiry: null,
      }),
    );
  }
  await services.mailer.sendMany(receipts, tx);
  return result.rows.map((r) => String(r.id));
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** One round of the due-day job in this process: sweep, then claim and charge until nothing is due. */
export async function runRentRound(db: Database, gateway: PaymentGateway, services: RentServices, options: RentRoundOptions): Promise<RentRoundResult> {
  const { now, leaseMs } = options;
  const result: RentRoundResult = { charged: 0, declined: 0, needsAction: 0, recovered: 0 };
  await cancelWeeksOfEndedRentals(db);
  await sweepDueWeeks(db, now);
  while (!options.signal?.aborted) {
    const { token, rows } = await claimDueCharges(db, now, leaseMs, options.batchSize ?? 200);
    if (rows.length === 0) break;
    const parties = await partiesOf(
      db,
      rows.map((r) => r.rentalId),
    );
    let failures = 0;
    // New attempts that succeeded are recorded together after the batch (one transaction); the rest one by one.
    const paid: Array<{ row: ClaimedCharge; providerPaymentId: string }> = [];
    await inPool(rows, options.concurrency ?? 8, async (row) => {
      const party = parties.get(row.rentalId)!;
      let outcome: Outcome;
      try {
        outcome =
          row.was === 'processing'
            ? await gateway.findCharge({ user: party.driver, idempotencyKey: row.chargeKey })
            : await gateway.charge({
                user: party.driver,
                paymentMethodId: row.paymentMethodId,
                amountCents: row.amountCents,
                idempotencyKey: row.chargeKey,
                description: `Medallion car rental: week ${row.week + 1}`,
                offSession: true,
              });
      } catch {
        // The answer was lost: the row stays processing under this lease; after it, findCharge resolves it.
        failures++;
        return;
      }
      options.afterCharge?.(row);
      if (options.signal?.aborted) return;
      if (outcome.status === 'succeeded' && row.was === 'due') {
        paid.push({ row, providerPaymentId: outcome.providerPaymentId });
        return;
      }
      const written = await recordRentOutcome(db, { token, row }, outcome, party, services, now);
      if (row.was === 'processing' && written) result.recovered++;
      if (written === 'succeeded') result.charged++;
      else if (written === 'needs_action') result.needsAction++;
      else if (written === 'due' || written === 'failed') result.declined++;
    });
    if (paid.length > 0 && !options.signal?.aborted) {
      const written = await db.transaction((tx) => markPaid(tx, token, paid, parties, services, now));
      result.charged += written.length;
    }
    services.mailer.deliverSoon();
    // A gateway that fails every call: stop this round rather than spin; the rows wait for their lease.
    if (failures === rows.length) break;
  }
  return result;
}
