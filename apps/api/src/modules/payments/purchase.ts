import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createPaymentIntentRequestSchema } from '@medallion/contracts/payments';
import type { Database, DbExecutor, Transaction } from '@medallion/db/client';
import { payments, user as users } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { formatMessage, MESSAGES } from '@medallion/contracts/messages';
import { AppError } from '../../lib/app-error';
import { formatCents } from '@medallion/contracts/formats';

/**
 * The one payment path of the three purchases (listing fee, cart, exam access):
 *
 *   claim   one transaction inserts the payment row (its key is unique: a repeated request finds it)
 *           and claims the goods under a row lock or a conditional update; the amount is computed
 *           there. A request that loses the claim gets a 409 and nothing is charged.
 *   charge  the card is charged once, with a key of its own per payment row.
 *   settle  one transaction moves the payment processing → succeeded and gives what the charge
 *           bought, computed in that transaction (e.g. the exam's new expiry, read under lock).
 *   release one transaction moves it processing → failed and gives the goods back.
 *
 * Settle and release are conditional on `processing`, so the request, the Stripe webhook and the
 * recovery job (recover-payments.ts) can race and each purchase is still settled or released once.
 * Each kind of goods states its rules once, in a PurchaseKind (purchase-kinds.ts lists them).
 */

export type PaymentRow = typeof payments.$inferSelect;
export type Purpose = PaymentRow['purpose'];

/**
 * What a purchase answers: the payment; while it is still `processing` because the card's bank wants its
 * holder (3-D Secure), also the client secret of its payment intent, for the browser's challenge.
 */
export type PurchaseResult = PaymentRow & { clientSecret?: string };

/** What settling and releasing need besides the database. */
export interface PurchaseServices {
  mailer: Mailer;
  staffEmail: string;
  publicUrl: string;
  shippingCents: number;
  /** Advertising conversion hook (fire-and-forget); undefined = off. */
  onPaidOrder?: (order: { orderId: string; totalCents: number }) => void;
}

export interface PaymentOwner {
  id: string;
  email: string;
  name: string;
}

/** The body of POST /payments/create-payment-intent, which starts every kind of purchase. */
export type PaymentIntentInput = z.output<typeof createPaymentIntentRequestSchema>;

/**
 * The rules of one kind of goods: how a payment request starts it (the kind reads the fields it
 * needs), what the charge buys, and how it is given back.
 */
export interface PurchaseKind {
  readonly purpose: Purpose;
  start(db: Database, gateway: PaymentGateway, user: GatewayUser, input: PaymentIntentInput, options: PurchaseOptions): Promise<PurchaseResult>;
  /** In the settling transaction. May return work to run after the commit (e.g. a webhook call). */
  settle(tx: Transaction, payment: PaymentRow, owner: PaymentOwner, services: PurchaseServices): Promise<void | (() => void)>;
  /** In the releasing transaction: give back what the claim took (stock, cart items, a promo redemption). */
  release(tx: Transaction, payment: PaymentRow, services: PurchaseServices): Promise<void>;
}

/** A checkout attempt (exam, cart) is named by the client's transaction id, so it is charged at most once. */
export function requireTransactionId(input: PaymentIntentInput): string {
  const transactionId = input['transaction-id'];
  if (!transactionId) throw new AppError('VALIDATION_ERROR', 'payment.transactionIdRequired').on('transaction-id');
  return transactionId;
}

/** The server computes every amount: a client amount that differs is refused (with the right one) and never charged. */
export function requireAmount(sentCents: number, dueCents: number): void {
  if (sentCents !== dueCents) {
    throw new AppError('AMOUNT_MISMATCH', 'payment.amountIs', { amount: formatCents(dueCents, 'en'), cents: dueCents }).on('payment-amount');
  }
}

export interface PurchaseRequest {
  kind: PurchaseKind;
  user: GatewayUser;
  /** Our idempotency key: a repeated request with it answers with the same payment. */
  key: string;
  reference: string;
  paymentMethodId: string;
  description: string;
  /**
   * In the claiming transaction, after the payment row is written: claim the goods (row lock or
   * conditional update), check the client's amount against the server's, and return the amount.
   * Throwing an AppError refuses the purchase and rolls the claim back.
   */
  claim(tx: Transaction, payment: PaymentRow): Promise<{ amountCents: number; promoCode?: string }>;
}

