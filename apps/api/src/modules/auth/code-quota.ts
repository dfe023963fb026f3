import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { mailOutbox } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

export const CODE_MAILS_PER_WINDOW = 5;
export const CODE_MAIL_WINDOW_MS = 15 * 60_000;

/**
 * Per-account limit on e-mailed codes: at most 5 codes to one address in 15 minutes, so nobody can
 * flood an inbox (per-IP limits alone do not stop that).
 */
export async function assertCodeQuota(db: Database, email: string): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, email.toLowerCase()),
        eq(mailOutbox.category, 'code'),
        gt(mailOutbox.createdAt, sql`now() - ${`${CODE_MAIL_WINDOW_MS} milliseconds`}::interval`),
      ),
    );
  if ((row?.n ?? 0) >= CODE_MAILS_PER_WINDOW) {
    throw new AppError('RATE_LIMITED', 'auth.tooManyCodes');
  }
}
