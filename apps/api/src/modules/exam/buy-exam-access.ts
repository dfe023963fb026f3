import { and, eq, ne, sql } from 'drizzle-orm';
import { EXAM_ACCESS_MONTHS } from '@medallion/contracts/payments';
import type { Database, Transaction } from '@medallion/db/client';
import { payments, user as users } from '@medallion/db/schema';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { AppError } from '../../lib/app-error';
import { paymentReceipt } from '../payments/receipt-email';
import { requireAmount, requireTransactionId, runPurchase, type PaymentRow, type PurchaseKind, type PurchaseOptions } from '../payments/purchase';
import { quoteExamPrice } from './exam-price';
import { redeemPromo, releasePromo } from './promo-codes';

/** The one key of an exam checkout attempt. */
export const examPaymentKey = (userId: string, transactionId: string) => `exam:${userId}:${transactionId}`;

/**
 * Serializes a user's exam purchases: claims and settles of one user wait for each other here. NO KEY
 * UPDATE, because the claiming transaction has already inserted a payment that references the user
 * (a KEY SHARE lock); FOR UPDATE would make two claims deadlock on each other.
 */
async function lockBuyer(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * Exam access: each settled charge buys EXAM_ACCESS_MONTHS more, counted from the later of
 * now and the current expiry, which is read under the buyer's lock in the settling transaction, so
 * N settled charges always give N × 3 months.
 */
export const examPurchase: PurchaseKind = {
  purpose: 'exam',
  start: (db, gateway, user, input, options) =>
    buyExamAccess(
      db,
      gateway,
      user,
      { transactionId: requireTransactionId(input), paymentMethodId: input['user-pm'], amount: input['payment-amount'], promoCode: input['referal-code'] },
      options,
    ),
  async settle(tx, payment, owner, services) {
    await lockBuyer(tx, payment.userId);
    const [current] = await tx
      .select({ accessExpiry: payments.accessExpiry })
      .from(payments)
      .where(and(eq(payments.userId, payment.userId), eq(payments.purpose, 'exam'), eq(payments.status, 'succeeded'), ne(payments.id, payment.id)))
      .orderBy(sql`${payments.accessExpiry} desc nulls last`)
      .limit(1);
    const [paid] = await tx
      .update(payments)
      .set({
        accessExpiry: sql`greatest(now(), ${current?.accessExpiry ?? new Date(0)}::timestamptz) + ${`${EXAM_ACCESS_MONTHS} months`}::interval`,
      })
      .where(eq(payments.id, payment.id))
      .returning();
    await services.mailer.send(paymentReceipt(owner, paid!, { key: 'receipt.examAccess', params: { count: EXAM_ACCESS_MONTHS } }), tx);
  },
  async release(tx, payment) {
    if (payment.promoCode) await releasePromo(tx, payment.promoCode);
  },
};

/**
 * Pays for exam access. The server computes the amount (the price, less a valid promo code); a
 * different client amount is refused and never charged. One exam payment per user is processing at a
 * time: a parallel purchase is refused with a 409, so a double submit from two tabs charges once.
 */
export async function buyExamAccess(
  db: Database,
  gateway: PaymentGateway,
  user: GatewayUser,
  input: { transactionId: string; paymentMethodId: string; amount: number; promoCode: string | undefined },
  options: PurchaseOptions,
): Promise<PaymentRow> {
  const code = input.promoCode?.trim() ?? '';
  return runPurchase(
    db,
    gateway,
    {
      kind: examPurchase,
      user,
      key: examPaymentKey(user.id, input.transactionId),
      reference: input.transactionId,
      paymentMethodId: input.paymentMethodId,
      description: 'Medallion practice exam: 3 months of full access',
      async claim(tx, payment) {
        await lockBuyer(tx, user.id);
        const [other] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.userId, user.id), eq(payments.purpose, 'exam'), eq(payments.status, 'processing'), ne(payments.id, payment.id)))
          .limit(1);
        if (other) throw new AppError('CONFLICT', 'exam.purchaseInProgress');

        const price = await quoteExamPrice(tx, code);
        if (code && !price.valid) throw new AppError('BAD_REQUEST', 'exam.invalidPromo').on('referal-code');
        const amount = price.price_cents;
        requireAmount(input.amount, amount);
        // One redemption per payment, taken in the claim (an exhausted code fails here, before any charge).
        if (code && !(await redeemPromo(tx, code))) throw new AppError('BAD_REQUEST', 'exam.invalidPromo').on('referal-code');
        return { amountCents: amount, promoCode: code ? code.toUpperCase() : undefined };
      },
    },
    options,
  );
}
