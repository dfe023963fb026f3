import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from '@medallion/db/client';
import { listings, user } from '@medallion/db/schema';
import type { Mailer, OutgoingMail } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import { listingApprovedEmail, listingRejectedEmail } from './listing-emails';

interface ModerationContext {
  mailer: Mailer;
  publicUrl: string;
}

async function ownerOf(db: DbExecutor, userId: string) {
  const [owner] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return owner!;
}

type ListingRow = typeof listings.$inferSelect;
type ListingFacts = Parameters<typeof listingApprovedEmail>[0];

/**
 * A staff decision: moves the listing out of UNDER_REVIEW (a conditional update, so of two staff
 * deciding at once one wins and the other gets a 409) and e-mails the owner in the same transaction.
 */
async function decide(
  db: Database,
  listingId: string,
  change: PgUpdateSetSource<typeof listings>,
  email: (facts: ListingFacts) => OutgoingMail,
  ctx: ModerationContext,
): Promise<ListingRow> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(listings)
      .set({ ...change, updatedAt: sql`now()` })
      .where(and(eq(listings.id, listingId), eq(listings.status, 'UNDER_REVIEW')))
      .returning();
    if (!row) return null;
    const owner = await ownerOf(tx, row.userId);
    await ctx.mailer.send(email({ id: row.id, title: row.title ?? '', ownerName: owner.name, ownerEmail: owner.email, publicUrl: ctx.publicUrl }), tx);
    return row;
  });
  if (!result) throw await moderationError(db, listingId);
  ctx.mailer.deliverSoon();
  return result;
}

/**
 * Approve: UNDER_REVIEW -> ACTIVE, published now (it appears in the marketplace); the owner is e-mailed.
 * An edited listing that was published before keeps its first publication time, so editing does not
 * move a listing to the top of the newest-first marketplace.
 */
export async function approveListing(db: Database, listingId: string, ctx: ModerationContext) {
  const result = await decide(
    db,
    listingId,
    { status: 'ACTIVE', publishedAt: sql`coalesce(${listings.publishedAt}, now())`, rejectionReason: null },
    listingApprovedEmail,
    ctx,
  );
  return { listing_id: result.id, status: 'ACTIVE' as const, timestamp: result.publishedAt!.toISOString() };
}

/** Reject with a reason: UNDER_REVIEW -> DRAFT; the owner is e-mailed the reason and sees it on the card. */
export async function rejectListing(db: Database, listingId: string, reason: string, ctx: ModerationContext) {
  const result = await decide(db, listingId, { status: 'DRAFT', rejectionReason: reason }, (facts) => listingRejectedEmail({ ...facts, reason }), ctx);
  return { listing_id: result.id, status: 'DRAFT' as const, timestamp: null };
}

async function moderationError(db: Database, listingId: string): Promise<AppError> {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), isNull(listings.deletedAt)));
  return row ? new AppError('CONFLICT', 'listing.notUnderReview') : new AppError('NOT_FOUND', 'listingNotFound');
}
