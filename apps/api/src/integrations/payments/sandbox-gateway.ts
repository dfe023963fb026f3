import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PaymentMethod, SandboxConfirmSetupRequest } from '@medallion/contracts/payments';
import { sandboxConfirmSetupRequestSchema } from '@medallion/contracts/payments';
import type { Database } from '@medallion/db/client';
import { sandboxAccounts, sandboxCards, sandboxCharges, sandboxRefunds, sandboxSetupIntents, sandboxTransfers } from '@medallion/db/schema';
import { formatMessage, type PlainMessageKey } from '@medallion/contracts/messages';
import { AppError } from '../../lib/app-error';
import type { ChargeRequest, ChargeResult, GatewayUser, PaymentGateway } from './gateway';
import { AUTHENTICATION_REQUIRED_MESSAGE, cardBrand, INSUFFICIENT_FUNDS_MESSAGE, passesLuhn, TEST_CARD_OUTCOMES } from './test-cards';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function toResult(row: typeof sandboxCharges.$inferSelect): ChargeResult {
  if (row.status === 'succeeded') return { status: 'succeeded', providerPaymentId: row.providerPaymentId };
  const message = row.failureMessage ?? formatMessage('payment.cardDeclined');
  return {
    status: 'failed',
    providerPaymentId: row.providerPaymentId,
    message,
    ...(message === AUTHENTICATION_REQUIRED_MESSAGE ? { code: 'authentication_required' as const } : {}),
  };
}

function toMethod(row: typeof sandboxCards.$inferSelect): PaymentMethod {
  return { id: row.id, brand: row.brand as PaymentMethod['brand'], last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear };
}

/**
 * The offline gateway used when no Stripe key is set. Cards are tokenised into our database (brand,
 * last 4, expiry, a token; never the number) and behave like Stripe's test cards.
 */
