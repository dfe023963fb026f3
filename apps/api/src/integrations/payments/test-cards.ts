import type { CardBrand } from '@medallion/contracts/payments';
import { formatMessage, type PlainMessageKey } from '@medallion/contracts/messages';

/** Luhn check digit validation. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = number.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export function cardBrand(number: string): CardBrand | null {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^62/.test(number)) return 'unionpay';
  return null;
}

export type CardBehaviour = 'succeed' | 'insufficient_funds' | 'authentication_required';

/**
 * What Stripe's test cards do; messages (catalogue keys) are Stripe's own wording, shown under the card form, and
 * `code` is Stripe's error code (the local fake of Stripe answers with it).
 */
export const TEST_CARD_OUTCOMES: Record<string, { setupError?: PlainMessageKey & `payment.${string}`; code?: string; behaviour?: CardBehaviour }> = {
  '4242424242424242': { behaviour: 'succeed' },
  '4000000000000002': { setupError: 'payment.cardDeclined', code: 'card_declined' },
  '4000000000009995': { behaviour: 'insufficient_funds' },
  // Needs 3-D Secure: off-session charges fail with `authentication_required`; on-session (the holder on our page) they succeed.
  '4000002760003184': { behaviour: 'authentication_required' },
  '4000000000000069': { setupError: 'payment.cardExpired', code: 'expired_card' },
  '4000000000000127': { setupError: 'payment.cardCvcIncorrect', code: 'incorrect_cvc' },
};

export const INSUFFICIENT_FUNDS_MESSAGE = formatMessage('payment.insufficientFunds');
export const AUTHENTICATION_REQUIRED_MESSAGE = formatMessage('payment.authenticationRequired');
