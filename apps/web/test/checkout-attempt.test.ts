import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../src/lib/api-client';
import { attemptIsOver } from '../src/lib/checkout-attempt';

describe('a checkout attempt keeps its transaction id until the server answered', () => {
  it('keeps it when the answer was lost, the charge is unconfirmed or still processing', () => {
    expect(attemptIsOver(new ApiClientError(0, 'NETWORK_ERROR', { message: 'offline' }))).toBe(false);
    expect(attemptIsOver(new ApiClientError(503, 'SERVICE_UNAVAILABLE', { message: 'unconfirmed' }))).toBe(false);
    expect(attemptIsOver(new ApiClientError(500, 'INTERNAL_ERROR', { message: 'oops' }))).toBe(false);
    expect(attemptIsOver(new ApiClientError(409, 'CONFLICT', { message: 'This payment is already being processed.' }))).toBe(false);
    expect(attemptIsOver(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('ends it after a refusal: a declined card, a changed amount, a bad promo code', () => {
    expect(attemptIsOver(new ApiClientError(402, 'PAYMENT_FAILED', { message: 'Your card was declined.' }))).toBe(true);
    expect(attemptIsOver(new ApiClientError(400, 'AMOUNT_MISMATCH', { message: 'The amount to pay is $15.00 (1500 cents).' }))).toBe(true);
    expect(attemptIsOver(new ApiClientError(404, 'NOT_FOUND', { message: 'Payment method not found.' }))).toBe(true);
  });
});
