import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { appSettings } from '@medallion/db/schema';

/**
 * The lease of a job's round: a row of app_settings under `key` holding its owner and expiry, so among
 * several servers one runs the round at a time; a server that dies mid-round leaves the lease to run out.
 * Resolves with the owner when this call took the lease, undefined when another server holds it.
 */
export async function claimRoundLease(db: Database, key: string, leaseMs: number): Promise<string | undefined> {
  const owner = randomUUID();
  const value = sql`${owner} || '|' || (now() + ${`${leaseMs} milliseconds`}::interval)::text`;
  const claimed = await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value },
      setWhere: sql`split_part(${appSettings.value}, '|', 2)::timestamptz < now()`,
    })
    .returning({ value: appSettings.value });
  return claimed[0]?.value.startsWith(`${owner}|`) ? owner : undefined;
}

/** Gives the lease back at the end of the round (only if this owner still holds it). */
export async function releaseRoundLease(db: Database, key: string, owner: string): Promise<void> {
  await db.delete(appSettings).where(and(eq(appSettings.key, key), sql`split_part(${appSettings.value}, '|', 1) = ${owner}`));
}
