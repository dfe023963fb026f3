import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  paymentIdParamsSchema,
  paymentMethodsResponseSchema,
  sandboxConfirmSetupRequestSchema,
  sandboxConfirmSetupResponseSchema,
  setupIntentResponseSchema,
} from '@medallion/contracts/payments';
import type { GatewayUser } from '../../integrations/payments/gateway';
import type { SandboxGateway } from '../../integrations/payments/sandbox-gateway';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/auth';
import { confirmPaymentIntent, createPaymentIntent } from './create-payment-intent';
import { listPaymentMethods } from './list-payment-methods';
import { purchaseOptionsFor } from './payment-recovery-job';
import { errorResponses } from '../../lib/route-options';

const errors = errorResponses;

/** /payments calls, over the configured gateway (sandbox or Stripe). */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  app.addHook('onRequest', requireUser);
  const me = (req: { user: { id: string; email: string; name: string } }): GatewayUser => ({
    id: req.user.id,
    email: req.user.email,
    name: req.user.name,
  });

  const challenge = { jsUrl: app.config.STRIPE_JS_URL };

  r.post('/payments/create-setup-intent', { schema: { tags, response: { 200: setupIntentResponseSchema, ...errors } } }, async (req) => {
    const { clientSecret } = await app.payments.createSetupIntent(me(req));
    const mode = app.payments.kind;
    return {
      data: {
        'client-secret': clientSecret,
        'publishable-key': app.payments.publishableKey,
        mode,
        ...(mode === 'stripe' ? { 'js-url': app.config.STRIPE_JS_URL } : {}),
      },
    };
  });

  r.get('/payments/payment-methods', { schema: { tags, response: { 200: paymentMethodsResponseSchema, ...errors } } }, async (req) =>
    listPaymentMethods(app.db, app.payments, me(req)),
  );

  r.post(
    '/payments/sandbox/confirm-setup',
    { schema: { tags, body: sandboxConfirmSetupRequestSchema, response: { 200: sandboxConfirmSetupResponseSchema, ...errors } } },
    async (req) => {
      if (app.payments.kind !== 'sandbox') throw new AppError('NOT_FOUND', 'payment.sandboxOff');
      return { data: await (app.payments as SandboxGateway).confirmSetup(me(req), req.body) };
    },
  );

  r.post(
    '/payments/create-payment-intent',
    { schema: { tags, body: createPaymentIntentRequestSchema, response: { 200: createPaymentIntentResponseSchema, ...errors } } },
    async (req) => createPaymentIntent(app.db, app.payments, me(req), req.body, purchaseOptionsFor(app), challenge),
  );

  r.post(
    '/payments/:id/confirm',
    {
      schema: {
        tags,
        summary: 'After the 3-D Secure challenge: the server reads the payment intent again and settles the purchase once (or releases it)',
        params: paymentIdParamsSchema,
        response: { 200: createPaymentIntentResponseSchema, ...errors },
      },
    },
    async (req) => confirmPaymentIntent(app.db, app.payments, me(req), req.params.id, purchaseOptionsFor(app), challenge),
  );
}
