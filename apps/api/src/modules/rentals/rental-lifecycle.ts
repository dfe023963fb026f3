import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  CLAIM_ANSWER_HOURS,
  CLAIM_WINDOW_HOURS,
  DEPOSIT_REFUND_HOURS,
  NON_PAYMENT_END_HOURS,
  type RentalEvent,
  type RentalRequestEvent,
  type RentalRequestStatus,
  type RentalStatus,
} from '@medallion/contracts/rental-states';
import type { DbExecutor } from '@medallion/db/client';
import { rentalAgreements, rentalRequests, rentals } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

/**
 * The rental's life, the one place a rental request's or a rental's status changes
 * (apps/api/test/rental-status-writers.test.ts holds that no other file writes the status or the
 * milestone columns of `rental_requests` and `rentals`). The graph, drawn in contracts
 * rental-states.ts:
 *
 *   request: open --approve (owner) | decline (owner) | supersede (system) | expire (system) | withdraw (driver)-->
 *            approved | declined | declined | expired | withdrawn
 *   rental:  awaiting_agreement --agreementAccepted--> awaiting_pickup --pickupPaid + pickupPhotos--> active
 *            active <--weeklyChargeFailed / weeklyChargePaid--> payment_failed --endForNonPayment--> ended_nonpayment
 *            active | payment_failed | ended_nonpayment --return--> returned
 *            returned --openClaim--> claim_open --acceptClaim | claimUnanswered--> claim_resolved
 *            claim_open --disputeClaim--> claim_disputed --decideClaim (staff)--> claim_resolved
 *            returned (72 h, no claim) | claim_resolved --depositSettled--> closed
 *            awaiting_agreement | awaiting_pickup --cancel | agreementExpired--> cancelled
 *
 * Each move is one conditional UPDATE (`WHERE status IN (from) AND <guard>`), so of two parallel
 * requests one moves the row and the other finds it moved. Guards that depend on time take `now`
 * (tests and jobs pass their clock).
 */
export const INITIAL_REQUEST_STATUS = 'open' satisfies RentalRequestStatus;
export const INITIAL_RENTAL_STATUS = 'awaiting_agreement' satisfies RentalStatus;

/** Who moves a request or a rental: one of its two parties (by user id), staff or the system (jobs, the money side). */
export type RentalActorKind = 'driver' | 'owner' | 'staff' | 'system';
export type RentalActor = { driver: string } | { owner: string } | 'staff' | 'system';

function actorKind(actor: RentalActor): RentalActorKind {
  if (typeof actor === 'string') return actor;
  return 'driver' in actor ? 'driver' : 'owner';
}

const HOUR_MS = 3_600_000;
function hoursBefore(now: Date, hours: number): Date {
  return new Date(now.getTime() - hours * HOUR_MS);
}

// ---------------------------------------------------------------------------------------------- requests

interface RequestTransition {
  from: readonly RentalRequestStatus[];
  to: RentalRequestStatus;
  by: readonly RentalActorKind[];
  refused: () => AppError;
}

export const REQUEST_TRANSITIONS = {
  approve: { from: ['open'], to: 'approved', by: ['owner'], refused: () => new AppError('CONFLICT', 'rental.requestNotOpen') },
  decline: { from: ['open'], to: 'declined', by: ['owner'], refused: () => new AppError('CONFLICT', 'rental.requestNotOpen') },
  /** Another request of the same car was approved for overlapping days. */
  supersede: { from: ['open'], to: 'declined', by: ['system'], refused: () => new AppError('CONFLICT', 'rental.requestNotOpen') },
  /** The owner did not decide in time (guard: `expires_at <= now`). */
  expire: { from: ['open'], to: 'expired', by: ['system'], refused: () => new AppError('CONFLICT', 'rental.requestNotOpen') },
  withdraw: { from: ['open'], to: 'withdrawn', by: ['driver'], refused: () => new AppError('CONFLICT', 'rental.requestNotOpen') },
} as const satisfies Record<RentalRequestEvent, RequestTransition>;

export function nextRequestStatus(from: RentalRequestStatus, event: RentalRequestEvent): RentalRequestStatus | null {
  const transition: RequestTransition = REQUEST_TRANSITIONS[event];
  return transition.from.includes(from) ? transition.to : null;
}

export interface TransitionOptions {
  by: RentalActor;
  /** The clock of the time guards and the stamps (default: now). */
  now?: Date;
}

