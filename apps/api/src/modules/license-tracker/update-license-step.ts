import {
  APPOINTMENT_STEPS,
  dayProblems,
  newYorkDay,
  type LicenseStep,
  type LicenseTracker,
  type UpdateLicenseStepRequest,
} from '@medallion/contracts/license-tracker';
import type { MessageArgs } from '@medallion/contracts/messages';
import type { Language } from '@medallion/contracts/site';
import type { Database } from '@medallion/db/client';
import { AppError } from '../../lib/app-error';
import { lockTracker, noteMarked, readProgress, trackerView, writeStep } from './get-license-tracker';

/**
 * Marks a step done on a day (or not done: null) and/or sets its appointment (or clears it: null); a
 * field left out is kept. The date rules (contracts' dayProblems, New York's today at `now`) answer
 * 400 with the rule broken, on `done_on`; an appointment on a step done online answers 400.
 */
export async function updateLicenseStep(
  db: Database,
  userId: string,
  step: LicenseStep,
  change: UpdateLicenseStepRequest,
  language: Language | undefined,
  now: Date,
): Promise<LicenseTracker> {
  if (change.appointment && !APPOINTMENT_STEPS.includes(step)) throw new AppError('BAD_REQUEST', 'licenseTracker.noAppointment').on('appointment');
  return db.transaction(async (tx) => {
    const { reminders } = await lockTracker(tx, userId, language);
    const progress = await readProgress(tx, userId);
    const before = progress.find((p) => p.step === step)!;
    const after = {
      step,
      done_on: change.done_on === undefined ? before.done_on : change.done_on,
      appointment: change.appointment === undefined ? before.appointment : change.appointment,
    };
    const next = progress.map((p) => (p.step === step ? after : p));
    const problem = dayProblems(next, newYorkDay(now), step).find((p) => p.step === step);
    if (problem) throw new AppError('BAD_REQUEST', ...([problem.key, problem.params] as MessageArgs)).on('done_on');
    await writeStep(tx, userId, after);
    if (after.done_on && after.done_on !== before.done_on) await noteMarked(tx, userId, now);
    return trackerView(next, reminders, now);
  });
}
