import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportListingRequestSchema, reportListingResponseSchema } from '@medallion/contracts/listing-reports';
import { listingIdParamsSchema } from '@medallion/contracts/listings';
import { errorResponses as errors, ipRateLimit } from '../../lib/route-options';
import { requireUser } from '../../plugins/auth';
import { reportListing } from './report-listing';

/** "Report this listing" for signed-in users; the staff queue is declared with the console (modules/admin). */
export async function listingReportsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/listing/:listing_id/report',
    {
      onRequest: requireUser,
      config: ipRateLimit(30),
      schema: {
        tags: ['listings'],
        summary: 'Report a listing to staff with a reason (once per user and listing; a second answers 409)',
        params: listingIdParamsSchema,
        body: reportListingRequestSchema,
        response: { 200: reportListingResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await reportListing(app.db, req.user.id, req.params.listing_id, req.body) }),
  );
}
