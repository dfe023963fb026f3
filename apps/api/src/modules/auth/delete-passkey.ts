import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '@medallion/db/client';
import { passkey } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

/** Removes one of the user's passkeys; another account's passkey, or one already gone, is "not found". */
export async function deletePasskey(db: DbExecutor, userId: string, passkeyId: string): Promise<void> {
  const removed = await db
    .delete(passkey)
    .where(and(eq(passkey.id, passkeyId), eq(passkey.userId, userId)))
    .returning({ id: passkey.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'passkey.notFound');
}

/** Removes every passkey of the user (a password reset: account-flows.ts); answers how many there were. */
export async function deleteAllPasskeys(db: DbExecutor, userId: string): Promise<number> {
  const removed = await db.delete(passkey).where(eq(passkey.userId, userId)).returning({ id: passkey.id });
  return removed.length;
}
