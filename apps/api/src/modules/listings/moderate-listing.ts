import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '@medallion/db/client';
import { user } from '@medallion/db/schema';
import type { Mailer, OutgoingMail } from '../../integrations/mail/mailer';
import { listingApprovedEmail, listingRejectedEmail } from './listing-emails';
import { transitionListing } from './listing-lifecycle';
import type { ListingRow } from './listing-record';

interface ModerationContext {
  mailer: Mailer;
  publicUrl: string;
}

async function ownerOf(db: DbExecutor, userId: string) {
  const [owner] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return owner!;
}

type ListingFacts = Parameters<typeof listingApprovedEmail>[0];

/**
 * A staff decision: moves the listing out of UNDER_REVIEW (the lifecycle's conditional update, so of two
 * staff deciding at once one wins and the other gets a 409; an unknown or deleted listing is 404) and
 * e-mails the owner in the same transaction.
 */
async function decide(
  db: Database,
  listingId: string,
  event: 'approve' | 'reject',
  email: (facts: ListingFacts) => OutgoingMail,
  ctx: ModerationContext,
  reason?: string,
): Promise<ListingRow> {
  const result = await db.transaction(async (tx) => {
    const row = await transitionListing(tx, listingId, event, { by: 'staff', reason });
    const owner = await ownerOf(tx, row.userId);
    await ctx.mailer.send(email({ id: row.id, title: row.title ?? '', ownerName: owner.name, ownerEmail: owner.email, publicUrl: ctx.publicUrl }), tx);
    return row;
  });
  ctx.mailer.deliverSoon();
  return result;
}

/**
 * Approve: UNDER_REVIEW -> ACTIVE, published now (it appears in the marketplace); the owner is e-mailed.
 * An edited listing that was published before keeps its first publication time, so editing does not
 * move a listing to the top of the newest-first marketplace.
 */
export async function approveListing(db: Database, listingId: string, ctx: ModerationContext) {
  const result = await decide(db, listingId, 'approve', listingApprovedEmail, ctx);
  return { listing_id: result.id, status: 'ACTIVE' as const, timestamp: result.publishedAt!.toISOString() };
}

/** Reject with a reason: UNDER_REVIEW -> DRAFT; the owner is e-mailed the reason and sees it on the card. */
export async function rejectListing(db: Database, listingId: string, reason: string, ctx: ModerationContext) {
  const result = await decide(db, listingId, 'reject', (facts) => listingRejectedEmail({ ...facts, reason }), ctx, reason);
  return { listing_id: result.id, status: 'DRAFT' as const, timestamp: null };
}
