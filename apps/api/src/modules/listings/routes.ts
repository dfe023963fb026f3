import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeListingStatusRequestSchema,
  changeListingStatusResponseSchema,
  deleteListingResponseSchema,
  listingAllResponseSchema,
  listingFiltersQuerySchema,
  listingIdParamsSchema,
  listingResponseSchema,
  myListingsResponseSchema,
  recordListingViewRequestSchema,
  recordListingViewResponseSchema,
  saveDraftRequestSchema,
  saveDraftResponseSchema,
  MAX_LISTING_IMAGES,
  suggestedLocationsQuerySchema,
  suggestedLocationsResponseSchema,
} from '@medallion/contracts/listings';
import { memoizedValidator } from '../../lib/memoized-validator';
import { errorResponses as errors, ipRateLimit } from '../../lib/route-options';
import { toWebHeaders } from '../../lib/web-headers';
import { requireUser } from '../../plugins/auth';
import { getSessionUser } from '../auth/account-flows';
import { changeListingStatus } from './change-listing-status';
import { deleteListing } from './delete-listing';
import { getVisibleListing } from './get-listing';
import { listUserListings } from './list-user-listings';
import { toListing } from './listing-record';
import { pictureFormBodyLimit } from '../../integrations/images/read-image-upload';
import { recordListingView } from './record-listing-view';
import { saveDraftStep1, saveDraftStep2 } from './save-listing-draft';
import { SEARCH_MEMO_SIZE, searchListings } from './search-listings';
import { suggestLocations } from './suggest-locations';

/** Marketplace listings: browse, suggestions, detail, views, the owner's list, edits, status and deletion. */
export async function listingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['listings'];
  const viewer = async (req: FastifyRequest) => (await getSessionUser(app.auth, toWebHeaders(req)))?.user ?? null;

  r.get(
    '/listing-all',
    {
      // The hottest public call: the answer is built by toListing (typed), so it is stringified
      // directly instead of being validated again by the zod serializer (~10% of its CPU time).
      serializerCompiler: () => (data) => JSON.stringify(data),
      // The same searches come again and again: their query is checked once (and its plan made
      // once, search-listings.ts planOf), then looked up.
      validatorCompiler: memoizedValidator(SEARCH_MEMO_SIZE),
      schema: {
        tags,
        summary: 'Browse published listings with the stored filter object as query (newest first, paged)',
        querystring: listingFiltersQuerySchema,
        response: { 200: listingAllResponseSchema, ...errors },
      },
    },
    async (req) => {
      const page = await searchListings(app.db, req.query);
      return {
        data: {
          listings: page.rows.map((row) => toListing(row, app.storage)),
          total: page.total,
          total_capped: page.capped,
          page: page.page,
          page_size: page.pageSize,
          next_cursor: page.nextCursor,
          prev_cursor: page.prevCursor,
        },
      };
    },
  );

  r.get(
    '/listing/suggested-locations',
    {
      schema: {
        tags,
        summary: 'Location suggestions: a zip prefix or a city prefix (400 when nothing matches)',
        querystring: suggestedLocationsQuerySchema,
        response: { 200: suggestedLocationsResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { data: suggestLocations(req.query) };
    },
  );

  r.get(
    '/listing',
    {
      onRequest: requireUser,
      schema: { tags, summary: "The signed-in user's own listings, any status", response: { 200: myListingsResponseSchema, ...errors } },
    },
    async (req) => ({ data: { data: (await listUserListings(app.db, req.user.id)).map((row) => toListing(row, app.storage)) } }),
  );

  r.post(
    '/listing/change-status',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The owner switches a published listing between ACTIVE and INACTIVE',
        body: changeListingStatusRequestSchema,
        response: { 200: changeListingStatusResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await changeListingStatus(app.db, req.user.id, req.body) }),
  );

  r.post(
    '/listing/save-draft',
    {
      onRequest: requireUser,
      // Up to 9 phone photos as base64 data URLs (48.25 MiB; read-image-upload.ts).
      bodyLimit: pictureFormBodyLimit(MAX_LISTING_IMAGES),
      config: ipRateLimit(60),
      schema: {
        tags,
        summary:
          "Create or edit a listing: step 1 creates the draft or updates the owner's listing, step 2 saves the details and pictures (a published listing's text or picture changes send it back to review)",
        body: saveDraftRequestSchema,
        response: { 200: saveDraftResponseSchema, ...errors },
      },
    },
    async (req) => {
      const body = req.body;
      const notice = { mailer: app.mailer, staffEmail: app.config.SUPPORT_EMAIL, publicUrl: app.config.PUBLIC_URL };
      const saved =
        body.step === 1
          ? await saveDraftStep1(app.db, { id: req.user.id, name: req.user.name, email: req.user.email }, body, notice)
          : await saveDraftStep2(app.db, app.storage, req.user.id, body, notice);
      return { data: { data: saved } };
    },
  );

  r.get(
    '/listing/:listing_id',
    {
      schema: {
        tags,
        summary: 'One listing: ACTIVE for everyone, any status for its owner',
        params: listingIdParamsSchema,
        response: { 200: listingResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: toListing(await getVisibleListing(app.db, req.params.listing_id, await viewer(req)), app.storage) }),
  );

  r.delete(
    '/listing/:listing_id',
    {
      onRequest: requireUser,
      config: ipRateLimit(60),
      schema: {
        tags,
        summary: 'The owner deletes a listing: a never-paid draft at once with its pictures, any other is taken off everywhere and kept with its payments',
        params: listingIdParamsSchema,
        response: { 200: deleteListingResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await deleteListing(app.db, app.storage, req.user.id, req.params.listing_id) }),
  );

  r.post(
    '/listing/:listing_id/views',
    {
      config: ipRateLimit(120),
      schema: {
        tags,
        summary: 'Count a view of a listing: once per visitor (the signed-in user, or the address and browser) and day',
        params: listingIdParamsSchema,
        body: recordListingViewRequestSchema,
        response: { 200: recordListingViewResponseSchema, ...errors },
      },
    },
    async (req) => {
      const me = await viewer(req);
      const { secret } = await app.auth.$context;
      const visitor = { userId: me?.id ?? null, address: req.ip, userAgent: req.headers['user-agent'] };
      return { data: await recordListingView(app.db, req.params.listing_id, visitor, secret) };
    },
  );
}
