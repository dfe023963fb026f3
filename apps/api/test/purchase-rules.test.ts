import { describe, expect, it } from 'vitest';
import { createPaymentIntentRequestSchema } from '@medallion/contracts/payments';
import { AppError } from '../src/lib/app-error';
import { toMessage } from '@medallion/contracts/messages';
import { requireAmount, requireTransactionId } from '../src/modules/payments/purchase';

const request = (body: Record<string, unknown>) => createPaymentIntentRequestSchema.parse({ 'user-pm': 'pm_1', 'payment-amount': 1500, ...body });

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

describe('requireTransactionId', () => {
  it('answers the checkout attempt’s transaction id', () => {
    expect(requireTransactionId(request({ 'transaction-id': 'abc123' }))).toBe('abc123');
  });

  it('refuses a request without one on the transaction-id field', () => {
    const error = thrown(() => requireTransactionId(request({})));
    expect([error.code, error.statusCode, error.key, error.message]).toEqual([
      'VALIDATION_ERROR',
      400,
      'payment.transactionIdRequired',
      'A transaction id is required.',
    ]);
    expect(error.fields).toEqual({ 'transaction-id': toMessage('payment.transactionIdRequired') });
  });
});

describe('requireAmount', () => {
  it('lets the server’s own amount through', () => {
    expect(() => requireAmount(1500, 1500)).not.toThrow();
  });

  it('refuses any other amount and says the right one', () => {
    const error = thrown(() => requireAmount(1000, 1500));
    expect([error.code, error.statusCode]).toEqual(['AMOUNT_MISMATCH', 400]);
    expect(error.message).toBe('The amount to pay is $15.00 (1500 cents).');
    expect([error.key, error.params]).toEqual(['payment.amountIs', { amount: '$15.00', cents: 1500 }]);
    expect(error.fields).toEqual({ 'payment-amount': toMessage('payment.amountIs', { amount: '$15.00', cents: 1500 }) });
    expect(thrown(() => requireAmount(108, 107)).message).toBe('The amount to pay is $1.07 (107 cents).');
  });
});