export interface PurchaseOptions {
  services: PurchaseServices;
  /** A payment older than this in `processing` is recovered inline when it is asked for again. */
  leaseMs: number;
}

/** The reasons of a failed charge we have a key for (gateways report them, and payments store them, as English text). */
const FAILURE_KEYS = [
  'payment.cardDeclined',
  'payment.cardExpired',
  'payment.cardCvcIncorrect',
  'payment.insufficientFunds',
  'payment.cardNumberIncorrect',
  'payment.needsMoreSteps',
  'payment.authenticationFailed',
  'payment.failed',
  'payment.notCompleted',
] as const;

/**
 * PAYMENT_FAILED with the reason of the charge: its key when it is one of ours, else the card
 * provider's own text as written (Stripe explains a decline in words we have no key for).
 */
function paymentFailed(reason: string): AppError {
  const key = FAILURE_KEYS.find((k) => MESSAGES[k] === reason);
  return key ? new AppError('PAYMENT_FAILED', key) : new AppError('PAYMENT_FAILED', 'error.untranslated', { text: reason });
}

/**
 * Runs one purchase; answers with the succeeded payment (the same one for a repeated request), or with
 * the payment still `processing` and its intent's client secret when the card needs its holder
 * (3-D Secure): the browser runs the challenge and then asks `confirmPurchase`.
 */
export async function runPurchase(db: Database, gateway: PaymentGateway, request: PurchaseRequest, options: PurchaseOptions): Promise<PurchaseResult> {
  const repeated = await answerRepeat(db, gateway, request, options);
  if (repeated) return repeated;

  const method = await gateway.findPaymentMethod(request.user, request.paymentMethodId);
  if (!method) throw new AppError('NOT_FOUND', 'payment.methodNotFound');

  const claimed = await db.transaction(async (tx) => {
    const id = randomUUID();
    const [row] = await tx
      .insert(payments)
      .values({
        id,
        userId: request.user.id,
        purpose: request.kind.purpose,
        reference: request.reference,
        amountCents: 0,
        status: 'processing',
        provider: gateway.kind,
        paymentMethodId: method.id,
        idempotencyKey: request.key,
        chargeKey: `payment:${id}`,
        cardBrand: method.brand,
        cardLast4: method.last4,
      })
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning();
    if (!row) return null;
    const { amountCents, promoCode } = await request.claim(tx, row);
    const [priced] = await tx
      .update(payments)
      .set({ amountCents, promoCode: promoCode ?? null })
      .where(eq(payments.id, row.id))
      .returning();
    return priced!;
  });
  if (!claimed) {
    // A parallel request with the same key won the insert.
    const again = await answerRepeat(db, gateway, request, options);
    if (again) return again;
    throw new AppError('CONFLICT', 'payment.processing');
  }

  let result;
  try {
    result = await gateway.charge({
      user: request.user,
      paymentMethodId: method.id,
      amountCents: claimed.amountCents,
      idempotencyKey: claimed.chargeKey!,
      description: request.description,
      // The buyer is on our page: a card that needs 3-D Secure gets its challenge instead of a decline.
      offSession: false,
    });
  } catch {
    // The provider's answer was lost: the charge may or may not have happened. The payment stays in
    // `processing` (its goods stay claimed) until the recovery job asks the provider what happened.
    throw new AppError('SERVICE_UNAVAILABLE', 'payment.unconfirmed');
  }
  if (result.status === 'failed') {
    await releasePayment(db, request.kind, claimed.id, { message: result.message, providerPaymentId: result.providerPaymentId }, options.services);
    throw paymentFailed(result.message);
  }
  if (result.status === 'requires_action') return awaitHolder(db, claimed.id, result.providerPaymentId, result.clientSecret);
  const { row: settled } = await settlePayment(db, request.kind, claimed.id, result.providerPaymentId, options.services);
  if (settled.status !== 'succeeded') {
    // Released by the recovery job while the provider still answered: never report it as paid.
    throw settled.failureMessage ? paymentFailed(settled.failureMessage) : new AppError('PAYMENT_FAILED', 'payment.notCompleted');
  }
  return settled;
}

/**
 * The payment waits for its holder's 3-D Secure challenge: it stays `processing` (its goods stay claimed)
 * with its intent's id, so the confirm call, the webhook or the recovery job (after the lease: the intent
 * is canceled) settles or releases it once.
 */
