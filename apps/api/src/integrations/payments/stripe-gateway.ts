import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { CardBrand, PaymentMethod } from '@medallion/contracts/payments';
import { CARD_BRANDS } from '@medallion/contracts/payments';
import { formatMessage } from '@medallion/contracts/messages';
import type { Database } from '@medallion/db/client';
import { paymentCustomers, payoutAccounts } from '@medallion/db/schema';
import type { ChargeLookup, ChargeResult, GatewayUser, PaymentGateway, RefundResult } from './gateway';

export interface StripeGatewayOptions {
  db: Database;
  secretKey: string;
  publishableKey: string;
  /** A local server that speaks Stripe's API (tests only). */
  apiUrl?: string;
}

/** Stripe's SDK, loaded only when Stripe is configured (its import costs about 0.15 s of CPU). */
export async function loadStripe(): Promise<typeof Stripe> {
  return (await import('stripe')).default;
}

export async function createStripeClient(secretKey: string, apiUrl?: string): Promise<Stripe> {
  const url = apiUrl ? new URL(apiUrl) : undefined;
  const StripeSdk = await loadStripe();
  return new StripeSdk(secretKey, {
    maxNetworkRetries: url ? 0 : 2,
    telemetry: false,
    ...(url ? { host: url.hostname, port: Number(url.port), protocol: url.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

function toMethod(pm: Stripe.PaymentMethod): PaymentMethod | null {
  const card = pm.card;
  if (!card) return null;
  const brand = (CARD_BRANDS as readonly string[]).includes(card.brand) ? (card.brand as CardBrand) : null;
  if (!brand) return null;
  return { id: pm.id, brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year };
}

/** Stripe: a customer per user, SetupIntents to save cards, off-session PaymentIntents to charge them. */
export async function createStripeGateway({ db, secretKey, publishableKey, apiUrl }: StripeGatewayOptions): Promise<PaymentGateway> {
  const StripeSdk = await loadStripe();
  const stripe = await createStripeClient(secretKey, apiUrl);

  async function customerId(user: GatewayUser, create: boolean): Promise<string | null> {
    const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
    if (row) return row.providerCustomerId;
    if (!create) return null;
    const customer = await stripe.customers.create(
      { email: user.email, name: user.name, metadata: { user_id: user.id } },
      { idempotencyKey: `customer:${user.id}` },
    );
    await db.insert(paymentCustomers).values({ userId: user.id, providerCustomerId: customer.id }).onConflictDoNothing();
    const [stored] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
    return stored!.providerCustomerId;
  }

  return {
    kind: 'stripe',
    publishableKey,

    async createSetupIntent(user) {
      const customer = (await customerId(user, true))!;
      const intent = await stripe.setupIntents.create({ customer, allowed_payment_method_types: ['card'], usage: 'off_session' });
      if (!intent.client_secret) throw new Error('Stripe returned a setup intent without a client secret');
      return { clientSecret: intent.client_secret };
    },

    async listPaymentMethods(user) {
      const customer = await customerId(user, false);
      if (!customer) return [];
      const list = await stripe.paymentMethods.list({ customer, type: 'card' });
      return list.data.map(toMethod).filter((m): m is PaymentMethod => m !== null);
    },

    async findPaymentMethod(user, paymentMethodId) {
      const customer = await customerId(user, false);
      if (!customer || !/^pm_[A-Za-z0-9_]+$/.test(paymentMethodId)) return null;
      try {
        const pm = await stripe.paymentMethods.retrieve(paymentMethodId);
        const owner = typeof pm.customer === 'string' ? pm.customer : pm.customer?.id;
        return owner === customer ? toMethod(pm) : null;
      } catch (error) {
        if (error instanceof StripeSdk.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    },

    async charge(request): Promise<ChargeResult> {
      const customer = await customerId(request.user, false);
      if (!customer) return { status: 'failed', providerPaymentId: null, message: formatMessage('payment.cardDeclined') };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer,
            payment_method: request.paymentMethodId,
            off_session: request.offSession ?? true,
            confirm: true,
            description: request.description,
            metadata: { user_id: request.user.id, idempotency_key: request.idempotencyKey },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', providerPaymentId: intent.id };
        if (intent.status === 'requires_action' && request.offSession === false && intent.client_secret) {
          // 3-D Secure on our page: the browser runs the challenge, then retrieveCharge reads the outcome.
          return { status: 'requires_action', providerPaymentId: intent.id, clientSecret: intent.client_secret };
        }
        return { status: 'failed', providerPaymentId: intent.id, message: formatMessage('payment.needsMoreSteps') };
      } catch (error) {
        if (error instanceof StripeSdk.errors.StripeCardError) {
          const pi = (error.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent?.id ?? null;
          return {
            status: 'failed',
            providerPaymentId: pi,
            message: error.message,
            ...(error.code === 'authentication_required' ? { code: 'authentication_required' as const } : {}),
          };
        }
        throw error;
      }
    },

    async findCharge(request): Promise<ChargeLookup> {
      // Every intent we create carries its idempotency key in its metadata (see charge above).
      // Stripe's search index lags writes by up to a minute; the recovery lease is far longer.
      const found = await stripe.paymentIntents.search({
        query: `metadata['idempotency_key']:'${request.idempotencyKey.replace(/['\\]/g, '')}'`,
        limit: 1,
      });
      const intent = found.data[0];
      if (!intent) return { status: 'not_found' };
      switch (intent.status) {
        case 'succeeded':
          return { status: 'succeeded', providerPaymentId: intent.id };
        case 'processing':
          return { status: 'pending' };
        case 'canceled':
        case 'requires_payment_method':
          return { status: 'failed', providerPaymentId: intent.id, message: intent.last_payment_error?.message ?? formatMessage('payment.failed') };
        default: {
          // requires_action / requires_confirmation / requires_capture: nobody will finish it now.
          await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `cancel:${request.idempotencyKey}` });
          return { status: 'failed', providerPaymentId: intent.id, message: formatMessage('payment.needsMoreSteps') };
        }
      }
    },

    async retrieveCharge(providerPaymentId) {
      const intent = await stripe.paymentIntents.retrieve(providerPaymentId);
      switch (intent.status) {
        case 'succeeded':
          return { status: 'succeeded', providerPaymentId: intent.id };
        case 'processing':
          return { status: 'pending' };
        case 'requires_action':
          if (intent.client_secret) return { status: 'requires_action', providerPaymentId: intent.id, clientSecret: intent.client_secret };
          return { status: 'failed', providerPaymentId: intent.id, message: formatMessage('payment.needsMoreSteps') };
        default:
          // requires_payment_method (the holder failed or closed the challenge), canceled, …: nothing was charged.
          // A failed or closed challenge is said in our words (translated); a decline after it in the bank's.
          return {
            status: 'failed',
            providerPaymentId: intent.id,
            message:
              !intent.last_payment_error || intent.last_payment_error.code === 'payment_intent_authentication_failure'
                ? formatMessage('payment.authenticationFailed')
                : (intent.last_payment_error.message ?? formatMessage('payment.failed')),
          };
      }
    },

    async refund(request): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.providerPaymentId, amount: request.amountCents, metadata: { idempotency_key: request.idempotencyKey } },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') return { status: 'failed', message: refund.failure_reason ?? 'The refund failed.' };
        return { status: 'succeeded', providerRefundId: refund.id };
      } catch (error) {
        if (error instanceof StripeSdk.errors.StripeInvalidRequestError) return { status: 'failed', message: error.message };
        throw error;
      }
    },

    async payoutAccount(owner) {
      const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, owner.id));
      if (row) return { accountId: row.providerAccountId };
      // Connect: an Express account per owner (they finish onboarding on Stripe's pages).
      const account = await stripe.accounts.create(
        { type: 'express', email: owner.email, capabilities: { transfers: { requested: true } }, metadata: { user_id: owner.id } },
        { idempotencyKey: `account:${owner.id}` },
      );
      await db.insert(payoutAccounts).values({ userId: owner.id, providerAccountId: account.id }).onConflictDoNothing();
      const [stored] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, owner.id));
      return { accountId: stored!.providerAccountId };
    },

    async payoutAccountReady(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return account.capabilities?.transfers === 'active';
    },

    async payoutOnboardingLink(accountId, urls) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      });
      return link.url;
    },

    async transfer(request) {
      const transfer = await stripe.transfers.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          destination: request.accountId,
          description: request.description,
          metadata: { idempotency_key: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { providerTransferId: transfer.id };
    },
  };
}
