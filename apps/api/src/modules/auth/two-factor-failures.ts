import { eq, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { twoFactor } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Wrong codes per account outside sign-in (confirming, turning off). better-auth counts wrong codes of
 * the sign-in step in the same columns (10 in a row lock the second step for 15 minutes); these helpers
 * apply the same count to the signed-in calls, so a stolen session cannot guess codes either.
 */
export const TWO_FACTOR_MAX_FAILURES = 10;
const LOCK = '15 minutes';

export interface TwoFactorRow {
  id: string;
  verified: boolean;
  lockedUntil: Date | null;
}

export async function findTwoFactor(db: Database, userId: string): Promise<TwoFactorRow | null> {
  const [row] = await db
    .select({ id: twoFactor.id, verified: twoFactor.verified, lockedUntil: twoFactor.lockedUntil })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  return row ?? null;
}

/** Throws RATE_LIMITED while the account's codes are locked; a lock that has run out starts a new count. */
export async function assertTwoFactorNotLocked(db: Database, row: TwoFactorRow): Promise<void> {
  if (!row.lockedUntil) return;
  if (row.lockedUntil.getTime() > Date.now()) throw new AppError('RATE_LIMITED', 'twoFactor.locked');
  await clearTwoFactorFailures(db, row);
}

/** Counts one wrong code; the tenth in a row locks the account's codes for 15 minutes. */
export async function recordTwoFactorFailure(db: Database, row: TwoFactorRow): Promise<void> {
  await db
    .update(twoFactor)
    .set({
      failedVerificationCount: sql`${twoFactor.failedVerificationCount} + 1`,
      lockedUntil: sql`case when ${twoFactor.failedVerificationCount} + 1 >= ${TWO_FACTOR_MAX_FAILURES} then now() + ${LOCK}::interval else ${twoFactor.lockedUntil} end`,
    })
    .where(eq(twoFactor.id, row.id));
}

export async function clearTwoFactorFailures(db: Database, row: TwoFactorRow): Promise<void> {
  await db.update(twoFactor).set({ failedVerificationCount: 0, lockedUntil: null }).where(eq(twoFactor.id, row.id));
}
