import { and, eq, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { formatMessage } from '@medallion/contracts/messages';
import type { Database } from '@medallion/db/client';
import { payments, webhookEvents } from '@medallion/db/schema';
import { PURCHASE_KINDS } from './purchase-kinds';
import { releasePayment, settlePayment, type PurchaseServices } from './purchase';

/**
 * Applies a verified Stripe event through the one payment path: a payment still `processing` (its
 * request's answer was lost) is settled or released, exactly as the request or the recovery job would.
 * Settling and releasing are conditional, so a replayed event changes nothing. Returns false for a
 * replay (an event id seen before).
 */
export async function handleStripeEvent(db: Database, event: Stripe.Event, services: PurchaseServices): Promise<boolean> {
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    const chargeKey = intent.metadata?.idempotency_key;
    const [payment] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'processing'),
          chargeKey ? or(eq(payments.providerPaymentId, intent.id), eq(payments.chargeKey, chargeKey)) : eq(payments.providerPaymentId, intent.id),
        ),
      )
      .limit(1);
    if (payment) {
      const kind = PURCHASE_KINDS[payment.purpose];
      if (event.type === 'payment_intent.succeeded') await settlePayment(db, kind, payment.id, intent.id, services);
      else {
        // A failed or closed 3-D Secure challenge is said in our words (translated on the pay page).
        const message =
          intent.last_payment_error?.code === 'payment_intent_authentication_failure'
            ? formatMessage('payment.authenticationFailed')
            : (intent.last_payment_error?.message ?? 'The payment did not go through.');
        await releasePayment(db, kind, payment.id, { message, providerPaymentId: intent.id }, services);
      }
    }
  }
  const [fresh] = await db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
  return Boolean(fresh);
}
