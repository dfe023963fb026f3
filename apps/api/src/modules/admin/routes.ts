import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminOverviewResponseSchema,
  moderationResponseSchema,
  rejectListingRequestSchema,
  reviewListingsResponseSchema,
} from '@medallion/contracts/admin';
import { listingIdParamsSchema, LISTING_ID_PATTERN } from '@medallion/contracts/listings';
import { VALIDATION_MESSAGES } from '@medallion/contracts/validation';
import { AppError } from '../../lib/app-error';
import { errorResponses as errors } from '../../lib/route-options';
import { approveListing, listListingsForReview, rejectListing } from './moderate-listings';
import { apiErrorSchema } from '@medallion/contracts/errors';
import { requireStaff } from '../../plugins/auth';
import { getAdminOverview } from './get-admin-overview';

/** The staff console's API. Every route is staff only. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireStaff);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/overview',
    { schema: { tags: ['admin'], response: { 200: adminOverviewResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async () => ({ data: await getAdminOverview(app.db) }),
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const ctx = () => ({ mailer: app.mailer, publicUrl: app.config.PUBLIC_URL });
  const checkId = (id: string) => {
    if (!LISTING_ID_PATTERN.test(id)) throw new AppError('NOT_FOUND', VALIDATION_MESSAGES.listingNotFound);
    return id;
  };

  r.get(
    '/admin/listings',
    { schema: { tags, summary: 'Listings waiting for review, oldest first', response: { 200: reviewListingsResponseSchema, ...errors } } },
    async () => ({ data: await listListingsForReview(app.db, app.storage, (vin) => app.vinDecoder.decode(vin)) }),
  );
  r.post(
    '/admin/listings/:listing_id/approve',
    { schema: { tags, summary: 'Publish a listing under review', params: listingIdParamsSchema, response: { 200: moderationResponseSchema, ...errors } } },
    async (req) => ({ data: await approveListing(app.db, checkId(req.params.listing_id), ctx()) }),
  );
  r.post(
    '/admin/listings/:listing_id/reject',
    {
      schema: {
        tags,
        summary: 'Send a listing under review back to its owner with a reason',
        params: listingIdParamsSchema,
        body: rejectListingRequestSchema,
        response: { 200: moderationResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await rejectListing(app.db, checkId(req.params.listing_id), req.body.reason, ctx()) }),
  );
}