async function awaitHolder(db: Database, paymentId: string, providerPaymentId: string, clientSecret: string): Promise<PurchaseResult> {
  const [row] = await db
    .update(payments)
    .set({ providerPaymentId })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'processing')))
    .returning();
  const current = row ?? (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
  return current.status === 'processing' ? { ...current, clientSecret } : current;
}

/**
 * After the browser ran a 3-D Secure challenge (or to ask again): the payment's intent is read again at
 * the provider, never taken from the browser, and the payment is settled (succeeded), released (the
 * holder failed or closed the challenge: nothing charged, the purchase can be tried again) or answered
 * as still waiting for its holder (its client secret again). Settle and release are conditional, so
 * this call, a repeat of it, the webhook and the recovery job settle a payment once.
 */
export async function confirmPurchase(
  db: Database,
  gateway: PaymentGateway,
  user: GatewayUser,
  paymentId: string,
  options: PurchaseOptions,
  kinds: Record<Purpose, PurchaseKind>,
): Promise<PurchaseResult> {
  const [payment] = /^[0-9a-f-]{36}$/i.test(paymentId)
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.userId, user.id)))
    : [];
  if (!payment) throw new AppError('NOT_FOUND', 'payment.notFound');
  return resolveHeldPayment(db, gateway, kinds[payment.purpose], payment, options);
}

async function resolveHeldPayment(
  db: Database,
  gateway: PaymentGateway,
  kind: PurchaseKind,
  payment: PaymentRow,
  options: PurchaseOptions,
): Promise<PurchaseResult> {
  if (payment.status === 'succeeded') return payment;
  if (payment.status === 'failed') throw paymentFailed(payment.failureMessage ?? formatMessage('payment.notCompleted'));
  // Still `processing` without an intent: the charge is in flight (or its answer was lost).
  if (!payment.providerPaymentId) throw new AppError('CONFLICT', 'payment.processing');
  let outcome;
  try {
    outcome = await gateway.retrieveCharge(payment.providerPaymentId);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', 'payment.unconfirmed');
  }
  switch (outcome.status) {
    case 'requires_action':
      return { ...payment, clientSecret: outcome.clientSecret };
    case 'pending':
      throw new AppError('CONFLICT', 'payment.processing');
    case 'failed': {
      const { row } = await releasePayment(db, kind, payment.id, { message: outcome.message, providerPaymentId: outcome.providerPaymentId }, options.services);
      if (row.status === 'succeeded') return row;
      throw paymentFailed(row.failureMessage ?? outcome.message);
    }
    case 'succeeded': {
      const { row } = await settlePayment(db, kind, payment.id, outcome.providerPaymentId, options.services);
      if (row.status !== 'succeeded') throw row.failureMessage ? paymentFailed(row.failureMessage) : new AppError('PAYMENT_FAILED', 'payment.notCompleted');
      return row;
    }
  }
}

/** A request whose key already has a payment: the same answer, never a second charge. */
async function answerRepeat(db: Database, gateway: PaymentGateway, request: PurchaseRequest, options: PurchaseOptions): Promise<PurchaseResult | null> {
  const [existing] = await db.select().from(payments).where(eq(payments.idempotencyKey, request.key));
  if (!existing) return null;
  if (existing.status === 'succeeded') return existing;
  if (existing.providerPaymentId && existing.userId === request.user.id) {
    // Waiting for its holder's challenge (another tab, a reload): its intent says what it is now.
    try {
      return await resolveHeldPayment(db, gateway, request.kind, existing, options);
    } catch (error) {
      // Released just now (the challenge failed): this request is a new attempt.
      if (error instanceof AppError && error.code === 'PAYMENT_FAILED') return null;
      throw error;
    }
  }
  // Failed attempts give their key up (see releasePayment), so what is left is `processing`.
  if (existing.updatedAt.getTime() < Date.now() - options.leaseMs) {
    const recovered = await recoverPayment(db, gateway, request.kind, existing.id, options);
    if (recovered?.status === 'succeeded') return recovered;
    if (recovered?.status === 'failed') return null; // given back: this request is a new attempt
  }
  throw new AppError('CONFLICT', 'payment.processing');
}

async function ownerOf(tx: DbExecutor, userId: string): Promise<PaymentOwner> {
  const [owner] = await tx.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  // Payments cascade with their user, so a payment always has one.
  return owner!;
}

