import { eq } from 'drizzle-orm';
import type { UpdateProfile } from '@medallion/contracts/account';
import type { Database } from '@medallion/db/client';
import { user } from '@medallion/db/schema';
import type { Auth } from '../auth/create-auth';
import { refreshCachedSessions } from '../auth/session-cache';

/**
 * Changes the caller's own name and phone (the phone already in E.164, checked by the contract; null
 * removes it). Fields left out stay. The sessions' cached copies of the user (Redis) are rewritten, so
 * the header and every instance show the new name at once.
 */
export async function updateProfile(auth: Auth, db: Database, userId: string, input: UpdateProfile): Promise<void> {
  const changes: Partial<typeof user.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (Object.keys(changes).length === 0) return;
  await db
    .update(user)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(user.id, userId));
  await refreshCachedSessions(auth, userId);
}
