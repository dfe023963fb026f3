import { z } from 'zod';
import { listingSchema } from './listings';
import { text } from './text';

/*
 * Saved listings (the heart) and saved searches (the marketplace's stored filter object, with a daily
 * e-mail digest of new matches). Every call is the signed-in user's own: another user's search is
 * "not found".
 */

/** At most this many saved listings per user. */
export const MAX_SAVED_LISTINGS = 200;
/** At most this many saved searches per user. */
export const MAX_SAVED_SEARCHES = 20;
export const MAX_SAVED_SEARCH_NAME_LENGTH = 80;
/** Matches listed per search in the digest e-mail. */
export const DIGEST_MATCHES_PER_SEARCH = 10;
/** A filter object has at most this many keys (the marketplace has about fifteen). */
export const MAX_SAVED_SEARCH_FILTER_KEYS = 30;

/** PUT/DELETE /saved-listings/{listing_id}: any text; an id that is not one of ours is "not found". */
export const savedListingParamsSchema = z.object({ listing_id: text().max(100) });

/**
 * A saved listing. `listing` is the listing as the marketplace shows it while it is ACTIVE; once its
 * owner deactivates or deletes it, `available` is false and only its id and title are kept.
 */
export const savedListingSchema = z.object({
  listing_id: z.string(),
  saved_at: z.string(),
  available: z.boolean(),
  title: z.string().nullable(),
  listing: listingSchema.nullable(),
});
export type SavedListing = z.infer<typeof savedListingSchema>;

/** GET /saved-listings: newest first. */
export const savedListingsResponseSchema = z.object({ data: z.object({ items: z.array(savedListingSchema) }) });
export type SavedListingsResponse = z.infer<typeof savedListingsResponseSchema>;

/** GET /saved-listings/ids: the ids only, for the hearts on the marketplace's cards. */
export const savedListingIdsResponseSchema = z.object({ data: z.object({ listing_ids: z.array(z.string()) }) });
export type SavedListingIdsResponse = z.infer<typeof savedListingIdsResponseSchema>;

/** PUT and DELETE /saved-listings/{listing_id} (both idempotent). */
export const saveListingResponseSchema = z.object({ data: z.object({ listing_id: z.string(), saved: z.boolean() }) });
export type SaveListingResponse = z.infer<typeof saveListingResponseSchema>;

/**
 * The stored filter object of a search, as the marketplace's URL carries it (strings). The server
 * checks it with listingFiltersQuerySchema and keeps only the keys that schema knows.
 */
export const savedSearchFiltersSchema = z
  .record(text().max(40, 'savedSearchFiltersInvalid'), text().max(200, 'filterTextTooLong'))
  .refine((filters) => Object.keys(filters).length <= MAX_SAVED_SEARCH_FILTER_KEYS, 'savedSearchFiltersInvalid');

/** POST /saved-searches: the current filters and a name (the client suggests a summary of the filters). */
export const createSavedSearchRequestSchema = z.object({
  name: text().trim().min(1, 'savedSearchNameRequired').max(MAX_SAVED_SEARCH_NAME_LENGTH, 'savedSearchNameTooLong').optional(),
  filters: savedSearchFiltersSchema,
});
export type CreateSavedSearchRequest = z.infer<typeof createSavedSearchRequestSchema>;

export const savedSearchSchema = z.object({
  search_id: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  /** E-mail alerts (the daily digest) on or off. */
  notify: z.boolean(),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchResponseSchema = z.object({ data: savedSearchSchema });
export type SavedSearchResponse = z.infer<typeof savedSearchResponseSchema>;

/** GET /saved-searches: newest first. */
export const savedSearchesResponseSchema = z.object({ data: z.object({ searches: z.array(savedSearchSchema) }) });
export type SavedSearchesResponse = z.infer<typeof savedSearchesResponseSchema>;

export const savedSearchParamsSchema = z.object({ search_id: text().max(100) });

/** PATCH /saved-searches/{search_id}: alerts on or off. */
export const updateSavedSearchRequestSchema = z.object({
  notify: z.boolean({ error: 'savedSearchNotifyInvalid' }),
});
export type UpdateSavedSearchRequest = z.infer<typeof updateSavedSearchRequestSchema>;

export const deleteSavedSearchResponseSchema = z.object({ data: z.object({ search_id: z.string(), deleted: z.literal(true) }) });
export type DeleteSavedSearchResponse = z.infer<typeof deleteSavedSearchResponseSchema>;

/**
 * GET (and one-click POST, RFC 8058) /saved-searches/unsubscribe?token=…: the digest's link turns the
 * alerts of one search off without signing in; the header's link names every search of the e-mail
 * (token repeated).
 */
export const unsubscribeQuerySchema = z.object({
  token: z.union([text().max(100), z.array(text().max(100)).min(1).max(MAX_SAVED_SEARCHES)]),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

export const unsubscribeResponseSchema = z.object({ data: z.object({ names: z.array(z.string()) }) });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/** POST /dev/saved-search-digest (development only): runs one digest round now. */
export const devDigestRequestSchema = z.object({
  /** Moves the signed-in user's searches' last digest back by this many days first, so listings published earlier count as new. */
  rewind_days: z.number({ error: 'savedSearchRewindInvalid' }).int('savedSearchRewindInvalid').min(0).max(3650).optional(),
});
export const devDigestResponseSchema = z.object({ data: z.object({ users: z.number().int(), mails: z.number().int() }) });
export type DevDigestResponse = z.infer<typeof devDigestResponseSchema>;
