import { eq } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { rentals, sandboxCards } from '@medallion/db/schema';

/**
 * A rental whose agreement both sides accepted, waiting for its pick-up payment. (Until wt-rent-core's
 * request → approval → agreement flow is merged, written straight into the placeholder table.)
 */
export async function insertAgreedRental(
  db: Database,
  input: { driverId: string; ownerId: string; startDate: string; weeks?: number; weeklyRentCents?: number; depositCents?: number },
) {
  const [row] = await db
    .insert(rentals)
    .values({
      listingId: 'listing-of-test',
      driverId: input.driverId,
      ownerId: input.ownerId,
      startDate: input.startDate,
      weeks: input.weeks ?? 8,
      weeklyRentCents: input.weeklyRentCents ?? 45_000,
      depositCents: input.depositCents ?? 50_000,
      status: 'agreed',
    })
    .returning();
  return row!;
}

/** Makes a saved sandbox card behave as another Stripe test card from now on (a card that starts failing). */
export async function setCardBehaviour(db: Database, cardId: string, behaviour: 'succeed' | 'insufficient_funds' | 'authentication_required') {
  await db.update(sandboxCards).set({ behaviour }).where(eq(sandboxCards.id, cardId));
}

/** Noon in New York on `date` plus `days` days (the job's clock in tests). */
export function nyNoon(date: string, days = 0): Date {
  const d = new Date(`${date}T17:00:00Z`);
  return new Date(d.getTime() + days * 24 * 3600_000);
}
