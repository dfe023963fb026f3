import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@medallion/db/client';
import { listings, payments, rentalCharges, rentals } from '@medallion/db/schema';
import { formatCents } from '@medallion/contracts/formats';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { paymentReceipt } from '../payments/receipt-email';
import { requireAmount, runPurchase, type PaymentRow, type PurchaseKind, type PurchaseOptions } from '../payments/purchase';
import { applyRentalEventIfAllowed } from '../rentals/rental-lifecycle';
import { pickupAmountCents, PICKUP_RENTAL_STATUS } from './charged-statuses';

type RentalRow = typeof rentals.$inferSelect;

/** The one key of a rental's pick-up payment: a rental's deposit and first week are charged at most once. */
export const rentalPickupKey = (rentalId: string) => `rental:${rentalId}:pickup`;

/** The car's name in e-mails: its listing's title. */
export async function carTitle(tx: Pick<Database, 'select'>, listingId: string): Promise<string> {
  const [row] = await tx.select({ title: listings.title }).from(listings).where(eq(listings.id, listingId));
  return row?.title ?? '';
}

/**
 * The pick-up is paid: the deposit and week 1 are written as the rental's first charges (the card of
 * this payment is the one the weekly job charges), and the rental becomes active (the lifecycle's
 * `pickupPaid`). Nothing to give back on a release: the rental stays waiting for its pick-up payment.
 */
export const rentalPickupPurchase: PurchaseKind = {
  purpose: 'rental',
  start: (db, gateway, user, input, options) =>
    payRentalPickup(db, gateway, user, { rentalId: input['rental-id'] ?? '', amount: input['payment-amount'], paymentMethodId: input['user-pm'] }, options),
  async settle(tx, payment, owner, services) {
    const [rental] = await tx.select().from(rentals).where(eq(rentals.id, payment.reference));
    if (!rental) return;
    const paid = {
      status: 'succeeded' as const,
      paymentId: payment.id,
      providerPaymentId: payment.providerPaymentId,
      paidAt: sql`now()`,
      paymentMethodId: payment.paymentMethodId,
    };
    await tx
      .insert(rentalCharges)
      .values([
        { rentalId: rental.id, kind: 'deposit', week: 0, amountCents: rental.depositCents, dueDate: rental.startDate, ...paid },
        // Weeks are numbered 0…weeks−1 (the core's schedule); week 0 is paid with the deposit.
        { rentalId: rental.id, kind: 'week', week: 0, amountCents: rental.weeklyRentCents, dueDate: rental.startDate, ...paid },
      ])
      .onConflictDoNothing();
    // awaiting_pickup → active once the pick-up photos are in too (the core's rule); the payment is stamped either way.
    await applyRentalEventIfAllowed(tx, rental.id, 'pickupPaid', { by: 'system' });
    const car = await carTitle(tx, rental.listingId);
    await services.mailer.send(
      paymentReceipt(owner, payment, { key: 'receipt.rentalPickup', params: { car, deposit: formatCents(rental.depositCents, 'en') } }),
      tx,
    );
  },
  async release() {},
};

/** The driver's rental, locked for this transaction, or 404 (someone else's rental is "not found"). */
async function lockDriversRental(tx: Transaction, rentalId: string, driverId: string): Promise<RentalRow> {
  const [rental] = await tx.select().from(rentals).where(eq(rentals.id, rentalId)).for('update');
  if (!rental || rental.driverId !== driverId) throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
  return rental;
}

/**
 * Pick-up: the driver pays the deposit and the first week in one charge, through the one payment path.
 * One key per rental, and the rental row is locked while it is claimed: a double click, parallel calls
 * and a retry answer with the one successful payment; a declined card leaves the rental waiting.
 */
export async function payRentalPickup(
  db: Database,
  gateway: PaymentGateway,
  user: GatewayUser,
  input: { rentalId: string; amount: number; paymentMethodId: string },
  options: PurchaseOptions,
): Promise<PaymentRow> {
  if (!isUuid(input.rentalId)) throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
  const [rental] = await db.select({ driverId: rentals.driverId }).from(rentals).where(eq(rentals.id, input.rentalId));
  if (!rental || rental.driverId !== user.id) throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
  const key = rentalPickupKey(input.rentalId);
  // Paid before: the same answer, never a second charge (whatever amount or card the repeat sends).
  const [paidBefore] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.idempotencyKey, key), eq(payments.status, 'succeeded')));
  if (paidBefore) return paidBefore;
  return runPurchase(
    db,
    gateway,
    {
      kind: rentalPickupPurchase,
      user,
      key,
      reference: input.rentalId,
      paymentMethodId: input.paymentMethodId,
      description: 'Medallion car rental: deposit and week 1',
      async claim(tx) {
        const rental = await lockDriversRental(tx, input.rentalId, user.id);
        if (rental.status !== PICKUP_RENTAL_STATUS) throw new AppError('CONFLICT', 'rentalPayment.pickupNotReady');
        requireAmount(input.amount, pickupAmountCents(rental));
        return { amountCents: pickupAmountCents(rental) };
      },
    },
    options,
  );
}
