import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTACT_SUCCESS_MESSAGE, contactUsRequestSchema, contactUsResponseSchema } from '@medallion/contracts/contact';
import { apiErrorSchema } from '@medallion/contracts/errors';
import { AppError } from '../../lib/app-error';
import { createContactMessage } from './create-contact-message';

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/contact-us',
    {
      config: {
        rateLimit: {
          max: app.config.CONTACT_RATE_LIMIT_MAX,
          timeWindow: app.config.CONTACT_RATE_LIMIT_WINDOW_MS,
          errorResponseBuilder: () => new AppError('RATE_LIMITED', 'contact.tooManyMessages'),
        },
      },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the support team',
        body: contactUsRequestSchema,
        response: { 200: contactUsResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await createContactMessage(app.db, app.mailer, {
        ...request.body,
        locale: request.headers['accept-language']?.slice(0, 2) ?? null,
        supportEmail: app.config.SUPPORT_EMAIL,
      });
      return { message: CONTACT_SUCCESS_MESSAGE };
    },
  );
}
