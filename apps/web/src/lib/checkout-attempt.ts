import { useRef } from 'react';
import { ApiClientError } from './api-client';

function newTransactionId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `tx-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Whether a checkout attempt is over after this answer, so the next Pay is a new attempt with a new
 * transaction id. Kept when the answer may not be final: no answer at all (the network dropped it), a
 * 5xx (the server could not confirm the charge) or a 409 (the attempt is still being processed): a
 * retry with the same id then finds that payment instead of charging again.
 */
export function attemptIsOver(error: unknown): boolean {
  if (!(error instanceof ApiClientError)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 409;
}

/**
 * One transaction id per checkout attempt (cart, exam, listing fee): the server charges an id at most
 * once, so a double click or a retry after a lost answer never charges twice. Renewed only after the
 * server answered: after a success, or a refusal that ends the attempt.
 */
export function useCheckoutAttempt() {
  const id = useRef('');
  return {
    /** The current attempt's id (read when Pay is pressed). */
    transactionId: () => (id.current ||= newTransactionId()),
    /** Call with the outcome of the payment call: nothing on success, the error otherwise. */
    answered(error?: unknown) {
      if (error === undefined || attemptIsOver(error)) id.current = '';
    },
  };
}
