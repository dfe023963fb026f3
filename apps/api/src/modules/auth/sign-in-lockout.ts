import { eq, sql } from 'drizzle-orm';
import { LOCKOUT_MAX_FAILURES, LOCKOUT_WINDOW_MS } from '@medallion/contracts/auth';
import type { Database } from '@medallion/db/client';
import { signInFailures } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

/** Throws ACCOUNT_LOCKED while the e-mail is locked. */
export async function assertNotLocked(db: Database, email: string): Promise<void> {
  const [row] = await db.select().from(signInFailures).where(eq(signInFailures.email, email));
  if (row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) throw new AppError('ACCOUNT_LOCKED');
}

/**
 * Counts a wrong password. Failures older than the window start a new count; the tenth within the
 * window locks sign-in for the window's length. Returns true when this failure locked the account.
 */
export async function recordSignInFailure(db: Database, email: string): Promise<boolean> {
  const windowMs = `${LOCKOUT_WINDOW_MS} milliseconds`;
  const [row] = await db
    .insert(signInFailures)
    .values({ email, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: signInFailures.email,
      set: {
        failures: sql`case when ${signInFailures.windowStartedAt} < now() - ${windowMs}::interval then 1 else ${signInFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${signInFailures.windowStartedAt} < now() - ${windowMs}::interval then now() else ${signInFailures.windowStartedAt} end`,
      },
    })
    .returning();
  if (row && row.failures >= LOCKOUT_MAX_FAILURES) {
    await db
      .update(signInFailures)
      .set({ lockedUntil: sql`now() + ${windowMs}::interval`, failures: 0, windowStartedAt: sql`now()` })
      .where(eq(signInFailures.email, email));
    return true;
  }
  return false;
}

export async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}
