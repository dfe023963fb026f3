import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ListingStatus } from '@medallion/contracts/listings';
import type { DbExecutor } from '@medallion/db/client';
import { listings } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import type { ListingRow } from './listing-record';

/**
 * A listing's life, the one place its status changes (apps/api/test/listing-status-writers.test.ts
 * holds that no other file writes `status`, `deleted_at`, `published_at` or `rejection_reason`):
 *
 *   (created) DRAFT --submit (fee paid)--> UNDER_REVIEW --approve--> ACTIVE <--activate/deactivate--> INACTIVE
 *             UNDER_REVIEW --reject (with a reason)--> DRAFT
 *             ACTIVE, INACTIVE --edit (a reviewed column changed)--> UNDER_REVIEW
 *             ACTIVE --hide (staff act on a report)--> INACTIVE
 *             any --delete--> INACTIVE and deleted_at set (a deleted listing takes no event again)
 *
 * Each move is one conditional UPDATE (`WHERE status IN (from) AND deleted_at IS NULL`), so of two
 * parallel requests one moves the listing and the other finds it moved. The maintained counts
 * (`listing_counts`) follow by their triggers in the same statement.
 */
export const INITIAL_LISTING_STATUS = 'DRAFT' satisfies ListingStatus;

/** Who moves a listing: its owner, staff (review queue, reports) or the system (a settled listing fee). */
export type ListingActor = 'owner' | 'staff' | 'system';

interface Transition {
  from: readonly ListingStatus[];
  to: ListingStatus;
  by: readonly ListingActor[];
  /** The answer when the listing exists (and is the actor's) but is in none of the `from` statuses. */
  refused: () => AppError;
}

export const LISTING_TRANSITIONS = {
  /** The listing fee was paid (or was paid before and the draft comes back after a rejection). */
  submit: { from: ['DRAFT'], to: 'UNDER_REVIEW', by: ['system'], refused: () => new AppError('CONFLICT', 'listing.feeNotDraft') },
  /** Staff publish it; the first approval sets `published_at`, a later one keeps it. */
  approve: { from: ['UNDER_REVIEW'], to: 'ACTIVE', by: ['staff'], refused: () => new AppError('CONFLICT', 'listing.notUnderReview') },
  /** Staff send it back to its owner with a reason. */
  reject: { from: ['UNDER_REVIEW'], to: 'DRAFT', by: ['staff'], refused: () => new AppError('CONFLICT', 'listing.notUnderReview') },
  /** The owner takes it off the marketplace (already INACTIVE: answers the same). */
  deactivate: { from: ['ACTIVE', 'INACTIVE'], to: 'INACTIVE', by: ['owner'], refused: () => new AppError('BAD_REQUEST', 'listing.notPublished') },
  /** The owner puts it back (already ACTIVE: answers the same). */
  activate: { from: ['INACTIVE', 'ACTIVE'], to: 'ACTIVE', by: ['owner'], refused: () => new AppError('BAD_REQUEST', 'listing.notPublished') },
  /** The owner changed what staff review on a published listing (`sendsToReview` in save-listing-draft.ts). */
  edit: { from: ['ACTIVE', 'INACTIVE'], to: 'UNDER_REVIEW', by: ['owner'], refused: () => new AppError('BAD_REQUEST', 'listing.notPublished') },
  /** Staff act on a report: a public listing is taken off the marketplace. */
  hide: { from: ['ACTIVE'], to: 'INACTIVE', by: ['staff'], refused: () => new AppError('NOT_FOUND', 'listingNotFound') },
  /** The owner deletes it: kept for its records, INACTIVE with `deleted_at` (delete-listing.ts removes an unpaid draft's row instead). */
  delete: {
    from: ['DRAFT', 'UNDER_REVIEW', 'ACTIVE', 'INACTIVE'],
    to: 'INACTIVE',
    by: ['owner'],
    refused: () => new AppError('NOT_FOUND', 'listingNotFound'),
  },
} as const satisfies Record<string, Transition>;

export type ListingEvent = keyof typeof LISTING_TRANSITIONS;
export const LISTING_EVENTS = Object.keys(LISTING_TRANSITIONS) as ListingEvent[];

/** The status `event` leads a listing in `from` to, or null when the event is refused there. */
export function nextStatus(from: ListingStatus, event: ListingEvent): ListingStatus | null {
  const transition: Transition = LISTING_TRANSITIONS[event];
  return transition.from.includes(from) ? transition.to : null;
}

