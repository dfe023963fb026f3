import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { rentalCharges, rentals } from '@medallion/db/schema';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { formatMessage } from '@medallion/contracts/messages';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { driverRentChargeKey, partiesOf, recordRentOutcome, type ClaimedCharge, type RentServices } from './charge-due-rent';

type ChargeRow = typeof rentalCharges.$inferSelect;

/** A week's answer: the charge, and while its 3-D Secure challenge is pending, its intent's client secret. */
export type WeekPayment = ChargeRow & { clientSecret?: string };

/**
 * The driver pays one week on our page (the link of a declined or 3-D Secure charge): on-session, so a
 * card that needs its holder is confirmed there. A week already paid answers with its charge (the same
 * answer, never a second charge); a week being charged right now is 409. Someone else's rental is 404.
 */
export async function payRentWeek(
  db: Database,
  gateway: PaymentGateway,
  driver: GatewayUser,
  input: { rentalId: string; week: number; paymentMethodId?: string },
  services: RentServices,
  now: Date,
): Promise<WeekPayment> {
  const week = await driversOpenWeek(db, gateway, driver, input, services, now);
  if ('answer' in week) return week.answer;
  const { rental, charge } = week;
  // Payable here: a week that needs its holder, was declined (waiting for its retry), or failed for good.
  const payable = charge.status === 'needs_action' || charge.status === 'failed' || (charge.status === 'due' && charge.attempts > 0);
  if (!payable) throw new AppError('CONFLICT', 'rentalPayment.weekNotPayable');
  let paymentMethodId = charge.paymentMethodId;
  if (input.paymentMethodId && input.paymentMethodId !== charge.paymentMethodId) {
    const method = await gateway.findPaymentMethod(driver, input.paymentMethodId);
    if (!method) throw new AppError('NOT_FOUND', 'payment.methodNotFound');
    paymentMethodId = method.id;
  }

  // The claim: conditional on the status read above, so the job and a second tab cannot both take it.
  const token = randomUUID();
  const attempt = charge.attempts + 1;
  const [claimed] = await db
    .update(rentalCharges)
    .set({
      status: 'processing',
      attempts: attempt,
      chargeKey: driverRentChargeKey(rental.id, charge.week, attempt),
      claimToken: token,
      paymentMethodId,
      leaseUntil: new Date(now.getTime() + 10 * 60_000),
      updatedAt: sql`now()`,
    })
    .where(and(eq(rentalCharges.id, charge.id), inArray(rentalCharges.status, ['needs_action', 'failed', 'due']), eq(rentalCharges.attempts, charge.attempts)))
    .returning();
  if (!claimed) {
    const [again] = await db.select().from(rentalCharges).where(eq(rentalCharges.id, charge.id));
    if (again?.status === 'succeeded') return again;
    throw new AppError('CONFLICT', 'payment.processing');
  }
  const row: ClaimedCharge = {
    id: claimed.id,
    rentalId: rental.id,
    week: claimed.week,
    amountCents: claimed.amountCents,
    attempts: claimed.attempts,
    chargeKey: claimed.chargeKey!,
    paymentMethodId,
    was: 'due',
  };
  const parties = (await partiesOf(db, [rental.id])).get(rental.id)!;
  let outcome;
  try {
    outcome = await gateway.charge({
      user: driver,
      paymentMethodId,
      amountCents: claimed.amountCents,
      idempotencyKey: row.chargeKey,
      description: `Medallion car rental: week ${claimed.week + 1}`,
      offSession: false,
    });
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', 'payment.unconfirmed');
  }
  if (outcome.status === 'requires_action') {
    // 3-D Secure: the week stays `processing` under this claim (its lease: the challenge's time) with its
    // intent's id; the confirm call reads the intent again. After the lease the job asks the provider,
    // which cancels an unfinished intent (findCharge), and the week is payable again.
    const [held] = await db
      .update(rentalCharges)
      .set({ providerPaymentId: outcome.providerPaymentId, updatedAt: sql`now()` })
      .where(and(eq(rentalCharges.id, charge.id), eq(rentalCharges.claimToken, token), eq(rentalCharges.status, 'processing')))
      .returning();
    if (held) return { ...held, clientSecret: outcome.clientSecret };
  }
  await recordRentOutcome(db, { token, row }, outcome, parties, services, now);
  services.mailer.deliverSoon();
  const [after] = await db.select().from(rentalCharges).where(eq(rentalCharges.id, charge.id));
  if (after!.status !== 'succeeded') throw new AppError('PAYMENT_FAILED', 'error.untranslated', { text: after!.failureMessage ?? 'The payment failed.' });
  return after!;
}