/** What a settle or release did: `changed` is false when the payment had already left `processing`. */
export interface Transition {
  row: PaymentRow;
  changed: boolean;
}

/** processing → succeeded, and the goods are given (once: the update is conditional). */
export async function settlePayment(
  db: Database,
  kind: PurchaseKind,
  paymentId: string,
  providerPaymentId: string | null,
  services: PurchaseServices,
): Promise<Transition> {
  const { row, after } = await db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payments)
      .set({ status: 'succeeded', providerPaymentId, updatedAt: sql`now()` })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'processing')))
      .returning();
    if (!paid) return { row: null, after: undefined };
    const after = await kind.settle(tx, paid, await ownerOf(tx, paid.userId), services);
    // The settle may have written what the charge bought (the exam's expiry): answer with that.
    const [final] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    return { row: final!, after };
  });
  if (!row) return { row: (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!, changed: false };
  services.mailer.deliverSoon();
  if (after) after();
  return { row, changed: true };
}

/**
 * processing → failed, and the goods are given back. The attempt keeps its record under a key of its
 * own, so the purchase's key is free for the next attempt (a retry after a declined card).
 */
export async function releasePayment(
  db: Database,
  kind: PurchaseKind,
  paymentId: string,
  failure: { message: string; providerPaymentId: string | null },
  services: PurchaseServices,
): Promise<Transition> {
  const row = await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(payments)
      .set({
        status: 'failed',
        failureMessage: failure.message,
        providerPaymentId: failure.providerPaymentId,
        idempotencyKey: sql`${payments.idempotencyKey} || ':failed:' || ${payments.id}`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'processing')))
      .returning();
    if (failed) await kind.release(tx, failed, services);
    return failed ?? null;
  });
  if (row) return { row, changed: true };
  return { row: (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!, changed: false };
}

/**
 * Takes the lease of payments left in `processing` for longer than leaseMs (all of them, or one), so
 * only one process recovers each: SKIP LOCKED passes over rows another process is taking, and the
 * new updated_at keeps them from being taken again before this lease runs out.
 */
export async function leaseStalePayments(db: Database, leaseMs: number, options: { limit: number; paymentId?: string }): Promise<PaymentRow[]> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'processing'),
          lt(payments.updatedAt, sql`now() - ${`${Math.max(0, Math.floor(leaseMs))} milliseconds`}::interval`),
          options.paymentId ? eq(payments.id, options.paymentId) : undefined,
        ),
      )
      .orderBy(payments.updatedAt)
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (stale.length === 0) return [];
    await tx
      .update(payments)
      .set({ updatedAt: sql`now()` })
      .where(
        inArray(
          payments.id,
          stale.map((p) => p.id),
        ),
      );
    return stale;
  });
}

/**
 * Asks the provider what happened to one leased payment's charge and settles or releases it.
 * Returns the payment as it is afterwards (still `processing`, unchanged, while the provider is still
 * working on it).
 */
export async function resolveWithProvider(
  db: Database,
  gateway: PaymentGateway,
  kind: PurchaseKind,
  payment: PaymentRow,
  services: PurchaseServices,
): Promise<Transition> {
  const owner = await ownerOf(db, payment.userId);
  const outcome = await gateway.findCharge({ user: owner, idempotencyKey: payment.chargeKey ?? payment.idempotencyKey });
  switch (outcome.status) {
    case 'succeeded':
      return settlePayment(db, kind, payment.id, outcome.providerPaymentId, services);
    case 'failed':
      return releasePayment(db, kind, payment.id, { message: outcome.message, providerPaymentId: outcome.providerPaymentId }, services);
    case 'not_found':
      // The process stopped before the charge reached the provider: nothing was charged.
      return releasePayment(db, kind, payment.id, { message: formatMessage('payment.notCompleted'), providerPaymentId: null }, services);
    case 'pending':
    case 'requires_action':
      return { row: payment, changed: false };
  }
}

/** One payment, recovered now if its lease ran out (a repeated request found it stuck). */
async function recoverPayment(db: Database, gateway: PaymentGateway, kind: PurchaseKind, paymentId: string, options: PurchaseOptions) {
  const [leased] = await leaseStalePayments(db, options.leaseMs, { limit: 1, paymentId });
  if (!leased) return null;
  return (await resolveWithProvider(db, gateway, kind, leased, options.services)).row;
}
