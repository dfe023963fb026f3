import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LISTING_FEE, type CreatePaymentIntentRequest, type CreatePaymentIntentResponse } from '@medallion/contracts/payments';
import { apiFetch } from '@/lib/api-client';
import { finishPayment } from '@/lib/payment-challenge';
import { listingKeys } from '@/lib/queries/listings';

/** POST /payments/{id}/confirm: after the 3-D Secure challenge the server reads the payment intent again and settles it once. */
const confirmPayment = (paymentId: string) => apiFetch<CreatePaymentIntentResponse>(`/payments/${encodeURIComponent(paymentId)}/confirm`, { method: 'POST' });

/**
 * POST /payments/create-payment-intent for a listing fee ($1.08, charged once per listing: the server
 * keys it by the listing; the attempt's transaction id travels along like the other checkouts').
 */
export async function payListingFee(input: { listingId: string; paymentMethodId: string; transactionId: string }): Promise<CreatePaymentIntentResponse> {
  const body: CreatePaymentIntentRequest = {
    'user-pm': input.paymentMethodId,
    'payment-amount': LISTING_FEE.totalCents,
    'transaction-id': input.transactionId,
    'listing-id': input.listingId,
  };
  const answer = await apiFetch<CreatePaymentIntentResponse>('/payments/create-payment-intent', { method: 'POST', body });
  // A card that needs 3-D Secure (Stripe mode): the challenge, then the server settles the payment.
  return finishPayment(answer, () => confirmPayment(answer.data['payment-id']));
}

export function usePayListingFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payListingFee,
    onSuccess: (_data, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listingKeys.detail(input.listingId) }),
        queryClient.invalidateQueries({ queryKey: listingKeys.mine() }),
      ]),
  });
}
