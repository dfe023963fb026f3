import { describe, expect, expectTypeOf, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGE_KEYS } from '../src/error-codes';
import { apiErrorSchema } from '../src/errors';
import { formatMessage, isMessageKey, MESSAGES, placeholdersOf, toMessage, type MessageArgs } from '../src/messages';

describe('the message catalogue', () => {
  it('fills placeholders with the values as written', () => {
    expect(formatMessage('cart.outOfStock', { title: 'Seat covers' })).toBe(
      '"Seat covers" is out of stock in the quantity you chose. Lower the quantity or remove it.',
    );
    expect(formatMessage('auth.codeSent', { email: "a$&b$'c$`d@example.com" })).toBe("Code sent to a$&b$'c$`d@example.com");
    expect(formatMessage('payment.amountIs', { amount: '$15.00', cents: 1500 })).toBe('The amount to pay is $15.00 (1500 cents).');
    expect(formatMessage('nameRequired')).toBe('Please enter your name.');
  });

  it('builds the message the API sends: key, params only when there are some, English text', () => {
    expect(toMessage('error.notFound')).toEqual({ key: 'error.notFound', message: 'Not found.' });
    expect(toMessage('cart.priceChanged', { price: '$24.99' })).toEqual({
      key: 'cart.priceChanged',
      params: { price: '$24.99' },
      message: 'The price of this product is now $24.99. Refresh the page to see the current price.',
    });
  });

  it('types the params of each key from its text', () => {
    expectTypeOf<['cart.outOfStock', { title: string }]>().toExtend<MessageArgs>();
    expectTypeOf<['cart.outOfStock']>().not.toExtend<MessageArgs>();
    expectTypeOf<['cart.outOfStock', { name: string }]>().not.toExtend<MessageArgs>();
    expectTypeOf<['no.suchKey']>().not.toExtend<MessageArgs>();
    expectTypeOf<['error.notFound']>().toExtend<MessageArgs>();
  });

  it('has a default message for every error code', () => {
    for (const code of ERROR_CODES) expect(isMessageKey(ERROR_MESSAGE_KEYS[code]), code).toBe(true);
    expect(formatMessage(ERROR_MESSAGE_KEYS.UNAUTHORIZED)).toBe('User is not authenticated');
  });

  it('has no empty text and well-formed placeholders', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(text.trim(), key).not.toBe('');
      expect(text.replace(/\{\{\w+\}\}/g, ''), key).not.toMatch(/[{}]/);
    }
    expect(placeholdersOf(MESSAGES['payment.amountIs'])).toEqual(['amount', 'cents']);
  });

  it('describes an error body with a key, its params and its text, also per field', () => {
    const body = {
      code: 'CONFLICT',
      ...toMessage('cart.outOfStock', { title: 'Mats' }),
      fields: { 'cart-ids.x': toMessage('cart.outOfStock', { title: 'Mats' }) },
    };
    expect(apiErrorSchema.parse(body)).toEqual(body);
    expect(apiErrorSchema.safeParse({ code: 'CONFLICT', key: 'no.suchKey', message: 'x' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ code: 'CONFLICT', key: 'error.conflict', message: 'x', fields: { a: 'text' } }).success).toBe(false);
  });
});
