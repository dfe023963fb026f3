import type { NextAction } from '@medallion/contracts/payments';
import { ApiClientError } from './api-client';
import { currentI18n } from './i18n';

/** A payment answer that may wait for its holder's 3-D Secure challenge (Stripe mode). */
interface MaybeChallenged {
  data: { 'next-action'?: NextAction };
}

/**
 * Runs the card's 3-D Secure challenge with Stripe.js (`stripe.handleNextAction`, the call of Stripe's
 * "finalize payments on the server" flow). Its outcome is not trusted here: the server reads the
 * payment intent again when the page confirms. Stripe.js that does not load is a clear, retryable error.
 */
export async function runPaymentChallenge(action: NextAction): Promise<void> {
  let stripeJs;
  try {
    // Loaded only when a bank asks for its holder: no page pays for it on first view.
    const { loadStripeJs } = await import('./stripe-js');
    stripeJs = await loadStripeJs(action['js-url']);
  } catch {
    throw new ApiClientError(402, 'PAYMENT_FAILED', {
      key: 'payment.challengeUnavailable',
      message: "Your bank's check could not be opened, so nothing was charged. Please try again.",
    });
  }
  const stripe = stripeJs(action['publishable-key'], { locale: currentI18n().language });
  // A failed or closed challenge resolves with an error (and a Stripe.js fault throws): either way the
  // server's confirm says what became of the payment, in the user's language.
  await stripe.handleNextAction({ clientSecret: action['client-secret'] }).catch(() => undefined);
}

/**
 * The one way a pay page finishes a payment: when the server answers that the card's bank wants its
 * holder, the challenge runs and then `confirm` asks the server, which settles the payment once (or
 * answers 402: nothing charged, the driver can try again). A challenge still open after that (closed
 * without an answer) is the same clear failure.
 */
export async function finishPayment<T extends MaybeChallenged>(answer: T, confirm: () => Promise<T>): Promise<T> {
  const action = answer.data['next-action'];
  if (!action) return answer;
  await runPaymentChallenge(action);
  const confirmed = await confirm();
  if (confirmed.data['next-action']) {
    throw new ApiClientError(402, 'PAYMENT_FAILED', {
      key: 'payment.authenticationFailed',
      message: 'Your bank did not confirm the payment, so nothing was charged. You can try again.',
    });
  }
  return confirmed;
}
