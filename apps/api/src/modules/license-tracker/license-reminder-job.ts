import type { FastifyInstance } from 'fastify';
import { registerIntervalJob } from '../../lib/interval-job';
import { sendLicenseReminders, type ReminderOptions } from './send-license-reminders';

/** A round may run this long before another server may take over its lease. */
const REMINDER_LEASE_MS = 10 * 60_000;

export function reminderOptionsFor(app: FastifyInstance): ReminderOptions {
  return { mailer: app.mailer, publicUrl: app.config.PUBLIC_URL, key: app.linkSigningKey, leaseMs: REMINDER_LEASE_MS };
}

/**
 * Runs a license reminder round every LICENSE_REMINDER_INTERVAL_MS in each server process, as of the
 * time it runs (leased, and each reminder has its row: several servers never send one twice). The
 * first round waits one interval after start. Stops with the app.
 */
export function registerLicenseReminders(app: FastifyInstance): void {
  registerIntervalJob(app, {
    name: 'license-reminders',
    intervalMs: app.config.LICENSE_REMINDER_INTERVAL_MS,
    round: async (log) => {
      const result = await sendLicenseReminders(app.db, new Date(), reminderOptionsFor(app));
      if (result.mails > 0) log.info({ reminders: result }, 'license reminders queued');
    },
  });
}
