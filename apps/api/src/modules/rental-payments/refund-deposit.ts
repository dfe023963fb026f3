import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { rentalCharges } from '@medallion/db/schema';
import type { PaymentGateway } from '../../integrations/payments/gateway';
import { AppError } from '../../lib/app-error';

/**
 * Gives the deposit back to the driver's card, less what a decided claim withholds (the claims side
 * calls this; without a claim, 72 h after the return). Once per rental: the gateway key is
 * `rental:<id>:deposit-refund`, so a repeat or a retry after a lost answer refunds once.
 */
export async function refundDeposit(db: Database, gateway: PaymentGateway, rentalId: string, withheldCents: number) {
  const [deposit] = await db
    .update(rentalCharges)
    .set({ refundStatus: 'processing', updatedAt: sql`now()` })
    .where(
      and(
        eq(rentalCharges.rentalId, rentalId),
        eq(rentalCharges.kind, 'deposit'),
        eq(rentalCharges.status, 'succeeded'),
        or(isNull(rentalCharges.refundStatus), inArray(rentalCharges.refundStatus, ['processing', 'failed'])),
      ),
    )
    .returning();
  if (!deposit) {
    const [done] = await db
      .select()
      .from(rentalCharges)
      .where(and(eq(rentalCharges.rentalId, rentalId), eq(rentalCharges.kind, 'deposit')));
    if (done?.refundStatus === 'succeeded') return done;
    throw new AppError('NOT_FOUND', 'rentalPayment.notFound');
  }
  const amountCents = Math.max(0, deposit.amountCents - Math.max(0, withheldCents));
  const result =
    amountCents === 0
      ? { status: 'succeeded' as const, providerRefundId: null }
      : await gateway.refund({ providerPaymentId: deposit.providerPaymentId!, amountCents, idempotencyKey: `rental:${rentalId}:deposit-refund` });
  const [after] = await db
    .update(rentalCharges)
    .set(
      result.status === 'succeeded'
        ? { refundStatus: 'succeeded', refundedCents: amountCents, providerRefundId: result.providerRefundId, updatedAt: sql`now()` }
        : { refundStatus: 'failed', failureMessage: result.message, updatedAt: sql`now()` },
    )
    .where(eq(rentalCharges.id, deposit.id))
    .returning();
  return after!;
}
