import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createSavedSearchRequestSchema,
  deleteSavedSearchResponseSchema,
  saveListingResponseSchema,
  savedListingIdsResponseSchema,
  savedListingParamsSchema,
  savedListingsResponseSchema,
  savedSearchParamsSchema,
  savedSearchResponseSchema,
  savedSearchesResponseSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
  updateSavedSearchRequestSchema,
} from '@medallion/contracts/saved';
import { requestLanguage } from '../../lib/request-language';
import { errorResponses as errors, ipRateLimit } from '../../lib/route-options';
import { requireUser } from '../../plugins/auth';
import { listSavedListingIds, listSavedListings, saveListing, unsaveListing } from './saved-listings';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, unsubscribeSavedSearches, updateSavedSearch } from './saved-searches';

const tokensOf = (token: string | string[]) => (Array.isArray(token) ? token : [token]);

/** Saved listings (the heart) and saved searches with their daily e-mail digest. */
export async function savedRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['saved'];
  // The one-click unsubscribe (RFC 8058) posts "List-Unsubscribe=One-Click" as a form; its body is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));

  r.get(
    '/saved-listings',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: "The user's saved listings, newest first (unavailable ones without details)",
        response: { 200: savedListingsResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: { items: await listSavedListings(app.db, app.storage, req.user.id) } }),
  );

  r.get(
    '/saved-listings/ids',
    {
      onRequest: requireUser,
      schema: { tags, summary: "The ids of the user's saved listings (the hearts)", response: { 200: savedListingIdsResponseSchema, ...errors } },
    },
    async (req) => ({ data: { listing_ids: await listSavedListingIds(app.db, req.user.id) } }),
  );

  r.put(
    '/saved-listings/:listing_id',
    {
      onRequest: requireUser,
      config: ipRateLimit(120),
      schema: {
        tags,
        summary: 'Save a published listing (idempotent)',
        params: savedListingParamsSchema,
        response: { 200: saveListingResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await saveListing(app.db, req.user.id, req.params.listing_id) }),
  );

  r.delete(
    '/saved-listings/:listing_id',
    {
      onRequest: requireUser,
      config: ipRateLimit(120),
      schema: {
        tags,
        summary: 'Remove a listing from the saved ones (idempotent)',
        params: savedListingParamsSchema,
        response: { 200: saveListingResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await unsaveListing(app.db, req.user.id, req.params.listing_id) }),
  );

  r.get(
    '/saved-searches',
    {
      onRequest: requireUser,
      schema: { tags, summary: "The user's saved searches, newest first", response: { 200: savedSearchesResponseSchema, ...errors } },
    },
    async (req) => ({ data: { searches: await listSavedSearches(app.db, req.user.id) } }),
  );

  r.post(
    '/saved-searches',
    {
      onRequest: requireUser,
      config: ipRateLimit(60),
      schema: {
        tags,
        summary: 'Save the marketplace filters as a search with e-mail alerts (at most 20)',
        body: createSavedSearchRequestSchema,
        response: { 200: savedSearchResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await createSavedSearch(app.db, req.user.id, req.body, requestLanguage(req)) }),
  );

  r.patch(
    '/saved-searches/:search_id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Turn the e-mail alerts of a saved search on or off',
        params: savedSearchParamsSchema,
        body: updateSavedSearchRequestSchema,
        response: { 200: savedSearchResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await updateSavedSearch(app.db, req.user.id, req.params.search_id, req.body.notify) }),
  );

  r.delete(
    '/saved-searches/:search_id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Delete a saved search',
        params: savedSearchParamsSchema,
        response: { 200: deleteSavedSearchResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await deleteSavedSearch(app.db, req.user.id, req.params.search_id) }),
  );

  r.get(
    '/saved-searches/unsubscribe',
    {
      config: ipRateLimit(60),
      schema: {
        tags,
        summary: "The digest's unsubscribe link (no sign-in): alerts off for the token's searches; a browser is sent to the confirmation page",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const tokens = tokensOf(req.query.token);
      // A mail client opening the List-Unsubscribe link shows the page, which makes this call itself.
      if (req.headers.accept?.includes('text/html')) {
        return reply.redirect(`/unsubscribe?${new URLSearchParams(tokens.map((t): [string, string] => ['token', t])).toString()}`, 303);
      }
      return { data: await unsubscribeSavedSearches(app.db, tokens) };
    },
  );

  r.post(
    '/saved-searches/unsubscribe',
    {
      config: ipRateLimit(60),
      schema: {
        tags,
        summary: "One-click unsubscribe (RFC 8058): alerts off for the token's searches",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await unsubscribeSavedSearches(app.db, tokensOf(req.query.token)) }),
  );
}
