import { eq } from 'drizzle-orm';
import type { LicenseTracker } from '@medallion/contracts/license-tracker';
import type { Language } from '@medallion/contracts/site';
import type { Database } from '@medallion/db/client';
import { licenseTrackers } from '@medallion/db/schema';
import { lockTracker, readProgress, trackerView } from './get-license-tracker';

/** Turns the reminder e-mails on or off (the dashboard's and the guide's switch). */
export async function setLicenseReminders(db: Database, userId: string, on: boolean, language: Language | undefined, now: Date): Promise<LicenseTracker> {
  return db.transaction(async (tx) => {
    await lockTracker(tx, userId, language);
    await tx.update(licenseTrackers).set({ reminders: on }).where(eq(licenseTrackers.userId, userId));
    return trackerView(await readProgress(tx, userId), on, now);
  });
}
