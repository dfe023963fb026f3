import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { devDigestRequestSchema, devDigestResponseSchema } from '@medallion/contracts/saved';
import { savedSearches } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { errorResponses as errors } from '../../lib/route-options';
import { toWebHeaders } from '../../lib/web-headers';
import { getSessionUser } from '../auth/account-flows';
import { isLocalRequest, mayReadDevMail } from '../dev-mail/mailbox-access';
import { digestOptionsFor } from './search-digest-job';
import { sendSearchDigests } from './send-search-digest';

/**
 * Development only (registered with the dev mailbox, i.e. without SMTP_URL), guarded like it: runs a
 * digest round now, so the e2e tests see the e-mail. `rewind_days` first moves the signed-in user's
 * searches' last digest back, so listings published in those days count as new.
 */
export async function devDigestRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/saved-search-digest',
    {
      schema: {
        tags: ['development'],
        summary: 'Run a saved-search digest round now (only without SMTP_URL; from this machine or by staff)',
        body: devDigestRequestSchema,
        response: { 200: devDigestResponseSchema, ...errors },
      },
    },
    async (req) => {
      const local = isLocalRequest(req);
      const user = (await getSessionUser(app.auth, toWebHeaders(req)))?.user ?? null;
      if (!mayReadDevMail(local, user)) throw new AppError('FORBIDDEN', 'devMail.private');
      const days = req.body.rewind_days ?? 0;
      if (days > 0 && user) {
        await app.db
          .update(savedSearches)
          .set({ lastNotifiedAt: sql`${savedSearches.lastNotifiedAt} - ${`${days} days`}::interval` })
          .where(and(eq(savedSearches.userId, user.id), eq(savedSearches.notify, true)));
      }
      const result = await sendSearchDigests(app.db, digestOptionsFor(app));
      return { data: { users: result.users, mails: result.mails } };
    },
  );
}
