import { z } from 'zod';
import { PROMO_CODE_LENGTH } from './payment-constants';
import { cartIdsSchema, deliveryAddressSchema } from './shop';
import { text } from './text';

export * from './payment-constants';

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unionpay'] as const;
export const cardBrandSchema = z.enum(CARD_BRANDS);
export type CardBrand = z.infer<typeof cardBrandSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: cardBrandSchema,
  last4: z.string().regex(/^\d{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * GET /payments/payment-methods: the saved cards, and the one the checkouts preselect (`default_id`):
 * the only card, or else the card of the user's most recent successful payment (any purchase) while it
 * is still saved; null when there is no such card.
 */
export const paymentMethodsResponseSchema = z.object({ data: z.array(paymentMethodSchema), default_id: z.string().nullable() });
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

/** POST /payments/create-setup-intent */
export const setupIntentResponseSchema = z.object({
  data: z.object({
    'client-secret': z.string(),
    'publishable-key': z.string(),
    /** sandbox: our own test card form; stripe: Stripe Elements. */
    mode: z.enum(['sandbox', 'stripe']),
    /** Stripe mode: the Stripe.js script the card form loads (STRIPE_JS_URL). */
    'js-url': z.url().optional(),
  }),
});
export type SetupIntentResponse = z.infer<typeof setupIntentResponseSchema>;

/** POST /payments/sandbox/confirm-setup: the sandbox stand-in for Stripe's confirmCardSetup. */
export const sandboxConfirmSetupRequestSchema = z.object({
  'client-secret': text().min(1),
  number: text({ error: 'cardNumberInvalid' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'cardNumberInvalid')),
  exp_month: z.coerce.number({ error: 'cardExpiryInvalid' }).int('cardExpiryInvalid').min(1, 'cardExpiryInvalid').max(12, 'cardExpiryInvalid'),
  exp_year: z.coerce.number({ error: 'cardExpiryInvalid' }).int('cardExpiryInvalid').min(2000, 'cardExpiryInvalid').max(2100, 'cardExpiryInvalid'),
  cvc: text({ error: 'cardCvcInvalid' }).regex(/^\d{3,4}$/, 'cardCvcInvalid'),
});
export type SandboxConfirmSetupRequest = z.input<typeof sandboxConfirmSetupRequestSchema>;

export const sandboxConfirmSetupResponseSchema = z.object({ data: paymentMethodSchema });
export type SandboxConfirmSetupResponse = z.infer<typeof sandboxConfirmSetupResponseSchema>;

/**
 * POST /payments/create-payment-intent. Exam: transaction-type "exam",
 * referal-code; listing: listing-id; cart: transaction-id. `transaction-id` identifies one checkout
 * attempt: the same id is charged at most once.
 */
export const createPaymentIntentRequestSchema = z.object({
  'user-pm': text().min(1),
  'payment-amount': z.coerce.number().int().min(0),
  /** Exam and cart: one checkout attempt (charged at most once). Not used for a listing fee. */
  'transaction-id': text().min(6).max(100).optional(),
  'transaction-type': z.enum(['exam']).optional(),
  'referal-code': text().max(PROMO_CODE_LENGTH).optional(),
  'original-amount': z.coerce.number().int().optional(),
  'discount-amount': z.coerce.number().int().optional(),
  'listing-id': text().optional(),
  /** A rental's pick-up: its deposit and first week (charged, not held: card holds expire in about 7 days). */
  'rental-id': text().optional(),
  /** Cart (our extension of the spec's call): the selected cart items and where to ship them. */
  'cart-ids': cartIdsSchema.optional(),
  'delivery-address': deliveryAddressSchema.optional(),
});
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentRequestSchema>;

/**
 * A card that needs its holder (3-D Secure, Stripe mode): what the browser needs to run the challenge with
 * Stripe.js (`stripe.handleNextAction({ clientSecret })`); then it asks the server to confirm the payment.
 */
export const nextActionSchema = z.object({
  'client-secret': z.string(),
  'publishable-key': z.string(),
  'js-url': z.string(),
});
export type NextAction = z.infer<typeof nextActionSchema>;

/**
 * `succeeded`: paid. `requires_action`: nothing is charged yet; the card's bank wants its holder
 * (`next-action`), and POST /payments/{payment-id}/confirm answers once the challenge is done.
 */
export const createPaymentIntentResponseSchema = z.object({
  data: z.object({
    'payment-id': z.string(),
    status: z.enum(['succeeded', 'requires_action']),
    amount: z.number().int(),
    'access-expiry': z.string().nullable(),
    'next-action': nextActionSchema.optional(),
  }),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** POST /payments/{id}/confirm: the payment whose 3-D Secure challenge the browser ran. */
export const paymentIdParamsSchema = z.object({ id: text().min(1).max(100) });
