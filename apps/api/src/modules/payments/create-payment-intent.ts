import type { z } from 'zod';
import type { createPaymentIntentRequestSchema, CreatePaymentIntentResponse } from '@medallion/contracts/payments';
import type { Database } from '@medallion/db/client';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { AppError } from '../../lib/app-error';
import { buyExamAccess } from '../exam/buy-exam-access';
import { payCart } from '../shop/checkout-cart';
import { payListingFee } from './pay-listing-fee';
import type { PaymentRow, PurchaseOptions } from './purchase';

type Input = z.output<typeof createPaymentIntentRequestSchema>;

function toResponse(row: PaymentRow): CreatePaymentIntentResponse {
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
 * POST /payments/create-payment-intent: charges a saved card for a listing fee, the selected cart
 * items or exam access. Each goes through the one payment path (purchase.ts); the server computes
 * the amount, and a different client amount is refused and never charged.
 */
export async function createPaymentIntent(
  db: Database,
  gateway: PaymentGateway,
  user: GatewayUser,
  input: Input,
  options: PurchaseOptions,
): Promise<CreatePaymentIntentResponse> {
  if (input['listing-id'] !== undefined) {
    return toResponse(
      await payListingFee(db, gateway, user, { listingId: input['listing-id'], amount: input['payment-amount'], paymentMethodId: input['user-pm'] }, options),
    );
  }
  const transactionId = input['transaction-id'];
  if (!transactionId) throw new AppError('VALIDATION_ERROR', 'payment.transactionIdRequired').on('transaction-id');
  if (input['transaction-type'] === 'exam') {
    return toResponse(
      await buyExamAccess(
        db,
        gateway,
        user,
        { transactionId, paymentMethodId: input['user-pm'], amount: input['payment-amount'], promoCode: input['referal-code'] },
        options,
      ),
    );
  }
  // The cart: the selected items and the delivery address travel with the payment.
  if (!input['cart-ids']) {
    throw new AppError('VALIDATION_ERROR', 'cartNothingSelected').on('cart-ids');
  }
  return toResponse(
    await payCart(
      db,
      gateway,
      user,
      { transactionId, cartIds: input['cart-ids'], address: input['delivery-address'], amount: input['payment-amount'], paymentMethodId: input['user-pm'] },
      options,
    ),
  );
}
