import { and, eq, ne, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { EXAM_ACCESS_MONTHS } from '@medallion/contracts/payments';
import type { Database } from '@medallion/db/client';
import { payments, webhookEvents, listings } from '@medallion/db/schema';

/**
 * Applies a verified Stripe event once: the event id is recorded in the same transaction as its
 * effect, so a replayed event changes nothing. Returns false for a replay.
 */
export async function handleStripeEvent(db: Database, event: Stripe.Event): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return false;
    if (event.type === 'payment_intent.succeeded') {
      const intent = event.data.object;
      const fulfilled = await tx
        .update(payments)
        .set({
          status: 'succeeded',
          accessExpiry: sql`case when ${payments.purpose} = 'exam' and ${payments.accessExpiry} is null then now() + ${`${EXAM_ACCESS_MONTHS} months`}::interval else ${payments.accessExpiry} end`,
          updatedAt: new Date(),
        })
        .where(and(eq(payments.providerPaymentId, intent.id), ne(payments.status, 'succeeded')))
        .returning({ purpose: payments.purpose, reference: payments.reference });
      for (const paid of fulfilled) {
        // A listing fee confirmed only by the webhook still sends the listing to review.
        if (paid.purpose === 'listing') {
          await tx
            .update(listings)
            .set({ status: 'UNDER_REVIEW', rejectionReason: null, updatedAt: new Date() })
            .where(and(eq(listings.id, paid.reference), eq(listings.status, 'DRAFT')));
        }
      }
    } else if (event.type === 'payment_intent.payment_failed') {
      const intent = event.data.object;
      await tx
        .update(payments)
        .set({ status: 'failed', failureMessage: intent.last_payment_error?.message ?? 'The payment did not go through.', updatedAt: new Date() })
        .where(and(eq(payments.providerPaymentId, intent.id), eq(payments.status, 'processing')));
    }
    return true;
  });
}
