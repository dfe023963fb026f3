/**
 * The zod-free part of the rental contracts: the statuses and events of the rental state graph, the
 * all-in cost label's constants and the one "weekly cost" rule. Pages that only need these import this
 * module and do not load zod (rentals.ts re-exports it). The graph itself (who fires which event, from
 * where, with which guard) is apps/api/src/modules/rentals/rental-lifecycle.ts: the one place a request's
 * or a rental's status changes.
 */
import { weeklyEquivalentCents } from './listing-filters';

/**
 * A driver's request for a car (or a plate) of a rental listing:
 *
 *   open --approve (owner)--> approved (a rental is created, awaiting_agreement)
 *   open --decline (owner)--> declined
 *   open --supersede (system: another request of the same listing was approved for overlapping days)--> declined
 *   open --expire (system: the owner did not decide within REQUEST_DECISION_HOURS)--> expired
 *   open --withdraw (driver)--> withdrawn
 */
export const RENTAL_REQUEST_STATUSES = ['open', 'approved', 'declined', 'expired', 'withdrawn'] as const;
export type RentalRequestStatus = (typeof RENTAL_REQUEST_STATUSES)[number];
export const RENTAL_REQUEST_EVENTS = ['approve', 'decline', 'supersede', 'expire', 'withdraw'] as const;
export type RentalRequestEvent = (typeof RENTAL_REQUEST_EVENTS)[number];
/** Why a request was declined: by its owner, or because another request of the car took its days. */
export const REQUEST_DECLINE_REASONS = ['owner', 'overlap'] as const;
export type RequestDeclineReason = (typeof REQUEST_DECLINE_REASONS)[number];

/**
 * A rental, from the approval of its request to the settled deposit:
 *
 *   awaiting_agreement --agreementAccepted (system: both parties accepted the agreement)--> awaiting_pickup
 *   awaiting_agreement --agreementExpired (system, AGREEMENT_HOURS after approval)--> cancelled
 *   awaiting_agreement, awaiting_pickup --cancel (driver, owner, system)--> cancelled
 *   awaiting_pickup --pickupPaid (system: deposit + first week charged)--> awaiting_pickup | active
 *   awaiting_pickup --pickupPhotos (driver/owner/system: the hand-over's photos are in)--> awaiting_pickup | active
 *       (active once BOTH happened: `pickup_paid_at` and `pickup_photos_at` set)
 *   active, payment_failed --weeklyChargeFailed (system)--> payment_failed (`payment_failed_at` = the first failure)
 *   payment_failed --weeklyChargePaid (system: a retry or the driver's on-session payment succeeded)--> active
 *   payment_failed --endForNonPayment (owner, NON_PAYMENT_END_HOURS after the first failure)--> ended_nonpayment
 *   active, payment_failed, ended_nonpayment --return (driver, owner, system: the return hand-over)--> returned
 *   returned --openClaim (owner, within CLAIM_WINDOW_HOURS of the return)--> claim_open
 *   claim_open --acceptClaim (driver) | claimUnanswered (system, CLAIM_ANSWER_HOURS)--> claim_resolved
 *   claim_open --disputeClaim (driver)--> claim_disputed --decideClaim (staff)--> claim_resolved
 *   returned (DEPOSIT_REFUND_HOURS after the return, no claim), claim_resolved --depositSettled (system)--> closed
 *
 * A rental holds its car's days [start_date, end_date) while it is in RENTAL_HOLDING_STATUSES: the
 * database refuses a second such rental of the same listing for overlapping days (an exclusion
 * constraint, migrations/0024_rentals.sql).
 */
