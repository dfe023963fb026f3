import { eq, sql } from 'drizzle-orm';
import { countdown, fullProgress, isLicenseStep, newYorkDay, type LicenseTracker, type StepProgress } from '@medallion/contracts/license-tracker';
import type { Language } from '@medallion/contracts/site';
import type { DbExecutor, Transaction } from '@medallion/db/client';
import { licenseTrackers, licenseTrackerSteps } from '@medallion/db/schema';

type StepRow = typeof licenseTrackerSteps.$inferSelect;

export function progressOf(rows: readonly StepRow[]): StepProgress[] {
  return fullProgress(
    rows.flatMap((r) =>
      isLicenseStep(r.step)
        ? [
            {
              step: r.step,
              done_on: r.doneOn,
              appointment:
                r.appointmentDate && r.appointmentTime ? { date: r.appointmentDate, time: r.appointmentTime, place: r.appointmentPlace ?? '' } : null,
            },
          ]
        : [],
    ),
  );
}

/** The answer of every tracker call: the 8 steps, the countdown as of New York's day at `now`, the setting. */
export function trackerView(progress: readonly StepProgress[], reminders: boolean, now: Date): LicenseTracker {
  const clock = countdown(progress, newYorkDay(now));
  return {
    steps: fullProgress(progress),
    filed_on: clock?.filed_on ?? null,
    deadline: clock?.deadline ?? null,
    days_left: clock?.days_left ?? null,
    reminders,
  };
}

export async function readProgress(db: DbExecutor, userId: string): Promise<StepProgress[]> {
  return progressOf(await db.select().from(licenseTrackerSteps).where(eq(licenseTrackerSteps.userId, userId)));
}

/** The user's tracker (all steps open and reminders on when they marked nothing yet). */
export async function getLicenseTracker(db: DbExecutor, userId: string, now: Date): Promise<LicenseTracker> {
  const [tracker] = await db.select({ reminders: licenseTrackers.reminders }).from(licenseTrackers).where(eq(licenseTrackers.userId, userId));
  return trackerView(await readProgress(db, userId), tracker?.reminders ?? true, now);
}

/**
 * The user's tracker row, made when missing and locked for the caller's transaction, so that changes of
 * one user (two tabs, a merge and a change) happen one after the other. Notes the language of the change.
 */
export async function lockTracker(tx: Transaction, userId: string, language: Language | undefined): Promise<{ reminders: boolean }> {
  await tx
    .insert(licenseTrackers)
    .values({ userId, language: language ?? null })
    .onConflictDoUpdate({ target: licenseTrackers.userId, set: { updatedAt: sql`now()`, ...(language ? { language } : {}) } });
  const [row] = await tx.select({ reminders: licenseTrackers.reminders }).from(licenseTrackers).where(eq(licenseTrackers.userId, userId)).for('update');
  return { reminders: row?.reminders ?? true };
}

/** Writes one step's state (a step with nothing left is deleted). */
export async function writeStep(tx: Transaction, userId: string, p: StepProgress): Promise<void> {
  if (!p.done_on && !p.appointment) {
    await tx.delete(licenseTrackerSteps).where(sql`${licenseTrackerSteps.userId} = ${userId} and ${licenseTrackerSteps.step} = ${p.step}`);
    return;
  }
  const values = {
    doneOn: p.done_on,
    appointmentDate: p.appointment?.date ?? null,
    appointmentTime: p.appointment?.time ?? null,
    appointmentPlace: p.appointment?.place ?? null,
    updatedAt: new Date(),
  };
  await tx
    .insert(licenseTrackerSteps)
    .values({ userId, step: p.step, ...values })
    .onConflictDoUpdate({ target: [licenseTrackerSteps.userId, licenseTrackerSteps.step], set: values });
}

/** Notes that a step was marked now (the stalled reminder counts from the last mark). */
export async function noteMarked(tx: Transaction, userId: string, now: Date): Promise<void> {
  await tx.update(licenseTrackers).set({ lastMarkedAt: now }).where(eq(licenseTrackers.userId, userId));
}
