import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ownerPayoutsResponseSchema,
  payoutSetupLinkResponseSchema,
  payoutSetupResponseSchema,
  payRentalWeekRequestSchema,
  rentalChargesResponseSchema,
  rentalEndedResponseSchema,
  rentalIdParamsSchema,
  rentalWeekParamsSchema,
  rentalWeekPaymentResponseSchema,
} from '@medallion/contracts/rental-payments';
import type { GatewayUser } from '../../integrations/payments/gateway';
import { errorResponses as errors } from '../../lib/route-options';
import { requireUser } from '../../plugins/auth';
import { endRentalForNonPayment } from './end-rental-for-non-payment';
import { listOwnerPayouts, listRentalCharges } from './list-rental-charges';
import { confirmRentWeek, payRentWeek, type WeekPayment } from './pay-rent-week';
import { createPayoutSetupLink, getPayoutSetup } from './payout-setup';
import { nextActionOf } from '../payments/create-payment-intent';
import { rentServicesFor } from './rent-jobs';

/** The money of rentals: charges of a rental, a week paid on-session, ending for non-payment, the owner's payouts. */
export async function rentalPaymentsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rental-payments'];
  app.addHook('onRequest', requireUser);
  /** The week as the charges list shows it, and the challenge while the week waits for its driver. */
  async function weekAnswer(userId: string, rentalId: string, row: WeekPayment) {
    const [charge] = (await listRentalCharges(app.db, userId, rentalId, new Date())).charges.filter((c) => c.kind === 'week' && c.week === row.week);
    const nextAction = row.status === 'processing' ? nextActionOf(app.payments, row.clientSecret, { jsUrl: app.config.STRIPE_JS_URL }) : undefined;
    return { data: { ...charge!, ...(nextAction ? { 'next-action': nextAction } : {}) } };
  }
  const me = (req: { user: { id: string; email: string; name: string } }): GatewayUser => ({ id: req.user.id, email: req.user.email, name: req.user.name });

  r.get(
    '/rentals/payouts',
    { schema: { tags, summary: 'What is due to the signed-in owner and what was paid out', response: { 200: ownerPayoutsResponseSchema, ...errors } } },
    async (req) => ({ data: await listOwnerPayouts(app.db, req.user.id) }),
  );

  r.get(
    '/rentals/payouts/setup',
    {
      schema: {
        tags,
        summary: "Whether the owner's payouts can reach them, or they must first finish their payout account's setup at Stripe",
        response: { 200: payoutSetupResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await getPayoutSetup(app.db, app.payments, me(req)) }),
  );

  r.post(
    '/rentals/payouts/setup-link',
    {
      schema: {
        tags,
        summary: "A single-use link to Stripe's pages where the owner finishes their payout account, back to My rentals after",
        response: { 200: payoutSetupLinkResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await createPayoutSetupLink(app.db, app.payments, me(req), app.config.PUBLIC_URL) }),
  );

  r.get(
    '/rentals/:id/charges',
    {
      schema: {
        tags,
        summary: "Every charge and refund of a rental (its driver's and owner's)",
        params: rentalIdParamsSchema,
        response: { 200: rentalChargesResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await listRentalCharges(app.db, req.user.id, req.params.id, new Date()) }),
  );

  r.post(
    '/rentals/:id/weeks/:week/pay',
    {
      schema: {
        tags,
        summary: 'The driver pays a declined or 3-D Secure week on-session (a week paid before answers the same)',
        params: rentalWeekParamsSchema,
        body: payRentalWeekRequestSchema,
        response: { 200: rentalWeekPaymentResponseSchema, ...errors },
      },
    },
    async (req) =>
      weekAnswer(
        req.user.id,
        req.params.id,
        await payRentWeek(
          app.db,
          app.payments,
          me(req),
          { rentalId: req.params.id, week: req.params.week, paymentMethodId: req.body['user-pm'] },
          rentServicesFor(app),
          new Date(),
        ),
      ),
  );

  r.post(
    '/rentals/:id/weeks/:week/confirm',
    {
      schema: {
        tags,
        summary: "After the driver's 3-D Secure challenge: the server reads the week's payment intent again and records it once",
        params: rentalWeekParamsSchema,
        response: { 200: rentalWeekPaymentResponseSchema, ...errors },
      },
    },
    async (req) =>
      weekAnswer(
        req.user.id,
        req.params.id,
        await confirmRentWeek(app.db, app.payments, me(req), { rentalId: req.params.id, week: req.params.week }, rentServicesFor(app), new Date()),
      ),
  );

  r.post(
    '/rentals/:id/end-for-non-payment',
    {
      schema: {
        tags,
        summary: 'The owner ends a rental whose rent is unpaid 72 hours after the first decline',
        params: rentalIdParamsSchema,
        response: { 200: rentalEndedResponseSchema, ...errors },
      },
    },
    async (req) => {
      const ended = await endRentalForNonPayment(app.db, req.user.id, req.params.id, new Date());
      return { data: { 'rental-id': ended.id, status: ended.status } };
    },
  );
}
