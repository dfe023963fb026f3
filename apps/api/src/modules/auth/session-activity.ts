import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { session } from '@medallion/db/schema';

/** A session's "last used" time is kept to within this much (one write per session at most this often). */
export const SESSION_ACTIVITY_STEP_MS = 5 * 60_000;

/** Sessions this process noted recently (with Redis the cached copy's updatedAt is not refreshed by a note). */
const noted = new Map<string, number>();
const MAX_NOTED = 10_000;

/**
 * Notes that a session was used now, for the Security tab's "last used": its row's updatedAt, at most
 * once per SESSION_ACTIVITY_STEP_MS. Only the database row is written (the list is read from there):
 * never the copy in Redis, so a note racing a sign-out cannot bring the session back. A row that is
 * gone is not written. Failing to note is not an error of the request.
 */
export async function noteSessionUse(db: Database, used: { id: string; updatedAt: Date | string }): Promise<void> {
  const now = Date.now();
  const since = now - SESSION_ACTIVITY_STEP_MS;
  if (new Date(used.updatedAt).getTime() > since || (noted.get(used.id) ?? 0) > since) return;
  if (noted.size >= MAX_NOTED) noted.clear();
  noted.set(used.id, now);
  await db
    .update(session)
    .set({ updatedAt: new Date(now) })
    .where(and(eq(session.id, used.id), lt(session.updatedAt, new Date(since))))
    .catch(() => undefined);
}
