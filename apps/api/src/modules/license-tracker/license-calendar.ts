import { createHash } from 'node:crypto';
import { appointmentCalendar, type LicenseStep } from '@medallion/contracts/license-tracker';
import { mailTranslator } from '@medallion/contracts/mail-messages';
import type { Language } from '@medallion/contracts/site';
import type { DbExecutor } from '@medallion/db/client';
import { AppError } from '../../lib/app-error';
import { readProgress } from './get-license-tracker';

/**
 * A step's appointment as a calendar file (RFC 5545). Its UID stays the same for the user's step, so a
 * calendar that imports the file again updates the event. 404 when the step has no appointment.
 */
export async function licenseStepCalendar(
  db: DbExecutor,
  userId: string,
  step: LicenseStep,
  language: Language,
  publicUrl: string,
  now: Date,
): Promise<string> {
  const progress = await readProgress(db, userId);
  const appointment = progress.find((p) => p.step === step)?.appointment;
  if (!appointment) throw new AppError('NOT_FOUND', 'licenseTracker.appointmentMissing');
  const t = mailTranslator(language);
  const owner = createHash('sha256').update(userId).digest('hex').slice(0, 20);
  return appointmentCalendar({
    uid: `license-${step}-${owner}@medallion`,
    stamp: now,
    appointment,
    summary: `TLC: ${t(`reminder.step.${step}`)}`,
    url: new URL('/steps', publicUrl).toString(),
  });
}
