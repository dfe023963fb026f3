import { and, eq, sql } from 'drizzle-orm';
import { rentals } from '@medallion/db/schema';
import type { RentalDeps } from './decide-rental-request';
import { applyRentalEventIfAllowed } from './rental-lifecycle';

/** Rentals whose agreement was not accepted by both within 48 hours of the approval are cancelled (the car's days are free again). */
export async function expireAgreements(deps: Pick<RentalDeps, 'db'>, now = new Date(), batch = 100): Promise<number> {
  const due = await deps.db
    .select({ id: rentals.id })
    .from(rentals)
    .where(and(eq(rentals.status, 'awaiting_agreement'), sql`${rentals.agreementDueAt} <= ${now.toISOString()}::timestamptz`))
    .limit(batch);
  let cancelled = 0;
  for (const { id } of due) if (await applyRentalEventIfAllowed(deps.db, id, 'agreementExpired', { by: 'system', now })) cancelled++;
  return cancelled;
}
