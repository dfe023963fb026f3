import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { devLicenseRemindersRequestSchema, devLicenseRemindersResponseSchema } from '@medallion/contracts/license-tracker';
import { AppError } from '../../lib/app-error';
import { errorResponses as errors } from '../../lib/route-options';
import { toWebHeaders } from '../../lib/web-headers';
import { getSessionUser } from '../auth/account-flows';
import { isLocalRequest, mayReadDevMail } from '../dev-mail/mailbox-access';
import { reminderOptionsFor } from './license-reminder-job';
import { sendLicenseReminders } from './send-license-reminders';

/**
 * Development only (registered with the dev mailbox, i.e. without SMTP_URL, so never in production),
 * guarded like it: runs a reminder round as of the given time, so the e2e tests see a reminder of a
 * day weeks ahead in the dev mailbox.
 */
export async function devLicenseReminderRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/license-reminders',
    {
      schema: {
        tags: ['development'],
        summary: 'Run a license reminder round as of a given time (only without SMTP_URL; from this machine or by staff)',
        body: devLicenseRemindersRequestSchema,
        response: { 200: devLicenseRemindersResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = (await getSessionUser(app.auth, toWebHeaders(req)))?.user ?? null;
      if (!mayReadDevMail(isLocalRequest(req), user)) throw new AppError('FORBIDDEN', 'devMail.private');
      const result = await sendLicenseReminders(app.db, new Date(req.body.now), reminderOptionsFor(app));
      return { data: result };
    },
  );
}
