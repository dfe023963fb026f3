import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { rentalCharges, rentals } from '@medallion/db/schema';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { partiesOf, recordRentOutcome, type ClaimedCharge, type RentServices } from './charge-due-rent';

type ChargeRow = typeof rentalCharges.$inferSelect;

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
): Promise<ChargeRow> {
  if (!isUuid(input.rentalId)) throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
  const [rental] = await db.select().from(rentals).where(eq(rentals.id, input.rentalId));
  if (!rental || rental.driverId !== driver.id) throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
  const where = and(eq(rentalCharges.rentalId, rental.id), eq(rentalCharges.kind, 'week'), eq(rentalCharges.week, input.week));
  const [charge] = await db.select().from(rentalCharges).where(where);
  if (!charge) throw new AppError('NOT_FOUND', 'rentalPayment.weekNotFound');
  if (charge.status === 'succeeded') return charge;
  if (charge.status === 'processing') throw new AppError('CONFLICT', 'payment.processing');
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
      chargeKey: `rental:${rental.id}:week:${charge.week}:session:${attempt}`,
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
  await recordRentOutcome(db, { token, row }, outcome, parties, services, now);
  services.mailer.deliverSoon();
  const [after] = await db.select().from(rentalCharges).where(eq(rentalCharges.id, charge.id));
  if (after!.status !== 'succeeded') throw new AppError('PAYMENT_FAILED', 'error.untranslated', { text: after!.failureMessage ?? 'The payment failed.' });
  return after!;
}
