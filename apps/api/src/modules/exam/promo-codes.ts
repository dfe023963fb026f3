import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { EXAM_PRICE_CENTS } from '@medallion/contracts/payments';
import type { Database, DbExecutor } from '@medallion/db/client';
import { promoCodes } from '@medallion/db/schema';

const usable = (code: string) =>
  and(
    eq(promoCodes.code, code.trim().toUpperCase()),
    eq(promoCodes.active, true),
    or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, sql`now()`)),
    or(isNull(promoCodes.maxRedemptions), lt(promoCodes.redemptions, promoCodes.maxRedemptions)),
  );

/** The discount a code gives now (0 when unknown, inactive, expired or used up). Never more than the price. */
export async function promoDiscount(db: DbExecutor, code: string): Promise<number> {
  if (!code.trim()) return 0;
  const [row] = await db.select({ discount: promoCodes.discountCents }).from(promoCodes).where(usable(code));
  return row ? Math.min(row.discount, EXAM_PRICE_CENTS) : 0;
}

/** Takes one redemption of a code, atomically; false when it is no longer usable. */
export async function redeemPromo(db: DbExecutor, code: string): Promise<boolean> {
  const taken = await db
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(usable(code))
    .returning({ code: promoCodes.code });
  return taken.length > 0;
}

/** Gives a redemption back (the payment it was taken for failed). */
export async function releasePromo(db: DbExecutor, code: string): Promise<void> {
  await db
    .update(promoCodes)
    .set({ redemptions: sql`greatest(${promoCodes.redemptions} - 1, 0)` })
    .where(eq(promoCodes.code, code.trim().toUpperCase()));
}

/** The configured code (EXAM_PROMO_CODE, $5 off) exists, so a fresh install has one working code. */
export async function ensureConfiguredPromo(db: Database, code: string, discountCents = 500): Promise<void> {
  await db.insert(promoCodes).values({ code: code.toUpperCase(), discountCents }).onConflictDoNothing();
}
