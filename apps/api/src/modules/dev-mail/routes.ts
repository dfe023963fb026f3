import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { devMailListResponseSchema } from '@medallion/contracts/mail';
import { AppError } from '../../lib/app-error';
import { errorResponses as errors } from '../../lib/route-options';
import { toWebHeaders } from '../../lib/web-headers';
import { getSessionUser } from '../auth/account-flows';
import { listDevMail } from './list-dev-mail';
import { isLocalRequest, mayReadDevMail } from './mailbox-access';

/** Registered only while no SMTP server is configured. */
export async function devMailRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/mail',
    {
      // Before anything else: the codes in it would let anyone sign up as, or reset, any account.
      async onRequest(request) {
        const local = isLocalRequest(request);
        const user = local ? null : ((await getSessionUser(app.auth, toWebHeaders(request)))?.user ?? null);
        if (!mayReadDevMail(local, user)) throw new AppError('FORBIDDEN', 'devMail.private');
      },
      schema: {
        tags: ['development'],
        summary: 'Local dev mailbox (only when SMTP_URL is not set), newest first; readable from this machine or by staff',
        response: { 200: devMailListResponseSchema, ...errors },
      },
    },
    async () => ({ data: await listDevMail(app.db) }),
  );
}
