import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { devMailListResponseSchema } from '@medallion/contracts/mail';
import { listDevMail } from './list-dev-mail';

/** Registered only while no SMTP server is configured. */
export async function devMailRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/mail',
    {
      schema: {
        tags: ['development'],
        summary: 'Local dev mailbox (only when SMTP_URL is not set), newest first',
        response: { 200: devMailListResponseSchema },
      },
    },
    async () => ({ data: await listDevMail(app.db) }),
  );
}
