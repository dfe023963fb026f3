import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { payments } from '@medallion/db/schema';

/** The end of the user's paid exam access, if it is still running (by the server clock). */
export async function examAccessExpiry(db: Database, userId: string | null): Promise<Date | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ accessExpiry: payments.accessExpiry })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.purpose, 'exam'), eq(payments.status, 'succeeded'), gt(payments.accessExpiry, sql`now()`)))
    .orderBy(desc(payments.accessExpiry))
    .limit(1);
  return row?.accessExpiry ?? null;
}
