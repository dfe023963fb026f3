import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { loadStripe } from '../../integrations/payments/stripe-gateway';
import { AppError } from '../../lib/app-error';
import { handleStripeEvent } from './handle-stripe-event';
import { purchaseOptionsFor } from './payment-recovery-job';

/** POST /payments/webhook: Stripe events, verified on the raw body with the webhook secret. */
export async function paymentsWebhookRoutes(app: FastifyInstance): Promise<void> {
  const secret = app.config.STRIPE_WEBHOOK_SECRET;
  if (app.payments.kind !== 'stripe' || !secret) return;
  const StripeSdk = await loadStripe();
  // The signature covers the exact bytes, so this route keeps the body raw.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post('/payments/webhook', { schema: { hide: true } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw new AppError('BAD_REQUEST', 'payment.signatureMissing');
    }
    let event: Stripe.Event;
    try {
      event = StripeSdk.webhooks.constructEvent(request.body, signature, secret);
    } catch {
      throw new AppError('BAD_REQUEST', 'payment.signatureInvalid');
    }
    const applied = await handleStripeEvent(app.db, event, purchaseOptionsFor(app).services);
    return { received: true, duplicate: !applied };
  });
}
