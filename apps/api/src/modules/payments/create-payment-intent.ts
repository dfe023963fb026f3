import type { CreatePaymentIntentResponse } from '@medallion/contracts/payments';
import type { Database } from '@medallion/db/client';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { PURCHASE_KINDS } from './purchase-kinds';
import type { PaymentIntentInput, PaymentRow, PurchaseOptions, Purpose } from './purchase';

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

/** What a request buys: a listing fee names its listing, exam access says so, anything else is the cart. */
function purposeOf(input: PaymentIntentInput): Purpose {
  if (input['listing-id'] !== undefined) return 'listing';
  if (input['rental-id'] !== undefined) return 'rental';
  return input['transaction-type'] === 'exam' ? 'exam' : 'cart';
}

/**
 * POST /payments/create-payment-intent: charges a saved card for a listing fee, the selected cart
 * items or exam access. Each kind starts its purchase from the request (purchase-kinds.ts) and goes
 * through the one payment path (purchase.ts); the server computes the amount, and a different client
 * amount is refused and never charged.
 */
export async function createPaymentIntent(
  db: Database,
  gateway: PaymentGateway,
  user: GatewayUser,
  input: PaymentIntentInput,
  options: PurchaseOptions,
): Promise<CreatePaymentIntentResponse> {
  return toResponse(await PURCHASE_KINDS[purposeOf(input)].start(db, gateway, user, input, options));
}