export const RENTAL_STATUSES = [
  'awaiting_agreement',
  'awaiting_pickup',
  'active',
  'payment_failed',
  'ended_nonpayment',
  'returned',
  'claim_open',
  'claim_disputed',
  'claim_resolved',
  'closed',
  'cancelled',
] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];
export const RENTAL_EVENTS = [
  'agreementAccepted',
  'agreementExpired',
  'cancel',
  'pickupPaid',
  'pickupPhotos',
  'weeklyChargeFailed',
  'weeklyChargePaid',
  'endForNonPayment',
  'return',
  'openClaim',
  'acceptClaim',
  'claimUnanswered',
  'disputeClaim',
  'decideClaim',
  'depositSettled',
] as const;
export type RentalEvent = (typeof RENTAL_EVENTS)[number];

/** The statuses in which a rental holds its car's days (the exclusion constraint's WHERE repeats them). */
export const RENTAL_HOLDING_STATUSES = [
  'awaiting_agreement',
  'awaiting_pickup',
  'active',
  'payment_failed',
  'ended_nonpayment',
] as const satisfies readonly RentalStatus[];

/** The dashboard's groups of "My rentals". */
export const RENTAL_GROUPS = {
  upcoming: ['awaiting_agreement', 'awaiting_pickup'],
  active: ['active', 'payment_failed', 'ended_nonpayment', 'returned', 'claim_open', 'claim_disputed', 'claim_resolved'],
  past: ['closed', 'cancelled'],
} as const satisfies Record<string, readonly RentalStatus[]>;

/** Product rules of the issue (#32), one place. */
export const MAX_OPEN_REQUESTS_PER_DRIVER = 5;
export const REQUEST_DECISION_HOURS = 48;
export const AGREEMENT_HOURS = 48;
export const NON_PAYMENT_END_HOURS = 72;
export const CLAIM_WINDOW_HOURS = 24;
export const CLAIM_ANSWER_HOURS = 72;
export const DEPOSIT_REFUND_HOURS = 72;
export const MAX_RENTAL_WEEKS = 52;
/** How far ahead a rental may start. */
export const MAX_START_DAYS_AHEAD = 180;

/** The label's limits. */
export const MAX_RENTAL_DEPOSIT_DOLLARS = 10_000;
export const MAX_DEDUCTIBLE_DOLLARS = 10_000;
export const MAX_MIN_WEEKS = 52;
export const MAX_MILEAGE_CAP = 10_000;
export const MAX_INSURANCE_LIMITS_LENGTH = 200;

/** What a rental never includes: the label says so on every rental listing. */
export const NEVER_INCLUDED = ['tolls', 'tickets', 'fuel'] as const;

/**
 * The all-in cost label of a rental listing (cars and plates), as the API answers it (dollars).
 * `mileage_cap` is miles a week, null when `mileage_unlimited`.
 */
export interface RentalLabel {
  deposit: number;
  min_weeks: number;
  mileage_unlimited: boolean;
  mileage_cap: number | null;
  insurance_included: boolean;
  insurance_limits: string | null;
  tlc_plate_included: boolean;
  maintenance_included: boolean;
  deductible: number;
  remote_disabling: boolean;
}

/**
 * The "weekly cost" a driver compares, defined once: the weekly rent (a monthly rent × 12 / 52, rounded
 * to the cent). It is what leaves the driver's pocket every week for the car with everything the label
 * marks included. The deposit is not spread into it, because it comes back at the end (less an accepted
 * claim); the label shows it beside. Tolls, tickets and fuel or charging are never included and are extra.
 */
export function weeklyCostCents(priceCents: number, period: 'weekly' | 'monthly'): number {
  // The marketplace's weekly equivalent: the label, the per-week filter and the price sort compare one number.
  return weeklyEquivalentCents(priceCents, period);
}

/** The last day (exclusive) of a rental of `weeks` weeks from `startDate` (YYYY-MM-DD), as YYYY-MM-DD. */
export function rentalEndDate(startDate: string, weeks: number): string {
  const start = new Date(`${startDate}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + weeks * 7);
  return start.toISOString().slice(0, 10);
}

/** Today's date (YYYY-MM-DD) in New York, where the rentals are: the day a start date may not be before. */
export function todayInNewYork(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** `date` (YYYY-MM-DD) plus `days`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
