import { z } from 'zod';
import { EARLIEST_DAY, isRealDay, LICENSE_STEPS, MAX_PLACE_LENGTH } from './license-rules';
import { text } from './text';

/* The license tracker's request and response schemas (the rules, free of zod, are in license-rules.ts). */
export * from './license-rules';

export const daySchema = text()
  .max(10, 'licenseDayInvalid')
  .refine((v) => isRealDay(v) && v >= EARLIEST_DAY && v <= '2100-12-31', 'licenseDayInvalid');
export const timeSchema = text()
  .max(5, 'licenseTimeInvalid')
  .refine((v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'licenseTimeInvalid');

export const appointmentSchema = z.object({
  date: daySchema,
  time: timeSchema,
  place: text().trim().max(MAX_PLACE_LENGTH, 'licensePlaceTooLong'),
});

export const licenseStepSchema = z.enum(LICENSE_STEPS, 'licenseStepInvalid');

export const stepProgressSchema = z.object({
  step: licenseStepSchema,
  done_on: daySchema.nullable(),
  appointment: appointmentSchema.nullable(),
});

/** GET /license-tracker and the answer of every change. */
export const licenseTrackerSchema = z.object({
  steps: z.array(stepProgressSchema),
  /** Null before the filing step is marked. */
  filed_on: z.string().nullable(),
  deadline: z.string().nullable(),
  /** Days from New York's today to the deadline (negative once it passed). */
  days_left: z.number().int().nullable(),
  /** Reminder e-mails on (the default) or off. */
  reminders: z.boolean(),
});
export type LicenseTracker = z.infer<typeof licenseTrackerSchema>;
export const licenseTrackerResponseSchema = z.object({ data: licenseTrackerSchema });
export type LicenseTrackerResponse = z.infer<typeof licenseTrackerResponseSchema>;

export const licenseStepParamsSchema = z.object({ step: licenseStepSchema });

/** PUT /license-tracker/steps/{step}: a field left out is kept; null clears it. */
export const updateLicenseStepRequestSchema = z
  .object({
    done_on: daySchema.nullable().optional(),
    appointment: appointmentSchema.nullable().optional(),
  })
  .strict();
export type UpdateLicenseStepRequest = z.infer<typeof updateLicenseStepRequestSchema>;

/** POST /license-tracker/merge: a guest's progress from the browser, merged into the account's. */
export const mergeLicenseTrackerRequestSchema = z.object({
  steps: z.array(stepProgressSchema).max(LICENSE_STEPS.length, 'licenseStepInvalid'),
});
export type MergeLicenseTrackerRequest = z.infer<typeof mergeLicenseTrackerRequestSchema>;

/** PUT /license-tracker/reminders. */
export const licenseRemindersRequestSchema = z.object({ on: z.boolean('licenseRemindersInvalid') });

/** GET/POST /license-tracker/unsubscribe?token=… (the reminder e-mail's link; no sign-in). */
export const licenseUnsubscribeQuerySchema = z.object({ token: text().min(1, 'licenseTokenInvalid').max(200, 'licenseTokenInvalid') });
export const licenseUnsubscribeResponseSchema = z.object({ data: z.object({ reminders: z.literal(false) }) });

/** POST /dev/license-reminders (development only): a reminder round as of `now`. */
export const devLicenseRemindersRequestSchema = z.object({
  now: text()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)), 'licenseDayInvalid'),
});
export const devLicenseRemindersResponseSchema = z.object({ data: z.object({ ran: z.boolean(), mails: z.number().int() }) });
