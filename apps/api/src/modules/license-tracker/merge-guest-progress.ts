import { APPOINTMENT_STEPS, dayProblems, fullProgress, newYorkDay, type LicenseTracker, type StepProgress } from '@medallion/contracts/license-tracker';
import type { Language } from '@medallion/contracts/site';
import type { Database } from '@medallion/db/client';
import { lockTracker, noteMarked, readProgress, trackerView, writeStep } from './get-license-tracker';

/**
 * A guest's progress (kept in their browser) joins the account's at sign-in. What the account has wins;
 * the guest's done day or appointment fills a step the account has not, in the guide's order, unless it
 * breaks a date rule against what is there already (then it is left out). Under the tracker's row lock,
 * so the same merge twice, or from two tabs at once, changes nothing the second time.
 */
export async function mergeGuestProgress(
  db: Database,
  userId: string,
  guest: readonly StepProgress[],
  language: Language | undefined,
  now: Date,
): Promise<LicenseTracker> {
  const today = newYorkDay(now);
  return db.transaction(async (tx) => {
    const { reminders } = await lockTracker(tx, userId, language);
    let progress = await readProgress(tx, userId);
    let marked = false;
    for (const theirs of fullProgress(guest)) {
      const ours = progress.find((p) => p.step === theirs.step)!;
      let merged: StepProgress = ours;
      if (!ours.done_on && theirs.done_on) {
        const tried = { ...merged, done_on: theirs.done_on };
        const next = progress.map((p) => (p.step === tried.step ? tried : p));
        if (dayProblems(next, today).length === 0) merged = tried;
      }
      if (!ours.appointment && theirs.appointment && APPOINTMENT_STEPS.includes(theirs.step)) merged = { ...merged, appointment: theirs.appointment };
      if (merged === ours) continue;
      if (merged.done_on !== ours.done_on) marked = true;
      progress = progress.map((p) => (p.step === merged.step ? merged : p));
      await writeStep(tx, userId, merged);
    }
    if (marked) await noteMarked(tx, userId, now);
    return trackerView(progress, reminders, now);
  });
}
