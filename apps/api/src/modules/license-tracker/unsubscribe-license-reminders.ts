import { eq } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { licenseTrackers } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { verifyReminderToken } from './reminder-token';

/** The reminder e-mail's link (no sign-in): reminders off for the token's account. Asking again answers the same. */
export async function unsubscribeLicenseReminders(db: Database, key: Buffer, token: string): Promise<{ reminders: false }> {
  const userId = verifyReminderToken(key, token);
  if (!userId) throw new AppError('BAD_REQUEST', 'licenseTracker.unsubscribeInvalid').on('token');
  await db.update(licenseTrackers).set({ reminders: false, updatedAt: new Date() }).where(eq(licenseTrackers.userId, userId));
  return { reminders: false };
}
