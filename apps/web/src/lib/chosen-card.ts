import { useState } from 'react';
import { usePaymentMethods } from './queries/payments';

/**
 * The card a checkout pays with: the one the user picked, else the server's default (the only saved
 * card, or the last used one: GET /payments/payment-methods → default_id), so Pay works without
 * picking. The three checkouts (listing fee, cart, exam) use it, so they always agree.
 */
export function useChosenCard(): [string | null, (id: string) => void] {
  const methods = usePaymentMethods();
  const [picked, setPicked] = useState<string | null>(null);
  const cards = methods.data?.data;
  const chosen = picked && cards?.some((card) => card.id === picked) ? picked : (methods.data?.default_id ?? null);
  return [chosen, setPicked];
}
