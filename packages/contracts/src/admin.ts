import { z } from 'zod';
import { decodedVinSchema } from './cars';
import { listingSchema } from './listings';

/** GET /admin/overview (staff only). */
export const adminOverviewResponseSchema = z.object({
  data: z.object({
    users: z.number().int(),
    staff: z.number().int(),
    mail_pending: z.number().int(),
    mail_failed: z.number().int(),
    contact_messages: z.array(
      z.object({ id: z.string(), name: z.string(), email: z.string(), message: z.string(), created_at: z.string() }),
    ),
  }),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;

/* ---------- Listing moderation (staff) ---------- */

export const reviewListingSchema = listingSchema.extend({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** When the fee was paid and the listing was sent to review. */
  submitted_at: z.string(),
  /** What the VIN decodes to (offline vPIC), to compare with what the owner typed. Null without a VIN. */
  vin_decoded: decodedVinSchema.nullable(),
});
export type ReviewListing = z.infer<typeof reviewListingSchema>;

/** GET /admin/listings: UNDER_REVIEW listings, oldest first. */
export const reviewListingsResponseSchema = z.object({ data: z.array(reviewListingSchema) });
export type ReviewListingsResponse = z.infer<typeof reviewListingsResponseSchema>;

/** POST /admin/listings/{listing_id}/reject */
export const rejectListingRequestSchema = z.object({
  reason: z.string({ error: 'rejectReasonRequired' }).trim().min(5, 'rejectReasonRequired').max(1000, 'rejectReasonTooLong'),
});
export type RejectListingRequest = z.infer<typeof rejectListingRequestSchema>;

/** Approve and reject answer the listing's new status. */
export const moderationResponseSchema = z.object({
  data: z.object({ listing_id: z.string(), status: z.enum(['ACTIVE', 'DRAFT']), timestamp: z.string().nullable() }),
});
