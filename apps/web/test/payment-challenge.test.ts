// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NextAction } from '@medallion/contracts/payments';
import { ApiClientError } from '@/lib/api-client';
import { finishPayment } from '@/lib/payment-challenge';
import type { StripeConstructor } from '@/lib/stripe-js';

const action: NextAction = { 'client-secret': 'pi_1_secret_x', 'publishable-key': 'pk_test_x', 'js-url': 'https://js.example.test/v3/' };
const paid: { data: { 'payment-id': string; status: string; 'next-action'?: NextAction } } = { data: { 'payment-id': 'p1', status: 'succeeded' } };
const challenged = { data: { 'payment-id': 'p1', status: 'requires_action' as const, 'next-action': action } };

function stripeWith(handleNextAction: ReturnType<typeof vi.fn>) {
  window.Stripe = vi.fn(() => ({ handleNextAction, elements: vi.fn(), confirmCardSetup: vi.fn() })) as unknown as StripeConstructor;
}

afterEach(() => {
  delete window.Stripe;
});

describe('finishPayment', () => {
  it('answers a paid payment as it is, without Stripe.js or a confirm', async () => {
    const confirm = vi.fn();
    expect(await finishPayment(paid, confirm)).toBe(paid);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('runs the challenge with handleNextAction, then asks the server, whose answer counts', async () => {
    const handle = vi.fn().mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    stripeWith(handle);
    const confirm = vi.fn().mockResolvedValue(paid);
    expect(await finishPayment(challenged, confirm)).toBe(paid);
    expect(window.Stripe).toHaveBeenCalledWith('pk_test_x', expect.anything());
    expect(handle).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it("a failed challenge is the server's 402; a challenge still open after it is a clear failure too", async () => {
    stripeWith(vi.fn().mockResolvedValue({ error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure' } }));
    const refused = new ApiClientError(402, 'PAYMENT_FAILED', { key: 'payment.authenticationFailed', message: 'no' });
    await expect(finishPayment(challenged, vi.fn().mockRejectedValue(refused))).rejects.toBe(refused);
    const stillOpen = finishPayment(challenged, vi.fn().mockResolvedValue(challenged));
    await expect(stillOpen).rejects.toMatchObject({ status: 402, key: 'payment.authenticationFailed' });
  });
});
