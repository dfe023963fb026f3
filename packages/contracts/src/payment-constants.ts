/**
 * The zod-free part of the payment contracts: prices and fixed values. Pages that only need these import
 * this module and do not load zod (payments.ts re-exports it).
 */
/** Amounts in integer cents. */
export const EXAM_PRICE_CENTS = 2000;
export const EXAM_PROMO_PRICE_CENTS = 1500;
export const EXAM_ACCESS_MONTHS = 3;
export const PROMO_CODE_LENGTH = 6;

/**
 * The sales tax of the shop and the listing fee: 8.875 % of the subtotal, rounded to the cent. The one
 * rate (shop.ts re-exports it for the cart's totals); change it here and every total follows.
 */
export const TAX_RATE_PERCENT = 8.875;

/** The tax in cents of a subtotal in cents (TAX_RATE_PERCENT, rounded half up to the cent). */
export function taxCents(subtotalCents: number): number {
  return Math.round((subtotalCents * TAX_RATE_PERCENT) / 100);
}

const LISTING_FEE_SUBTOTAL_CENTS = 99;
/** The listing fee: $0.99 and its tax (at TAX_RATE_PERCENT: $0.09), $1.08 in all. */
export const LISTING_FEE = {
  subtotalCents: LISTING_FEE_SUBTOTAL_CENTS,
  taxCents: taxCents(LISTING_FEE_SUBTOTAL_CENTS),
  totalCents: LISTING_FEE_SUBTOTAL_CENTS + taxCents(LISTING_FEE_SUBTOTAL_CENTS),
} as const;

/** Where /success-setup-intent sends the browser after a card is saved. */
export const SETUP_RETURN_TARGETS = ['dashboard', 'listing-checkout', 'cart', 'exam-checkout', 'rental-pay'] as const;
export type SetupReturnTarget = (typeof SETUP_RETURN_TARGETS)[number];
