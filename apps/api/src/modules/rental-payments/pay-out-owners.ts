import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { rentalPayouts, user } from '@medallion/db/schema';
import type { PaymentGateway } from '../../integrations/payments/gateway';

/**
 * Pays owners what is due to them, only through the gateway (Connect: the owner's connected account and
 * a transfer to it). Each payout row is claimed with FOR UPDATE SKIP LOCKED and a lease, and transferred
 * with its own key (`payout:<id>`), so a retry after a lost answer or a stopped server moves the money once.
 */
export async function payOutOwners(db: Database, gateway: PaymentGateway, options: { now: Date; leaseMs: number; limit?: number }) {
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
  if (claimed.length === 0) return { paid: 0, failed: 0 };
  const owners = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(inArray(user.id, [...new Set(claimed.map((c) => c.owner_id))]));
  const byId = new Map(owners.map((o) => [o.id, o]));
  let paid = 0;
  let failed = 0;
  for (const payout of claimed) {
    try {
      const { accountId } = await gateway.payoutAccount(byId.get(payout.owner_id)!);
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
  return { paid, failed };
}
