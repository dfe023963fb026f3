import { desc, eq } from 'drizzle-orm';
import type { AccountPasskey } from '@medallion/contracts/passkeys';
import type { DbExecutor } from '@medallion/db/client';
import { passkey } from '@medallion/db/schema';

type PasskeyRow = typeof passkey.$inferSelect;

/** A passkey as the account sees it: never its key or credential id. */
export function toAccountPasskey(row: Pick<PasskeyRow, 'id' | 'name' | 'createdAt' | 'lastUsedAt' | 'deviceType' | 'backedUp'>): AccountPasskey {
  return {
    id: row.id,
    name: row.name ?? '',
    created_at: new Date(row.createdAt).toISOString(),
    last_used_at: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
    synced: row.deviceType === 'multiDevice' || row.backedUp,
  };
}

/** The user's passkeys, newest first. */
export async function listPasskeys(db: DbExecutor, userId: string): Promise<AccountPasskey[]> {
  const rows = await db.select().from(passkey).where(eq(passkey.userId, userId)).orderBy(desc(passkey.createdAt), desc(passkey.id));
  return rows.map(toAccountPasskey);
}
