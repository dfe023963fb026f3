import { z } from 'zod';
import { freeText } from './text';

/** "Report this listing": why a listing looks wrong (one report per user and listing). */
export const LISTING_REPORT_REASONS = ['scam', 'misleading', 'unavailable', 'offensive', 'duplicate', 'other'] as const;
export type ListingReportReason = (typeof LISTING_REPORT_REASONS)[number];

export const MAX_LISTING_REPORT_DETAILS = 1000;

/** POST /listing/{listing_id}/report: a reason and optional details (required for "other"). */
export const reportListingRequestSchema = z
  .object({
    reason: z.enum(LISTING_REPORT_REASONS, { error: 'listingReportReasonRequired' }),
    details: freeText().trim().max(MAX_LISTING_REPORT_DETAILS, 'listingReportDetailsTooLong').optional(),
  })
  .refine((r) => r.reason !== 'other' || (r.details ?? '').length > 0, { message: 'listingReportDetailsRequired', path: ['details'] });
export type ReportListingRequest = z.infer<typeof reportListingRequestSchema>;
export type ReportListingForm = z.input<typeof reportListingRequestSchema>;

export const reportListingResponseSchema = z.object({ data: z.object({ listing_id: z.string(), reported: z.literal(true) }) });
export type ReportListingResponse = z.infer<typeof reportListingResponseSchema>;

/** GET /admin/listing-reports (staff): open reports grouped by listing, the most reported first. */
export const listingReportGroupSchema = z.object({
  listing_id: z.string(),
  listing_title: z.string().nullable(),
  listing_status: z.enum(['DRAFT', 'UNDER_REVIEW', 'ACTIVE', 'INACTIVE']),
  listing_deleted: z.boolean(),
  owner_name: z.string(),
  owner_email: z.string(),
  /** How many open reports give each reason. */
  reason_counts: z.array(z.object({ reason: z.enum(LISTING_REPORT_REASONS), count: z.number().int() })),
  reports: z.array(
    z.object({
      report_id: z.string(),
      reason: z.enum(LISTING_REPORT_REASONS),
      details: z.string().nullable(),
      /** Null when the reporter deleted the account. */
      reporter_email: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type ListingReportGroup = z.infer<typeof listingReportGroupSchema>;
export const listingReportsResponseSchema = z.object({ data: z.array(listingReportGroupSchema) });
export type ListingReportsResponse = z.infer<typeof listingReportsResponseSchema>;

/** POST /admin/listing-reports/{listing_id}/resolve: dismiss the reports, or deactivate the listing (reports actioned). */
export const LISTING_REPORT_ACTIONS = ['dismiss', 'deactivate'] as const;
export const resolveListingReportsRequestSchema = z.object({ action: z.enum(LISTING_REPORT_ACTIONS, { error: 'listingReportActionInvalid' }) });
export type ResolveListingReportsRequest = z.infer<typeof resolveListingReportsRequestSchema>;
export const resolveListingReportsResponseSchema = z.object({
  data: z.object({
    listing_id: z.string(),
    action: z.enum(LISTING_REPORT_ACTIONS),
    /** How many open reports this decision closed. */
    resolved: z.number().int(),
    listing_status: z.enum(['DRAFT', 'UNDER_REVIEW', 'ACTIVE', 'INACTIVE']),
  }),
});
export type ResolveListingReportsResponse = z.infer<typeof resolveListingReportsResponseSchema>;
