import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { DevMailMessage } from '@medallion/contracts/mail';
import type { Database } from '@medallion/db/client';
import { mailOutbox } from '@medallion/db/schema';

/** The kept messages that are due (a message sent for later, mailer.send's notBefore, shows from then on). */
export async function listDevMail(db: Database, limit = 200): Promise<DevMailMessage[]> {
  const due = and(eq(mailOutbox.status, 'dev'), lte(mailOutbox.nextAttemptAt, sql`now()`));
  const rows = await db.select().from(mailOutbox).where(due).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.createdAt.toISOString(),
  }));
}
