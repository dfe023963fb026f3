import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { twoFactorCodeUses } from '@medallion/db/schema';

/**
 * How long an accepted code stays refused. An authenticator code is valid for its 30-second step and
 * one step either side (better-auth's window), so 90 seconds at most; 5 minutes covers clock drift.
 * A recovery code is removed from the account's list when used, so it never works again anyway.
 */
export const CODE_REUSE_WINDOW = '5 minutes';

function codeHash(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

/**
 * Claims a second-factor code for the user: true when no accepted use of it lies within the window.
 * One statement (insert, or take over an old row), so of two parallel requests with the same code
 * exactly one gets true. better-auth's two-factor plugin has no replay protection of its own.
 */
export async function claimTwoFactorCode(db: Database, userId: string, code: string): Promise<boolean> {
  // Old rows of this user are of no use any more; keeps the table at a few rows per account.
  await db.delete(twoFactorCodeUses).where(and(eq(twoFactorCodeUses.userId, userId), lt(twoFactorCodeUses.usedAt, sql`now() - interval '1 day'`)));
  const rows = await db
    .insert(twoFactorCodeUses)
    .values({ userId, codeHash: codeHash(userId, code), usedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [twoFactorCodeUses.userId, twoFactorCodeUses.codeHash],
      set: { usedAt: sql`now()` },
      setWhere: sql`${twoFactorCodeUses.usedAt} < now() - ${CODE_REUSE_WINDOW}::interval`,
    })
    .returning({ userId: twoFactorCodeUses.userId });
  return rows.length > 0;
}

/** Gives a claim back when the code turned out wrong (a wrong code was never "used"). */
export async function releaseTwoFactorCode(db: Database, userId: string, code: string): Promise<void> {
  await db.delete(twoFactorCodeUses).where(and(eq(twoFactorCodeUses.userId, userId), eq(twoFactorCodeUses.codeHash, codeHash(userId, code))));
}