function requestEffects(event: RentalRequestEvent, now: Date): Pick<PgUpdateSetSource<typeof rentalRequests>, 'decidedAt' | 'declineReason'> {
  switch (event) {
    case 'decline':
      return { decidedAt: now, declineReason: 'owner' };
    case 'supersede':
      return { decidedAt: now, declineReason: 'overlap' };
    default:
      return { decidedAt: now };
  }
}

type RequestRow = typeof rentalRequests.$inferSelect;
type RentalRow = typeof rentals.$inferSelect;

/** Moves the request by `event` when allowed (one conditional UPDATE); the row, or null when it is not there, not the actor's or in another status. */
export async function transitionRequestIfAllowed(
  db: DbExecutor,
  requestId: string,
  event: RentalRequestEvent,
  options: TransitionOptions,
): Promise<RequestRow | null> {
  const transition: RequestTransition = REQUEST_TRANSITIONS[event];
  const kind = actorKind(options.by);
  if (!transition.by.includes(kind)) throw new Error(`A rental request's ${event} is not done by ${kind}`);
  const now = options.now ?? new Date();
  const by = options.by;
  const [row] = await db
    .update(rentalRequests)
    .set({ ...requestEffects(event, now), status: transition.to, updatedAt: now })
    .where(
      and(
        eq(rentalRequests.id, requestId),
        inArray(rentalRequests.status, [...transition.from]),
        typeof by === 'object' && 'driver' in by ? eq(rentalRequests.driverId, by.driver) : undefined,
        typeof by === 'object' && 'owner' in by ? eq(rentalRequests.ownerId, by.owner) : undefined,
        event === 'expire' ? sql`${rentalRequests.expiresAt} <= ${now.toISOString()}::timestamptz` : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** transitionRequestIfAllowed, refusing what it cannot move: unknown or another's is 404, another status the event's answer. */
export async function transitionRequest(db: DbExecutor, requestId: string, event: RentalRequestEvent, options: TransitionOptions): Promise<RequestRow> {
  const row = await transitionRequestIfAllowed(db, requestId, event, options);
  if (row) return row;
  const [current] = await db
    .select({ driverId: rentalRequests.driverId, ownerId: rentalRequests.ownerId })
    .from(rentalRequests)
    .where(eq(rentalRequests.id, requestId));
  const by = options.by;
  if (
    !current ||
    (typeof by === 'object' && 'driver' in by && current.driverId !== by.driver) ||
    (typeof by === 'object' && 'owner' in by && current.ownerId !== by.owner)
  ) {
    throw new AppError('NOT_FOUND', 'rental.requestNotFound');
  }
  throw REQUEST_TRANSITIONS[event].refused();
}

// ----------------------------------------------------------------------------------------------- rentals

interface RentalTransition {
  from: readonly RentalStatus[];
  /** The status it leads to (pickupPaid and pickupPhotos: active only once the other one happened too). */
  to: RentalStatus;
  by: readonly RentalActorKind[];
  /** The answer when the rental cannot move (`status`: where it is now). */
  refused: (status: RentalStatus) => AppError;
}

export const RENTAL_TRANSITIONS = {
  /** Both parties accepted the agreement (guard: both acceptances recorded in rental_agreements). */
  agreementAccepted: {
    from: ['awaiting_agreement'],
    to: 'awaiting_pickup',
    by: ['system'],
    refused: () => new AppError('CONFLICT', 'rental.notAwaitingAgreement'),
  },
  /** The agreement was not accepted by both in time (guard: `agreement_due_at <= now`). */
  agreementExpired: { from: ['awaiting_agreement'], to: 'cancelled', by: ['system'], refused: () => new AppError('CONFLICT', 'rental.notAwaitingAgreement') },
  /** Either party (or the system) calls it off before the pick-up. */
  cancel: {
    from: ['awaiting_agreement', 'awaiting_pickup'],
    to: 'cancelled',
    by: ['driver', 'owner', 'system'],
    refused: () => new AppError('CONFLICT', 'rental.notCancellable'),
  },
  /** The pick-up charge (deposit + first week) succeeded: `pickup_paid_at`; active once the pick-up photos are in too. */
  pickupPaid: { from: ['awaiting_pickup'], to: 'active', by: ['system'], refused: () => new AppError('CONFLICT', 'rental.notAwaitingPickup') },
  /** The pick-up hand-over's photos are in: `pickup_photos_at`; active once the pick-up is paid too. */
  pickupPhotos: {
    from: ['awaiting_pickup'],
    to: 'active',
    by: ['driver', 'owner', 'system'],
    refused: () => new AppError('CONFLICT', 'rental.notAwaitingPickup'),
  },
  /** A weekly charge was declined (again): `payment_failed_at` keeps the first failure. */
  weeklyChargeFailed: { from: ['active', 'payment_failed'], to: 'payment_failed', by: ['system'], refused: () => new AppError('CONFLICT', 'rental.notActive') },
  /** The unpaid week was paid (a retry or the driver's on-session payment). */
  weeklyChargePaid: { from: ['payment_failed'], to: 'active', by: ['system'], refused: () => new AppError('CONFLICT', 'rental.notPaymentFailed') },
  /** The owner ends it (guard: the week has been unpaid NON_PAYMENT_END_HOURS since the first failure). */
  endForNonPayment: { from: ['payment_failed'], to: 'ended_nonpayment', by: ['owner'], refused: () => new AppError('CONFLICT', 'rental.cannotEndYet') },
  /** The car came back (the return hand-over): weekly charging ends. */
  return: {
    from: ['active', 'payment_failed', 'ended_nonpayment'],
    to: 'returned',
    by: ['driver', 'owner', 'system'],
    refused: () => new AppError('CONFLICT', 'rental.notActive'),
  },
  /** The owner claims damage (guard: within CLAIM_WINDOW_HOURS of the return). */
  openClaim: { from: ['returned'], to: 'claim_open', by: ['owner'], refused: () => new AppError('CONFLICT', 'rental.claimWindowClosed') },
  /** The driver accepts the claim (guard: within CLAIM_ANSWER_HOURS of the claim; after that it stands unanswered). */
  acceptClaim: {
    from: ['claim_open'],
    to: 'claim_resolved',
    by: ['driver'],
    refused: (status) => new AppError('CONFLICT', status === 'claim_open' ? 'rental.claimAnswerClosed' : 'rental.noOpenClaim'),
  },
  /** The driver did not answer the claim in CLAIM_ANSWER_HOURS: it stands (guard). */
  claimUnanswered: { from: ['claim_open'], to: 'claim_resolved', by: ['system'], refused: () => new AppError('CONFLICT', 'rental.noOpenClaim') },
  /** The driver disputes it (guard: within CLAIM_ANSWER_HOURS of the claim). */
  disputeClaim: {
    from: ['claim_open'],
    to: 'claim_disputed',
    by: ['driver'],
    refused: (status) => new AppError('CONFLICT', status === 'claim_open' ? 'rental.claimAnswerClosed' : 'rental.noOpenClaim'),
  },
  decideClaim: { from: ['claim_disputed'], to: 'claim_resolved', by: ['staff'], refused: () => new AppError('CONFLICT', 'rental.noDisputedClaim') },
  /** The deposit was refunded (its remainder after a claim): the rental is over (guard for `returned`: DEPOSIT_REFUND_HOURS passed). */
  depositSettled: { from: ['returned', 'claim_resolved'], to: 'closed', by: ['system'], refused: () => new AppError('CONFLICT', 'rental.depositNotDue') },
} as const satisfies Record<RentalEvent, RentalTransition>;

export function nextRentalStatus(from: RentalStatus, event: RentalEvent): RentalStatus | null {
  const transition: RentalTransition = RENTAL_TRANSITIONS[event];
  return transition.from.includes(from) ? transition.to : null;
}

function at(now: Date): SQL {
  return sql`${now.toISOString()}::timestamptz`;
}

/** The time guard of an event, or undefined. */
function rentalGuard(event: RentalEvent, now: Date): SQL | undefined {
  switch (event) {
    case 'agreementAccepted':
      return sql`exists (select 1 from ${rentalAgreements} where ${rentalAgreements.rentalId} = ${rentals.id} and ${rentalAgreements.driverAcceptedAt} is not null and ${rentalAgreements.ownerAcceptedAt} is not null)`;
    case 'agreementExpired':
      return sql`${rentals.agreementDueAt} <= ${at(now)}`;
    case 'endForNonPayment':
      return sql`${rentals.paymentFailedAt} <= ${at(hoursBefore(now, NON_PAYMENT_END_HOURS))}`;
    case 'openClaim':
      return sql`${rentals.returnedAt} > ${at(hoursBefore(now, CLAIM_WINDOW_HOURS))}`;
    case 'claimUnanswered':
      return sql`${rentals.claimOpenedAt} <= ${at(hoursBefore(now, CLAIM_ANSWER_HOURS))}`;
    case 'acceptClaim':
    case 'disputeClaim':
      return sql`${rentals.claimOpenedAt} > ${at(hoursBefore(now, CLAIM_ANSWER_HOURS))}`;
    case 'depositSettled':
      return sql`(${rentals.status} = 'claim_resolved' or ${rentals.returnedAt} <= ${at(hoursBefore(now, DEPOSIT_REFUND_HOURS))})`;
    default:
      return undefined;
  }
}

/** The columns an event writes besides the plain status. */
function rentalEffects(event: RentalEvent, now: Date): PgUpdateSetSource<typeof rentals> {
  const stamp = at(now);
  switch (event) {
    case 'pickupPaid':
      return {
        pickupPaidAt: sql`coalesce(${rentals.pickupPaidAt}, ${stamp})`,
        status: sql`case when ${rentals.pickupPhotosAt} is not null then 'active' else ${rentals.status} end`,
        activatedAt: sql`case when ${rentals.pickupPhotosAt} is not null then ${stamp} else null end`,
      };
    case 'pickupPhotos':
      return {
        pickupPhotosAt: sql`coalesce(${rentals.pickupPhotosAt}, ${stamp})`,
        status: sql`case when ${rentals.pickupPaidAt} is not null then 'active' else ${rentals.status} end`,
        activatedAt: sql`case when ${rentals.pickupPaidAt} is not null then ${stamp} else null end`,
      };
    case 'weeklyChargeFailed':
      return { paymentFailedAt: sql`coalesce(${rentals.paymentFailedAt}, ${stamp})` };
    case 'weeklyChargePaid':
      return { paymentFailedAt: null };
    case 'endForNonPayment':
      return { endedAt: now };
    case 'return':
      return { returnedAt: now };
    case 'openClaim':
      return { claimOpenedAt: now };
    case 'acceptClaim':
    case 'claimUnanswered':
    case 'decideClaim':
      return { claimResolvedAt: now };
    case 'depositSettled':
      return { closedAt: now };
    case 'cancel':
    case 'agreementExpired':
      return { cancelledAt: now };
    default:
      return {};
  }
}

/**
 * Moves the rental by `event` if it is in one of the event's `from` statuses, the actor is its party
 * (driver or owner) and the event's guard holds (one conditional UPDATE, in the caller's transaction
 * when given one); the updated row, or null otherwise. The money side calls this with `by: 'system'`
 * (`pickupPaid`, `weeklyChargeFailed`, `weeklyChargePaid`, `depositSettled`).
 */
export async function applyRentalEventIfAllowed(db: DbExecutor, rentalId: string, event: RentalEvent, options: TransitionOptions): Promise<RentalRow | null> {
  const transition: RentalTransition = RENTAL_TRANSITIONS[event];
  const kind = actorKind(options.by);
  if (!transition.by.includes(kind)) throw new Error(`A rental's ${event} is not done by ${kind}`);
  const now = options.now ?? new Date();
  const by = options.by;
  const [row] = await db
    .update(rentals)
    .set({ status: transition.to, ...rentalEffects(event, now), updatedAt: now })
    .where(
      and(
        eq(rentals.id, rentalId),
        inArray(rentals.status, [...transition.from]),
        typeof by === 'object' && 'driver' in by ? eq(rentals.driverId, by.driver) : undefined,
        typeof by === 'object' && 'owner' in by ? eq(rentals.ownerId, by.owner) : undefined,
        rentalGuard(event, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** applyRentalEventIfAllowed, refusing what it cannot move: an unknown rental or another's is 404 `rental.notFound`, any other refusal the event's answer (409). */
export async function applyRentalEvent(db: DbExecutor, rentalId: string, event: RentalEvent, options: TransitionOptions): Promise<RentalRow> {
  const row = await applyRentalEventIfAllowed(db, rentalId, event, options);
  if (row) return row;
  const [current] = await db
    .select({ driverId: rentals.driverId, ownerId: rentals.ownerId, status: rentals.status })
    .from(rentals)
    .where(eq(rentals.id, rentalId));
  const by = options.by;
  if (
    !current ||
    (typeof by === 'object' && 'driver' in by && current.driverId !== by.driver) ||
    (typeof by === 'object' && 'owner' in by && current.ownerId !== by.owner)
  ) {
    throw new AppError('NOT_FOUND', 'rental.notFound');
  }
  throw RENTAL_TRANSITIONS[event].refused(current.status);
}