/** The columns only this module writes. */
type LifecycleColumn = 'status' | 'deletedAt' | 'publishedAt' | 'rejectionReason';
const LIFECYCLE_COLUMNS: readonly LifecycleColumn[] = ['status', 'deletedAt', 'publishedAt', 'rejectionReason'];

/** What an owner's save writes: a listing's content, never its place in the lifecycle, its owner or its counters. */
export type ListingContentChanges = Omit<Partial<typeof listings.$inferInsert>, LifecycleColumn | 'id' | 'userId' | 'viewCount' | 'createdAt' | 'updatedAt'>;

function contentOnly(changes: ListingContentChanges): ListingContentChanges {
  const copy: Record<string, unknown> = { ...changes };
  for (const column of [...LIFECYCLE_COLUMNS, 'id', 'userId', 'viewCount', 'createdAt', 'updatedAt']) delete copy[column];
  return copy as ListingContentChanges;
}

/** The lifecycle columns an event writes besides the status. */
function effects(event: ListingEvent, reason: string | undefined): Pick<PgUpdateSetSource<typeof listings>, Exclude<LifecycleColumn, 'status'>> {
  switch (event) {
    case 'submit':
    case 'edit':
      return { rejectionReason: null };
    case 'approve':
      return { publishedAt: sql`coalesce(${listings.publishedAt}, now())`, rejectionReason: null };
    case 'reject':
      if (!reason) throw new Error('A rejection needs its reason');
      return { rejectionReason: reason };
    case 'delete':
      return { deletedAt: sql`now()` };
    default:
      return {};
  }
}

export interface TransitionOptions {
  /** Who moves it: the owner (their user id: the listing must be theirs), staff or the system. */
  by: { owner: string } | 'staff' | 'system';
  /** Content written in the same UPDATE (the edit that sends a published listing back to review). */
  set?: ListingContentChanges;
  /** A rejection's reason, e-mailed to the owner and shown on their card. */
  reason?: string;
}

/**
 * Moves the listing by `event` if it is in one of the event's `from` statuses and not deleted (one
 * conditional UPDATE, in the caller's transaction when given one); the updated row, or null when the
 * listing is not there, is deleted, is another owner's or is in another status.
 */
export async function transitionListingIfAllowed(
  db: DbExecutor,
  listingId: string,
  event: ListingEvent,
  options: TransitionOptions,
): Promise<ListingRow | null> {
  const transition: Transition = LISTING_TRANSITIONS[event];
  const actor = typeof options.by === 'string' ? options.by : 'owner';
  if (!transition.by.includes(actor)) throw new Error(`A listing's ${event} is not done by ${actor}`);
  const [row] = await db
    .update(listings)
    .set({ ...contentOnly(options.set ?? {}), ...effects(event, options.reason), status: transition.to, updatedAt: sql`now()` })
    .where(
      and(
        eq(listings.id, listingId),
        inArray(listings.status, [...transition.from]),
        isNull(listings.deletedAt),
        typeof options.by === 'object' ? eq(listings.userId, options.by.owner) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * transitionListingIfAllowed, refusing what it cannot move: an unknown or deleted listing, or another
 * owner's, is 404 `listingNotFound`; one in another status gets the event's answer (`refused`).
 */
export async function transitionListing(db: DbExecutor, listingId: string, event: ListingEvent, options: TransitionOptions): Promise<ListingRow> {
  const row = await transitionListingIfAllowed(db, listingId, event, options);
  if (row) return row;
  const [current] = await db
    .select({ userId: listings.userId })
    .from(listings)
    .where(and(eq(listings.id, listingId), isNull(listings.deletedAt)));
  if (!current || (typeof options.by === 'object' && current.userId !== options.by.owner)) throw new AppError('NOT_FOUND', 'listingNotFound');
  throw LISTING_TRANSITIONS[event].refused();
}

/** An owner's save that moves nothing: the content columns of a listing the caller has locked. */
export async function writeListingContent(db: DbExecutor, listingId: string, changes: ListingContentChanges): Promise<ListingRow | null> {
  const [row] = await db
    .update(listings)
    .set({ ...contentOnly(changes), updatedAt: sql`now()` })
    .where(eq(listings.id, listingId))
    .returning();
  return row ?? null;
}
