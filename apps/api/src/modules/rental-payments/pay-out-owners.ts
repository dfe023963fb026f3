import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { payoutAccounts, rentalPayouts, user } from '@medallion/db/schema';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import type { RentServices } from './charge-due-rent';
import { payoutAccountReady } from './payout-setup';
import { payoutSetupEmail } from './rent-emails';

/** How often an owner whose payouts cannot be paid yet is reminded to set them up. */
const SETUP_REMINDER_EVERY_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Pays owners what is due to them, only through the gateway (Connect: the owner's connected account and
 * a transfer to it). Each payout row is claimed with FOR UPDATE SKIP LOCKED and a lease, and transferred
 * with its own key (`payout:<id>`), so a retry after a lost answer or a stopped server moves the money once.
 * An owner whose payout account Stripe cannot pay yet (payout-setup.ts) is not transferred to: their
 * payouts go back to pending (no transfer is tried, so no refusal is kept under the payout's key) and
 * they are e-mailed where to finish the setup, at most once a week.
 */
export async function payOutOwners(db: Database, gateway: PaymentGateway, options: { now: Date; leaseMs: number; limit?: number }, services?: RentServices) {
  const token = randomUUID();
  const leaseUntil = new Date(options.now.getTime() + options.leaseMs);
  const claimed = (
    (await db.execute(sql`
    with picked as (
      select id from rental_payouts
      where status = 'pending' or (status = 'processing' and lease_until < ${options.now.toISOString()}::timestamptz)
      order by created_at limit ${options.limit ?? 200}
      for update skip locked
    )
    update rental_payouts p set status = 'processing', claim_token = ${token}, lease_until = ${leaseUntil.toISOString()}::timestamptz
    from picked where p.id = picked.id
    returning p.id, p.owner_id, p.amount_cents`)) as unknown as { rows: Array<{ id: string; owner_id: string; amount_cents: number }> }
  ).rows;
  if (claimed.length === 0) return { paid: 0, failed: 0, waiting: 0 };
  const owners = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(inArray(user.id, [...new Set(claimed.map((c) => c.owner_id))]));
  const byId = new Map(owners.map((o) => [o.id, o]));
  let paid = 0;
  let failed = 0;
  let waiting = 0;
  // Asked once per owner in a round, however many of their weeks are due.
  const readiness = new Map<string, Promise<boolean>>();
  const ready = async (ownerId: string) => {
    const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, ownerId));
    return !account || payoutAccountReady(db, gateway, ownerId, account);
  };
  for (const payout of claimed) {
    const owner = byId.get(payout.owner_id)!;
    try {
      const { accountId } = await gateway.payoutAccount(owner);
      if (!readiness.has(owner.id)) readiness.set(owner.id, ready(owner.id));
      if (!(await readiness.get(owner.id))) {
        await db
          .update(rentalPayouts)
          .set({ status: 'pending', claimToken: null, leaseUntil: null })
          .where(and(eq(rentalPayouts.id, payout.id), eq(rentalPayouts.claimToken, token)));
        waiting++;
        if (services) await remindToSetUpPayouts(db, owner, services, options.now);
        continue;
      }
      const transfer = await gateway.transfer({
        accountId,
        amountCents: Number(payout.amount_cents),
        idempotencyKey: `payout:${payout.id}`,
        description: 'Medallion car rental: weekly rent',
      });
      await db
        .update(rentalPayouts)
        .set({ status: 'paid', providerTransferId: transfer.providerTransferId, paidAt: options.now, claimToken: null })
        .where(and(eq(rentalPayouts.id, payout.id), eq(rentalPayouts.claimToken, token)));
      paid++;
    } catch {
      // Left processing under this lease; the next round after it retries with the same key.
      failed++;
    }
  }
  return { paid, failed, waiting };
}

/** The owner of an account the provider cannot pay yet gets the way to set it up (one server, once a week). */
async function remindToSetUpPayouts(db: Database, owner: GatewayUser, services: RentServices, now: Date) {
  const [due] = (
    (await db.execute(sql`
    with reminded as (
      update payout_accounts set setup_reminded_at = ${now.toISOString()}::timestamptz
      where user_id = ${owner.id}
        and (setup_reminded_at is null or setup_reminded_at < ${new Date(now.getTime() - SETUP_REMINDER_EVERY_MS).toISOString()}::timestamptz)
      returning user_id
    )
    select coalesce(sum(p.amount_cents), 0)::int as due_cents from reminded r join rental_payouts p on p.owner_id = r.user_id and p.status <> 'paid'
    group by r.user_id`)) as unknown as { rows: Array<{ due_cents: number }> }
  ).rows;
  if (!due) return;
  await services.mailer.send(
    payoutSetupEmail({ owner, dueCents: Number(due.due_cents), url: new URL('/dashboard?tab=rentals', services.publicUrl).toString() }),
  );
  services.mailer.deliverSoon();
}
