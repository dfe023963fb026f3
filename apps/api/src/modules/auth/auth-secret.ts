import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { appSettings } from '@medallion/db/schema';

/** AUTH_SECRET when set; otherwise a random secret generated once and kept in the database. */
export async function resolveAuthSecret(db: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'auth_secret'));
  if (!row) throw new Error('auth secret could not be stored');
  return row.value;
}