/** The driver's rental and its week's charge, or 404 (someone else's rental is "not found"). */
async function driversWeek(db: Database, driver: GatewayUser, input: { rentalId: string; week: number }) {
  if (!isUuid(input.rentalId)) throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
  const [rental] = await db.select().from(rentals).where(eq(rentals.id, input.rentalId));
  if (!rental || rental.driverId !== driver.id) throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
  const where = and(eq(rentalCharges.rentalId, rental.id), eq(rentalCharges.kind, 'week'), eq(rentalCharges.week, input.week));
  const [charge] = await db.select().from(rentalCharges).where(where);
  if (!charge) throw new AppError('NOT_FOUND', 'rentalPayment.weekNotFound');
  return { rental, charge };
}

/**
 * The driver's week, answered at once when it is paid or is waiting for the driver's challenge (a reload,
 * another tab, the confirm call: what its intent says now); 409 while a charge of it is under way.
 */
async function driversOpenWeek(
  db: Database,
  gateway: PaymentGateway,
  driver: GatewayUser,
  input: { rentalId: string; week: number },
  services: RentServices,
  now: Date,
): Promise<{ answer: WeekPayment } | Awaited<ReturnType<typeof driversWeek>>> {
  const { rental, charge } = await driversWeek(db, driver, input);
  if (charge.status === 'succeeded') return { answer: charge };
  if (charge.status === 'processing' && charge.providerPaymentId && charge.claimToken)
    return { answer: await resolveHeldWeek(db, gateway, rental, charge, services, now) };
  if (charge.status === 'processing') throw new AppError('CONFLICT', 'payment.processing');
  return { rental, charge };
}

/**
 * POST /rentals/:id/weeks/:week/confirm: after the driver's 3-D Secure challenge the server reads the
 * week's payment intent again (never the browser's word) and records the outcome under the week's claim
 * token, so this call, a repeat of it and the job record it once. A failed or closed challenge leaves the
 * week waiting for the driver again (nothing charged; they can try again).
 */
export async function confirmRentWeek(
  db: Database,
  gateway: PaymentGateway,
  driver: GatewayUser,
  input: { rentalId: string; week: number },
  services: RentServices,
  now: Date,
): Promise<WeekPayment> {
  const week = await driversOpenWeek(db, gateway, driver, input, services, now);
  if ('answer' in week) return week.answer;
  const { charge } = week;
  throw new AppError('PAYMENT_FAILED', 'error.untranslated', { text: charge.failureMessage ?? formatMessage('payment.notCompleted') });
}

async function resolveHeldWeek(
  db: Database,
  gateway: PaymentGateway,
  rental: typeof rentals.$inferSelect,
  charge: ChargeRow,
  services: RentServices,
  now: Date,
): Promise<WeekPayment> {
  let outcome;
  try {
    outcome = await gateway.retrieveCharge(charge.providerPaymentId!);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', 'payment.unconfirmed');
  }
  if (outcome.status === 'requires_action') return { ...charge, clientSecret: outcome.clientSecret };
  if (outcome.status === 'pending') throw new AppError('CONFLICT', 'payment.processing');
  const row: ClaimedCharge = {
    id: charge.id,
    rentalId: rental.id,
    week: charge.week,
    amountCents: charge.amountCents,
    attempts: charge.attempts,
    chargeKey: charge.chargeKey!,
    paymentMethodId: charge.paymentMethodId,
    was: 'due',
    rentalStatus: rental.status,
  };
  const parties = (await partiesOf(db, [rental.id])).get(rental.id)!;
  // A failed challenge: the card still needs its holder, so the week waits for the driver again (needs_action).
  const recorded = outcome.status === 'failed' ? { ...outcome, code: 'authentication_required' as const } : outcome;
  await recordRentOutcome(db, { token: charge.claimToken!, row }, recorded, parties, services, now);
  services.mailer.deliverSoon();
  const [after] = await db.select().from(rentalCharges).where(eq(rentalCharges.id, charge.id));
  if (after!.status === 'succeeded') return after!;
  if (after!.status === 'processing') throw new AppError('CONFLICT', 'payment.processing');
  throw new AppError('PAYMENT_FAILED', 'payment.authenticationFailed');
}
