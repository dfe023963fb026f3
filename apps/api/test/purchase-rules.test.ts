import { describe, expect, it } from 'vitest';
import { createPaymentIntentRequestSchema } from '@medallion/contracts/payments';
import { AppError } from '../src/lib/app-error';
import { requireAmount, requireTransactionId, TRANSACTION_ID_REQUIRED } from '../src/modules/payments/purchase';

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
    expect([error.code, error.statusCode, error.message]).toEqual(['VALIDATION_ERROR', 400, TRANSACTION_ID_REQUIRED]);
    expect(error.fields).toEqual({ 'transaction-id': TRANSACTION_ID_REQUIRED });
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
    expect(error.fields).toEqual({ 'payment-amount': '1500' });
    expect(thrown(() => requireAmount(108, 107)).message).toBe('The amount to pay is $1.07 (107 cents).');
  });
});
