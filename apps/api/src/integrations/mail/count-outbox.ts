import { inArray, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { mailOutbox } from '@medallion/db/schema';

export interface OutboxCounts {
  /** Waiting for delivery (new, or retrying after a failure). */
  pending: number;
  /** Given up (an SMTP 5xx answer). */
  failed: number;
  /** Age of the oldest pending message, in seconds (0 when none). */
  oldestPendingS: number;
}

/** The outbox's backlog, for the metrics (one small query on mail_outbox_due_idx). */
export async function countOutbox(db: Database): Promise<OutboxCounts> {
  const rows = await db
    .select({
      status: mailOutbox.status,
      count: sql<number>`count(*)::int`,
      oldest: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'failed']))
    .groupBy(mailOutbox.status);
  const of = (status: string) => rows.find((r) => r.status === status);
  return {
    pending: Number(of('pending')?.count ?? 0),
    failed: Number(of('failed')?.count ?? 0),
    oldestPendingS: Number(of('pending')?.oldest ?? 0),
  };
}
