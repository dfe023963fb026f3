import type { PaymentMethod } from '@medallion/contracts/payments';

export interface GatewayUser {
  id: string;
  email: string;
  name: string;
}

export interface ChargeRequest {
  user: GatewayUser;
  paymentMethodId: string;
  amountCents: number;
  /** The same key never charges twice (Stripe's Idempotency-Key; the sandbox keeps its own record). */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult = { status: 'succeeded'; providerPaymentId: string } | { status: 'failed'; providerPaymentId: string | null; message: string };

/** What became of a charge, asked by its idempotency key (payments left in `processing`). */
export type ChargeLookup = ChargeResult | { status: 'pending' } | { status: 'not_found' };

/** A card payment provider, Stripe-shaped: setup intents save cards, payment intents charge them. */
export interface PaymentGateway {
  readonly kind: 'sandbox' | 'stripe';
  readonly publishableKey: string;
  createSetupIntent(user: GatewayUser): Promise<{ clientSecret: string }>;
  listPaymentMethods(user: GatewayUser): Promise<PaymentMethod[]>;
  /** The user's own card, or null (another user's card is "not found"). */
  findPaymentMethod(user: GatewayUser, paymentMethodId: string): Promise<PaymentMethod | null>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What happened to the charge made with this idempotency key: succeeded, failed, still pending at
   * the provider, or never received. An attempt that needs more steps is cancelled and answers failed.
   */
  findCharge(request: { user: GatewayUser; idempotencyKey: string }): Promise<ChargeLookup>;
}