export function createSandboxGateway(
  db: Database,
  now: () => Date = () => new Date(),
): PaymentGateway & {
  confirmSetup(user: GatewayUser, input: SandboxConfirmSetupRequest): Promise<PaymentMethod>;
} {
  return {
    kind: 'sandbox',
    publishableKey: 'pk_sandbox_medallion',

    async createSetupIntent(user) {
      const clientSecret = `${id('seti_sbx')}_secret_${randomBytes(8).toString('hex')}`;
      await db.insert(sandboxSetupIntents).values({ id: id('seti_sbx'), clientSecret, userId: user.id });
      return { clientSecret };
    },

    /** Stands in for Stripe.js confirmCardSetup: checks the card and saves it. */
    async confirmSetup(user, raw) {
      const input = sandboxConfirmSetupRequestSchema.parse(raw);
      const [intent] = await db
        .select()
        .from(sandboxSetupIntents)
        .where(and(eq(sandboxSetupIntents.clientSecret, input['client-secret']), eq(sandboxSetupIntents.userId, user.id)));
      if (!intent || intent.status !== 'requires_payment_method') {
        throw new AppError('BAD_REQUEST', 'payment.cardFormExpired');
      }
      const fail = (key: PlainMessageKey & `payment.${string}`): never => {
        throw new AppError('PAYMENT_FAILED', key).on('number');
      };
      if (!passesLuhn(input.number)) fail('payment.cardNumberIncorrect');
      const brand = cardBrand(input.number);
      if (!brand) fail('payment.cardBrandUnsupported');
      const today = now();
      if (input.exp_year < today.getUTCFullYear() || (input.exp_year === today.getUTCFullYear() && input.exp_month < today.getUTCMonth() + 1)) {
        fail('payment.cardExpired');
      }
      const outcome = TEST_CARD_OUTCOMES[input.number];
      if (outcome?.setupError) fail(outcome.setupError);

      const [card] = await db
        .insert(sandboxCards)
        .values({
          id: id('pm_sbx'),
          userId: user.id,
          brand: brand!,
          last4: input.number.slice(-4),
          expMonth: input.exp_month,
          expYear: input.exp_year,
          behaviour: outcome?.behaviour ?? 'succeed',
        })
        .returning();
      await db.update(sandboxSetupIntents).set({ status: 'succeeded' }).where(eq(sandboxSetupIntents.id, intent.id));
      return toMethod(card!);
    },

    async listPaymentMethods(user) {
      const rows = await db.select().from(sandboxCards).where(eq(sandboxCards.userId, user.id)).orderBy(desc(sandboxCards.createdAt));
      return rows.map(toMethod);
    },

    async findPaymentMethod(user, paymentMethodId) {
      const [row] = await db
        .select()
        .from(sandboxCards)
        .where(and(eq(sandboxCards.id, paymentMethodId), eq(sandboxCards.userId, user.id)));
      return row ? toMethod(row) : null;
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      // The sandbox's "provider id" is derived from the idempotency key: the same key, the same charge.
      const providerPaymentId = `pi_sbx_${createHash('sha256').update(request.idempotencyKey).digest('base64url').slice(0, 32)}`;
      const offSession = request.offSession ?? true;
      // One statement (a job charges thousands): the card's test behaviour decides the outcome, which is
      // recorded like Stripe records a payment intent: a second charge with the same key returns the
      // first outcome and charges nothing. Another user's or an unknown card is declined.
      const needsHolder = sql`(card.behaviour = 'authentication_required' and ${offSession}::boolean)`;
      const result = (await db.execute(sql`
        with card as (
          select behaviour from sandbox_cards where id = ${request.paymentMethodId} and user_id = ${request.user.id}
        ), outcome as (
          select
            case when card.behaviour is null or card.behaviour = 'insufficient_funds' or ${needsHolder} then 'failed' else 'succeeded' end as status,
            case when card.behaviour is null then ${formatMessage('payment.cardDeclined')}
                 when card.behaviour = 'insufficient_funds' then ${INSUFFICIENT_FUNDS_MESSAGE}
                 when ${needsHolder} then ${AUTHENTICATION_REQUIRED_MESSAGE} end as failure_message,
            card.behaviour is null as no_card
          from (select 1) as one left join card on true
        ), recorded as (
          insert into sandbox_charges (idempotency_key, provider_payment_id, user_id, payment_method_id, amount_cents, status, failure_message)
          select ${request.idempotencyKey}, ${providerPaymentId}, ${request.user.id}, ${request.paymentMethodId}, ${request.amountCents}, status, failure_message
          from outcome
          on conflict (idempotency_key) do nothing
          returning status, failure_message
        )
        select recorded.status, recorded.failure_message, outcome.no_card from recorded cross join outcome`)) as unknown as {
        rows: Array<{ status: 'succeeded' | 'failed'; failure_message: string | null; no_card: boolean }>;
      };
      const fresh = result.rows[0];
      if (fresh) {
        if (fresh.status === 'succeeded') return { status: 'succeeded', providerPaymentId };
        const message = fresh.failure_message ?? formatMessage('payment.cardDeclined');
        return {
          status: 'failed',
          providerPaymentId: fresh.no_card ? null : providerPaymentId,
          message,
          ...(message === AUTHENTICATION_REQUIRED_MESSAGE ? { code: 'authentication_required' as const } : {}),
        };
      }
      const [first] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey));
      return toResult(first!);
    },

    async findCharge(request) {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey));
      return row ? toResult(row) : { status: 'not_found' };
    },

    async retrieveCharge(providerPaymentId) {
      // The sandbox never asks for a challenge (an on-session 3-D Secure card succeeds), so this is only a lookup.
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.providerPaymentId, providerPaymentId));
      if (!row) return { status: 'failed', providerPaymentId: null, message: formatMessage('payment.notCompleted') };
      return toResult(row);
    },

    async refund(request) {
      const providerRefundId = `re_sbx_${createHash('sha256').update(request.idempotencyKey).digest('base64url').slice(0, 32)}`;
      return db.transaction(async (tx) => {
        const [again] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, request.idempotencyKey));
        if (again) return { status: 'succeeded' as const, providerRefundId: again.providerRefundId };
        // Locks the charge, so two refunds of one charge are checked one after the other (as Stripe does).
        const [charge] = await tx
          .select()
          .from(sandboxCharges)
          .where(and(eq(sandboxCharges.providerPaymentId, request.providerPaymentId), eq(sandboxCharges.status, 'succeeded')))
          .for('update');
        if (!charge) return { status: 'failed' as const, message: `No such charge: '${request.providerPaymentId}'` };
        const [{ refunded }] = (await tx
          .select({ refunded: sql<number>`coalesce(sum(${sandboxRefunds.amountCents}), 0)::int` })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.providerPaymentId, request.providerPaymentId))) as [{ refunded: number }];
        if (request.amountCents <= 0 || refunded + request.amountCents > charge.amountCents) {
          return { status: 'failed' as const, message: 'Refund amount is greater than the unrefunded amount on the charge.' };
        }
        const [recorded] = await tx
          .insert(sandboxRefunds)
          .values({ idempotencyKey: request.idempotencyKey, providerRefundId, providerPaymentId: request.providerPaymentId, amountCents: request.amountCents })
          .onConflictDoNothing()
          .returning();
        return { status: 'succeeded' as const, providerRefundId: recorded?.providerRefundId ?? providerRefundId };
      });
    },

    async payoutAccount(owner) {
      await db
        .insert(sandboxAccounts)
        .values({ id: id('acct_sbx'), userId: owner.id })
        .onConflictDoNothing();
      const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.userId, owner.id));
      return { accountId: row!.id };
    },

    async payoutAccountReady(accountId) {
      const [account] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
      return Boolean(account);
    },

    async payoutOnboardingLink() {
      // A sandbox account is ready from its creation: there is nothing to finish.
      throw new Error('The sandbox has no onboarding: its accounts can receive transfers at once.');
    },

    async transfer(request) {
      const [account] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, request.accountId));
      if (!account) throw new Error(`No such destination: '${request.accountId}'`);
      const providerTransferId = `tr_sbx_${createHash('sha256').update(request.idempotencyKey).digest('base64url').slice(0, 32)}`;
      await db
        .insert(sandboxTransfers)
        .values({ idempotencyKey: request.idempotencyKey, providerTransferId, accountId: request.accountId, amountCents: request.amountCents })
        .onConflictDoNothing();
      const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, request.idempotencyKey));
      return { providerTransferId: row!.providerTransferId };
    },
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
