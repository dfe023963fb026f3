import { eq } from 'drizzle-orm';
import type { ReportListingRequest, ReportListingResponse } from '@medallion/contracts/listing-reports';
import type { Database } from '@medallion/db/client';
import { listingReports, listings } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';

/**
 * "Report this listing" (POST /listing/{listing_id}/report): one report per user and listing into the
 * staff queue. A listing the reporter cannot see (not ACTIVE, deleted, unknown) is 404; their own
 * listing 403; a second report 409 with `listingReport.alreadyReported`.
 */
export async function reportListing(db: Database, reporterId: string, listingId: string, input: ReportListingRequest): Promise<ReportListingResponse['data']> {
  if (!isUuid(listingId)) throw new AppError('NOT_FOUND', 'listingNotFound');
  const [listing] = await db
    .select({ ownerId: listings.userId, status: listings.status, deletedAt: listings.deletedAt })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!listing) throw new AppError('NOT_FOUND', 'listingNotFound');
  if (listing.ownerId === reporterId) throw new AppError('FORBIDDEN', 'listingReport.ownListing');
  if (listing.status !== 'ACTIVE' || listing.deletedAt !== null) throw new AppError('NOT_FOUND', 'listingNotFound');
  const [created] = await db
    .insert(listingReports)
    .values({ listingId, reporterId, reason: input.reason, details: input.details || null })
    .onConflictDoNothing()
    .returning({ id: listingReports.id });
  if (!created) throw new AppError('CONFLICT', 'listingReport.alreadyReported');
  return { listing_id: listingId, reported: true };
}
