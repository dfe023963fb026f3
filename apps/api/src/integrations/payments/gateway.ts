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
  /**
   * Off-session (default): the customer is not there, as for a weekly rent charged by the job; a card
   * that needs the customer (3-D Secure) fails with `code: 'authentication_required'`. On-session: the
   * customer is paying on our page and has confirmed the payment there.
   */
  offSession?: boolean;
}

export type ChargeResult =
  | { status: 'succeeded'; providerPaymentId: string }
  /**
   * On-session only: the card's bank wants its holder (3-D Secure). Nothing is charged yet; the
   * browser runs the challenge with Stripe.js (`handleNextAction` with this client secret), then the
   * server reads the intent again (`retrieveCharge`) and settles or releases.
   */
  | { status: 'requires_action'; providerPaymentId: string; clientSecret: string }
  | {
      status: 'failed';
      providerPaymentId: string | null;
      message: string;
      /** Stripe's code when the card needs its holder (3-D Secure): retry on-session, not off-session. */
      code?: 'authentication_required';
    };

/** A refund of (part of) a succeeded charge. The same key never refunds twice. */
export interface RefundRequest {
  providerPaymentId: string;
  amountCents: number;
  idempotencyKey: string;
}

export type RefundResult = { status: 'succeeded'; providerRefundId: string } | { status: 'failed'; message: string };

/** Connect-shaped payouts: a connected account per owner, and transfers to it of what is due to them. */
export interface TransferRequest {
  accountId: string;
  amountCents: number;
  idempotencyKey: string;
  description: string;
}

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
   * the provider, or never received. An attempt that needs more steps is canceled and answers failed.
   */
  findCharge(request: { user: GatewayUser; idempotencyKey: string }): Promise<ChargeLookup>;
  /**
   * The charge of a payment intent, read again at the provider (after the browser ran a 3-D Secure
   * challenge): succeeded, failed (the holder failed or closed the challenge), still waiting for its
   * holder, or pending (the provider is still working on it). The browser's word is never taken.
   */
  retrieveCharge(providerPaymentId: string): Promise<ChargeResult | { status: 'pending' }>;
  /** Gives back (part of) a succeeded charge to the card it came from (Stripe's /v1/refunds). */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** The owner's connected account (Stripe Connect /v1/accounts), created once per owner. */
  payoutAccount(owner: GatewayUser): Promise<{ accountId: string }>;
  /**
   * Whether the connected account can receive transfers: with Stripe, once its owner has finished the
   * onboarding on Stripe's pages (the `transfers` capability active); the sandbox's always can.
   */
  payoutAccountReady(accountId: string): Promise<boolean>;
  /** A short-lived link to the provider's pages where the owner finishes setting up the account (Stripe's /v1/account_links). */
  payoutOnboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /** Moves money due to an owner to their connected account (Stripe's /v1/transfers), once per key. */
  transfer(request: TransferRequest): Promise<{ providerTransferId: string }>;
}
