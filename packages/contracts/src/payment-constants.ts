/**
 * The zod-free part of the payment contracts: prices and fixed values. Pages that only need these import
 * this module and do not load zod (payments.ts re-exports it).
 */
/** Amounts in integer cents. */
export const EXAM_PRICE_CENTS = 2000;
export const EXAM_PROMO_PRICE_CENTS = 1500;
export const EXAM_ACCESS_MONTHS = 3;
export const PROMO_CODE_LENGTH = 6;
export const LISTING_FEE = { subtotalCents: 99, taxCents: 9, totalCents: 108 } as const;

/** Where /success-setup-intent sends the browser after a card is saved. */
export const SETUP_RETURN_TARGETS = ['dashboard', 'listing-checkout', 'cart', 'exam-checkout'] as const;
export type SetupReturnTarget = (typeof SETUP_RETURN_TARGETS)[number];
