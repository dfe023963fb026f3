import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ListingReportGroup,
  ListingReportReason,
  ResolveListingReportsRequest,
  ResolveListingReportsResponse,
} from '@medallion/contracts/listing-reports';
import { LISTING_REPORT_REASONS } from '@medallion/contracts/listing-reports';
import type { Database } from '@medallion/db/client';
import { listingReports, listings, user } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { transitionListingIfAllowed } from '../listings/listing-lifecycle';

const owner = alias(user, 'report_listing_owner');
const reporter = alias(user, 'report_reporter');

/** GET /admin/listing-reports: the open reports grouped by listing, the most reported first (then the oldest). */
export async function listOpenListingReports(db: Database): Promise<ListingReportGroup[]> {
  const rows = await db
    .select({
      report: listingReports,
      title: listings.title,
      status: listings.status,
      deletedAt: listings.deletedAt,
      ownerName: owner.name,
      ownerEmail: owner.email,
      reporterEmail: reporter.email,
    })
    .from(listingReports)
    .innerJoin(listings, eq(listings.id, listingReports.listingId))
    .innerJoin(owner, eq(owner.id, listings.userId))
    .leftJoin(reporter, eq(reporter.id, listingReports.reporterId))
    .where(eq(listingReports.status, 'open'))
    .orderBy(asc(listingReports.createdAt), asc(listingReports.id))
    .limit(2000);
  const groups = new Map<string, ListingReportGroup>();
  for (const row of rows) {
    const reason = (LISTING_REPORT_REASONS as readonly string[]).includes(row.report.reason) ? (row.report.reason as ListingReportReason) : 'other';
    const group = groups.get(row.report.listingId) ?? {
      listing_id: row.report.listingId,
      listing_title: row.title?.trim() || null,
      listing_status: row.status,
      listing_deleted: row.deletedAt !== null,
      owner_name: row.ownerName,
      owner_email: row.ownerEmail,
      reason_counts: [],
      reports: [],
    };
    group.reports.push({
      report_id: row.report.id,
      reason,
      details: row.report.details,
      reporter_email: row.reporterEmail,
      created_at: row.report.createdAt.toISOString(),
    });
    groups.set(row.report.listingId, group);
  }
  for (const group of groups.values()) {
    group.reason_counts = LISTING_REPORT_REASONS.map((reason) => ({ reason, count: group.reports.filter((r) => r.reason === reason).length }))
      .filter((c) => c.count > 0)
      .sort((a, b) => b.count - a.count);
  }
  return [...groups.values()].sort((a, b) => b.reports.length - a.reports.length);
}

/**
 * POST /admin/listing-reports/{listing_id}/resolve: "dismiss" closes the listing's open reports as
 * dismissed; "deactivate" sets an ACTIVE listing INACTIVE and closes them as actioned. Both record
 * the staff member and the time. No open report (decided already, unknown listing): 404.
 */
export async function resolveListingReports(
  db: Database,
  staffId: string,
  listingId: string,
  { action }: ResolveListingReportsRequest,
): Promise<ResolveListingReportsResponse['data']> {
  if (!isUuid(listingId)) throw new AppError('NOT_FOUND', 'listingReport.notFound');
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(listingReports)
      .set({ status: action === 'dismiss' ? 'dismissed' : 'actioned', resolvedBy: staffId, resolvedAt: sql`now()` })
      .where(and(eq(listingReports.listingId, listingId), eq(listingReports.status, 'open')))
      .returning({ id: listingReports.id });
    if (closed.length === 0) throw new AppError('NOT_FOUND', 'listingReport.notFound');
    if (action === 'deactivate') {
      // The lifecycle's `hide`: only an ACTIVE listing moves; one already off the marketplace stays as it is.
      await transitionListingIfAllowed(tx, listingId, 'hide', { by: 'staff' });
    }
    const [listing] = await tx.select({ status: listings.status }).from(listings).where(eq(listings.id, listingId));
    return { listing_id: listingId, action, resolved: closed.length, listing_status: listing!.status };
  });
}

/** The staff overview's count of open reports. */
export async function countOpenListingReports(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listingReports)
    .where(eq(listingReports.status, 'open'));
  return row?.n ?? 0;
}
