import { desc, eq } from 'drizzle-orm';
import type { DevMailMessage } from '@medallion/contracts/mail';
import type { Database } from '@medallion/db/client';
import { mailOutbox } from '@medallion/db/schema';

export async function listDevMail(db: Database, limit = 200): Promise<DevMailMessage[]> {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.status, 'dev')).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.createdAt.toISOString(),
  }));
}
