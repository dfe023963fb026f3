import type { CreatePaymentIntentResponse, NextAction } from '@medallion/contracts/payments';
import type { Database } from '@medallion/db/client';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { PURCHASE_KINDS } from './purchase-kinds';
import { confirmPurchase, type PaymentIntentInput, type PurchaseOptions, type PurchaseResult, type Purpose } from './purchase';

/** What the browser's Stripe.js needs besides the client secret (the server's Stripe.js address: the real one or the local fake). */
export interface ChallengeSettings {
  jsUrl: string;
}

/** A payment answer: paid, or (3-D Secure) waiting for its holder, with what the browser's challenge needs. */
export function nextActionOf(gateway: PaymentGateway, clientSecret: string | undefined, settings: ChallengeSettings): NextAction | undefined {
  if (!clientSecret) return undefined;
  return { 'client-secret': clientSecret, 'publishable-key': gateway.publishableKey, 'js-url': settings.jsUrl };
}

function toResponse(row: PurchaseResult, gateway: PaymentGateway, settings: ChallengeSettings): CreatePaymentIntentResponse {
  const nextAction = row.status === 'processing' ? nextActionOf(gateway, row.clientSecret, settings) : undefined;
  return {
    data: {
      'payment-id': row.id,
      status: nextAction ? 'requires_action' : 'succeeded',
      amount: row.amountCents,
      'access-expiry': row.accessExpiry ? row.accessExpiry.toISOString() : null,
      ...(nextAction ? { 'next-action': nextAction } : {}),
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
 * items, exam access or a rental's pick-up. Each kind starts its purchase from the request
 * (purchase-kinds.ts) and goes through the one payment path (purchase.ts); the server computes the
 * amount, and a different client amount is refused and never charged. A card that needs 3-D Secure
 * answers `requires_action` with its challenge; POST /payments/{id}/confirm finishes it.
 */
export async function createPaymentIntent(
  db: Database,
  gateway: PaymentGateway,
  user: GatewayUser,
  input: PaymentIntentInput,
  options: PurchaseOptions,
  settings: ChallengeSettings,
): Promise<CreatePaymentIntentResponse> {
  return toResponse(await PURCHASE_KINDS[purposeOf(input)].start(db, gateway, user, input, options), gateway, settings);
}

/** POST /payments/{id}/confirm: after the browser's 3-D Secure challenge, the server reads the intent again and settles or releases. */
export async function confirmPaymentIntent(
  db: Database,
  gateway: PaymentGateway,
  user: GatewayUser,
  paymentId: string,
  options: PurchaseOptions,
  settings: ChallengeSettings,
): Promise<CreatePaymentIntentResponse> {
  return toResponse(await confirmPurchase(db, gateway, user, paymentId, options, PURCHASE_KINDS), gateway, settings);
}
