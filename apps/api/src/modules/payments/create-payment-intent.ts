import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type {
  createPaymentIntentRequestSchema} from '@medallion/contracts/payments';
import {
  EXAM_ACCESS_MONTHS,
  EXAM_PRICE_CENTS,
  type CreatePaymentIntentResponse,
} from '@medallion/contracts/payments';
import type { z } from 'zod';
import type { Database } from '@medallion/db/client';
import { payments } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { payListingFee } from './pay-listing-fee';
import { payCart, type CartCheckoutOptions } from '../shop/checkout-cart';
import { VALIDATION_MESSAGES } from '@medallion/contracts/validation';
import { promoDiscount, redeemPromo, releasePromo } from '../exam/promo-codes';
import { receiptEmail } from './receipt-email';
import { AppError } from '../../lib/app-error';

type Input = z.output<typeof createPaymentIntentRequestSchema>;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export const INVALID_PROMO = 'Invalid promo code';

function toResponse(row: typeof payments.$inferSelect): CreatePaymentIntentResponse {
  return {
    data: {
      'payment-id': row.id,
      status: 'succeeded',
      amount: row.amountCents,
      'access-expiry': row.accessExpiry ? row.accessExpiry.toISOString() : null,
    },
  };
}

/**
 * Charges a saved card for one purpose. The server computes the amount; a different client amount is
 * refused and never charged. The idempotency key (purpose + user + transaction id) makes double clicks,
 * retries and parallel calls charge once.
 */
export async function createPaymentIntent(
  db: Database,
  gateway: PaymentGateway,
  user: GatewayUser,
  input: Input,
  options: { mailer: Mailer; staffEmail: string; publicUrl: string } & Pick<CartCheckoutOptions, 'shippingCents' | 'onPaidOrder'>,
): Promise<CreatePaymentIntentResponse> {
  if (input['listing-id'] !== undefined) {
    return payListingFee(
      db,
      gateway,
      user,
      { listingId: input['listing-id'], amount: input['payment-amount'], paymentMethodId: input['user-pm'] },
      options,
    );
  }
  if (!input['transaction-id']) {
    throw new AppError('VALIDATION_ERROR', 'A transaction id is required.', { 'transaction-id': 'A transaction id is required.' });
  }
  if (input['transaction-type'] !== 'exam') {
    // The cart: the selected items and the delivery address travel with the payment.
    if (!input['cart-ids']) {
      throw new AppError('VALIDATION_ERROR', VALIDATION_MESSAGES.cartNothingSelected, { 'cart-ids': VALIDATION_MESSAGES.cartNothingSelected });
    }
    return payCart(
      db,
      gateway,
      user,
      {
        transactionId: input['transaction-id'],
        cartIds: input['cart-ids'],
        address: input['delivery-address'],
        amount: input['payment-amount'],
        paymentMethodId: input['user-pm'],
      },
      { mailer: options.mailer, shippingCents: options.shippingCents, onPaidOrder: options.onPaidOrder },
    );
  }

  const idempotencyKey = `exam:${user.id}:${input['transaction-id']}`;
  const [previous] = await db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
  if (previous?.status === 'succeeded') return toResponse(previous);

  // Buying again while access is active extends it from the current expiry (server clock).
  const [active] = await db
    .select({ accessExpiry: payments.accessExpiry })
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.purpose, 'exam'), eq(payments.status, 'succeeded'), gt(payments.accessExpiry, sql`now()`)))
    .orderBy(desc(payments.accessExpiry))
    .limit(1);

  const code = input['referal-code']?.trim() ?? '';
  let amount: number = EXAM_PRICE_CENTS;
  if (code) {
    const discount = await promoDiscount(db, code);
    if (discount === 0) throw new AppError('BAD_REQUEST', INVALID_PROMO, { 'referal-code': INVALID_PROMO });
    amount = EXAM_PRICE_CENTS - discount;
  }
  if (input['payment-amount'] !== amount) {
    throw new AppError('AMOUNT_MISMATCH', `The amount to pay is ${dollars(amount)} (${amount} cents).`, {
      'payment-amount': String(amount),
    });
  }

  const method = await gateway.findPaymentMethod(user, input['user-pm']);
  if (!method) throw new AppError('NOT_FOUND', 'Payment method not found.');

  const [claimed] = await db
    .insert(payments)
    .values({
      userId: user.id,
      purpose: 'exam',
      reference: input['transaction-id'],
      amountCents: amount,
      status: 'processing',
      provider: gateway.kind,
      paymentMethodId: method.id,
      idempotencyKey,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();

  if (!claimed) {
    const [existing] = await db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
    if (existing?.status === 'succeeded') return toResponse(existing);
    if (existing?.status === 'failed') throw new AppError('PAYMENT_FAILED', existing.failureMessage ?? 'The payment did not go through.');
    throw new AppError('CONFLICT', 'This payment is already being processed.');
  }
  // One redemption per payment, taken atomically (an exhausted code fails here, not after charging).
  if (code && !(await redeemPromo(db, code))) {
    await db
      .update(payments)
      .set({ status: 'failed', failureMessage: INVALID_PROMO, idempotencyKey: `${idempotencyKey}:promo:${claimed.id}`, updatedAt: new Date() })
      .where(eq(payments.id, claimed.id));
    throw new AppError('BAD_REQUEST', INVALID_PROMO, { 'referal-code': INVALID_PROMO });
  }

  const result = await gateway.charge({
    user,
    paymentMethodId: method.id,
    amountCents: amount,
    idempotencyKey,
    description: 'Medallion practice exam: 3 months of full access',
  });
  if (result.status === 'failed') {
    await db
      .update(payments)
      .set({ status: 'failed', failureMessage: result.message, providerPaymentId: result.providerPaymentId, updatedAt: new Date() })
      .where(eq(payments.id, claimed.id));
    if (code) await releasePromo(db, code);
    throw new AppError('PAYMENT_FAILED', result.message);
  }
  const [paid] = await db
    .update(payments)
    .set({
      status: 'succeeded',
      providerPaymentId: result.providerPaymentId,
      accessExpiry: sql`greatest(now(), ${active?.accessExpiry ?? new Date(0)}::timestamptz) + ${`${EXAM_ACCESS_MONTHS} months`}::interval`,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, claimed.id))
    .returning();
  await options.mailer.send(
    receiptEmail({
      to: user.email,
      name: user.name,
      paymentId: paid!.id,
      description: { en: 'Practice exam: 3 months of full access', ru: 'Пробный экзамен: полный доступ на 3 месяца' },
      amountCents: paid!.amountCents,
      card: { brand: method.brand, last4: method.last4 },
      paidAt: paid!.updatedAt,
      accessExpiry: paid!.accessExpiry,
    }),
  );
  return toResponse(paid!);
}
