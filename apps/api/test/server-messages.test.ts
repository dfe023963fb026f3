import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@medallion/contracts/auth';
import { ERROR_MESSAGES } from '@medallion/contracts/error-codes';
import { translateMessage } from '@medallion/contracts/message-catalogue';
import { NO_SAVED_QUESTIONS } from '@medallion/contracts/exam';
import { VALIDATION_MESSAGES } from '@medallion/contracts/validation';
import { IMAGE_MESSAGES } from '../src/integrations/images/process-image';
import { IMAGE_UPLOAD_MESSAGES } from '../src/integrations/images/read-image-upload';
import { INSUFFICIENT_FUNDS_MESSAGE, TEST_CARD_OUTCOMES } from '../src/integrations/payments/test-cards';
import { ORDER_ADMIN_MESSAGES } from '../src/modules/shop/ship-order';
import { EXAM_ADMIN_MESSAGES } from '../src/modules/admin/manage-exam';
import { PRODUCT_MESSAGES } from '../src/modules/shop/save-product';
import { MODERATION_MESSAGES } from '../src/modules/admin/moderate-listings';
import { codeSentMessage } from '../src/modules/auth/account-flows';
import { DEV_MAIL_MESSAGES } from '../src/modules/dev-mail/mailbox-access';
import { ATTEMPT_NOT_FOUND } from '../src/modules/exam/grade-attempt';
import { ALREADY_REPORTED } from '../src/modules/exam/question-reports';
import { QUESTION_NOT_FOUND } from '../src/modules/exam/saved-questions';
import { STATUS_CHANGE_MESSAGES } from '../src/modules/listings/change-listing-status';
import { DRAFT_MESSAGES } from '../src/modules/listings/save-listing-draft';
import { LOCATION_NOT_FOUND } from '../src/modules/listings/suggest-locations';
import { EXAM_PURCHASE_MESSAGES, INVALID_PROMO } from '../src/modules/exam/buy-exam-access';
import { TRANSACTION_ID_REQUIRED } from '../src/modules/payments/create-payment-intent';
import { PAYMENT_MESSAGES } from '../src/modules/payments/purchase';
import { LISTING_FEE_MESSAGES } from '../src/modules/payments/pay-listing-fee';
import { CART_MESSAGES } from '../src/modules/shop/cart';
import { CHECKOUT_MESSAGES } from '../src/modules/shop/checkout-cart';
import { ORDER_MESSAGES } from '../src/modules/shop/orders';

const locales = new URL('../../web/src/locales', import.meta.url).pathname;
const common = (lng: string) => JSON.parse(readFileSync(join(locales, lng, 'common.json'), 'utf8')) as { serverMessages: Record<string, string> };
const fixed = (messages: Record<string, unknown>) => Object.values(messages).filter((m): m is string => typeof m === 'string');

/** Every fixed text the API can answer with: the exported message constants, and the literals in the source. */
function serverMessages(): string[] {
  const constants = [
    ...Object.values(ERROR_MESSAGES),
    ...fixed(AUTH_MESSAGES).filter((m) => !m.includes('{')),
    ...fixed(IMAGE_MESSAGES),
    ...fixed(IMAGE_UPLOAD_MESSAGES),
    ...Object.values(TEST_CARD_OUTCOMES).flatMap((o) => (o.setupError ? [o.setupError] : [])),
    INSUFFICIENT_FUNDS_MESSAGE,
    ...[
      ORDER_ADMIN_MESSAGES,
      EXAM_ADMIN_MESSAGES,
      PRODUCT_MESSAGES,
      MODERATION_MESSAGES,
      STATUS_CHANGE_MESSAGES,
      DRAFT_MESSAGES,
      LISTING_FEE_MESSAGES,
      CART_MESSAGES,
      CHECKOUT_MESSAGES,
      ORDER_MESSAGES,
      PAYMENT_MESSAGES,
      EXAM_PURCHASE_MESSAGES,
      DEV_MAIL_MESSAGES,
    ].flatMap(fixed),
    TRANSACTION_ID_REQUIRED,
    ATTEMPT_NOT_FOUND,
    ALREADY_REPORTED,
    QUESTION_NOT_FOUND,
    LOCATION_NOT_FOUND,
    INVALID_PROMO,
    NO_SAVED_QUESTIONS,
  ];
  const src = new URL('../src', import.meta.url).pathname;
  const files = readdirSync(src, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts'));
  const literals = files.flatMap((file) => {
    const text = readFileSync(join(src, file), 'utf8');
    // new AppError('CODE', 'text'), a gateway's fail('text') and { message: 'text' } results.
    return [
      ...text.matchAll(/new AppError\('[A-Z_]+', (['"])((?:(?!\1).)+)\1/g),
      ...text.matchAll(/\bfail\((['"])((?:(?!\1).)+)\1\)/g),
      ...text.matchAll(/message: (['"])((?:(?!\1).)+)\1/g),
    ].map((m) => m[2]!);
  });
  return [...new Set([...constants, ...literals])];
}

/** Messages with details in them, as the server writes them (each through the code that makes it). */
const VARYING = [
  CHECKOUT_MESSAGES.outOfStock('Seat covers (black, 2 pieces)'),
  CART_MESSAGES.priceChanged('$24.99'),
  codeSentMessage('driver@example.com'),
  // buy-exam-access, pay-listing-fee and checkout-cart write it inline.
  'The amount to pay is $15.00 (1500 cents).',
];

describe('the web shows every server message in Russian', () => {
  const all = serverMessages();
  const validation = new Set<string>(Object.values(VALIDATION_MESSAGES));
  const ru = common('ru').serverMessages;
  const en = common('en').serverMessages;

  it('finds the messages (constants and source literals)', () => {
    expect(all.length).toBeGreaterThan(60);
    expect(all).toContain('Your card was declined.');
    expect(all).toContain('This make is not in our list.');
  });

  it('has a Russian text for each one that is not a validation message (those are translated by key)', () => {
    const missing = [...all, ...VARYING].filter((m) => !validation.has(m) && translateMessage(ru, m) === undefined);
    expect(missing).toEqual([]);
    for (const m of [...all, ...VARYING].filter((m) => !validation.has(m))) expect(translateMessage(ru, m), m).toMatch(/[а-яё]{3,}/i);
    // The details come through.
    expect(translateMessage(ru, VARYING[0]!)).toContain('«Seat covers (black, 2 pieces)»');
  });

  it('keeps the English catalogue the same texts, and nothing in it the server no longer says', () => {
    expect(Object.entries(en).filter(([k, v]) => k !== v)).toEqual([]);
    for (const m of [...all, ...VARYING].filter((m) => !validation.has(m))) expect(translateMessage(en, m)).toBe(m);
    const said = new Set(all);
    const templates = Object.keys(ru).filter((k) => k.includes('{{'));
    expect(Object.keys(ru).filter((k) => !k.includes('{{') && !said.has(k))).toEqual([]);
    for (const key of templates)
      expect(
        VARYING.some((m) => translateMessage({ [key]: 'x' }, m) !== undefined),
        key,
      ).toBe(true);
  });
});

describe('messages with details', () => {
  it('keeps an address with $ patterns as written (no $& or $` expansion)', () => {
    expect(codeSentMessage("a$&b$'c$`d@example.com")).toBe("Code sent to a$&b$'c$`d@example.com");
  });
});
