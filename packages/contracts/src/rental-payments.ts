import { nextActionSchema } from './payments';
import { z } from 'zod';
import { text } from './text';

/** The money of one rental: path params. */
export const rentalIdParamsSchema = z.object({ id: text().min(1).max(100) });
export const rentalWeekParamsSchema = z.object({ id: text().min(1).max(100), week: z.coerce.number().int().min(0).max(520) });

/** POST /rentals/{id}/weeks/{week}/pay: the driver pays a week on our page (the 3-D Secure link). Weeks are 0…weeks−1. */
export const payRentalWeekRequestSchema = z.object({
  /** Another saved card of the driver's; the card of the pick-up when left out. */
  'user-pm': text().min(1).optional(),
});
export type PayRentalWeekRequest = z.input<typeof payRentalWeekRequestSchema>;

export const RENTAL_CHARGE_STATUSES = ['due', 'processing', 'succeeded', 'needs_action', 'failed', 'cancelled'] as const;

export const rentalChargeSchema = z.object({
  kind: z.enum(['deposit', 'week']),
  week: z.number().int(),
  'amount-cents': z.number().int(),
  'due-date': z.string(),
  status: z.enum(RENTAL_CHARGE_STATUSES),
  attempts: z.number().int(),
  'next-attempt-at': z.string().nullable(),
  'paid-at': z.string().nullable(),
  'failure-message': z.string().nullable(),
  'refunded-cents': z.number().int(),
  /** The deposit's refund: null until it starts. */
  'refund-status': z.enum(['processing', 'succeeded', 'failed']).nullable(),
  /** When the deposit's refund succeeded (the row's last change, which the refund is). */
  'refunded-at': z.string().nullable(),
});
export type RentalCharge = z.infer<typeof rentalChargeSchema>;

export const rentalChargesResponseSchema = z.object({
  data: z.object({
    'rental-id': z.string(),
    charges: z.array(rentalChargeSchema),
    /** The owner may end the rental: a week has stayed unpaid 72 hours after its first decline. */
    'may-end-for-non-payment': z.boolean(),
    /**
     * The owner's side, while the rent is unpaid (`payment_failed`): from when they may end the rental
     * (72 hours after the first decline); null otherwise and for the driver.
     */
    'may-end-for-non-payment-at': z.string().nullable(),
    /** The owner's damage claim after the return, if any: what it asks and what the deposit's refund keeps back. */
    claim: z
      .object({
        'amount-cents': z.number().int(),
        status: z.enum(['open', 'accepted', 'disputed', 'unanswered', 'decided']),
        /** Set once the claim is resolved. */
        'withheld-cents': z.number().int().nullable(),
      })
      .nullable(),
  }),
});
export type RentalChargesResponse = z.infer<typeof rentalChargesResponseSchema>;

/** The week paid, or (`next-action`) waiting for the driver's 3-D Secure challenge, then POST …/weeks/{week}/confirm. */
export const rentalWeekPaymentResponseSchema = z.object({ data: rentalChargeSchema.extend({ 'next-action': nextActionSchema.optional() }) });
export type RentalWeekPaymentResponse = z.infer<typeof rentalWeekPaymentResponseSchema>;

export const rentalEndedResponseSchema = z.object({ data: z.object({ 'rental-id': z.string(), status: z.string() }) });

/** GET /rentals/payouts: what is due to the signed-in owner and what was paid out to them. */
export const ownerPayoutsResponseSchema = z.object({
  data: z.object({
    'due-cents': z.number().int(),
    'paid-cents': z.number().int(),
    payouts: z.array(
      z.object({
        'rental-id': z.string(),
        week: z.number().int(),
        'amount-cents': z.number().int(),
        status: z.enum(['pending', 'processing', 'paid']),
        'paid-at': z.string().nullable(),
      }),
    ),
  }),
});
export type OwnerPayoutsResponse = z.infer<typeof ownerPayoutsResponseSchema>;

/**
 * GET /rentals/payouts/setup: whether the owner's payouts can reach them. `needed`: they must finish
 * setting up their payout account on Stripe's pages first (POST /rentals/payouts/setup-link).
 */
export const payoutSetupSchema = z.object({ state: z.enum(['not_needed', 'needed', 'ready']) });
export type PayoutSetup = z.infer<typeof payoutSetupSchema>;
export const payoutSetupResponseSchema = z.object({ data: payoutSetupSchema });
export type PayoutSetupResponse = z.infer<typeof payoutSetupResponseSchema>;
/** POST /rentals/payouts/setup-link: the link to Stripe's onboarding (single use, a few minutes), back to My rentals after. */
export const payoutSetupLinkResponseSchema = z.object({ data: z.object({ url: z.string().url() }) });
export type PayoutSetupLinkResponse = z.infer<typeof payoutSetupLinkResponseSchema>;

/** Attempts of a week's off-session charge: its due day and the next two days. */
export const RENT_CHARGE_ATTEMPTS = 3;
