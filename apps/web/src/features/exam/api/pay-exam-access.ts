import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXAM_PRICE_CENTS, type CreatePaymentIntentRequest, type CreatePaymentIntentResponse } from '@medallion/contracts/payments';
import { apiFetch } from '@/lib/api-client';
import { finishPayment } from '@/lib/payment-challenge';
import { examKeys } from '@/lib/queries/exam';

/** POST /payments/{id}/confirm: after the 3-D Secure challenge the server reads the payment intent again and settles it once. */
const confirmPayment = (paymentId: string) => apiFetch<CreatePaymentIntentResponse>(`/payments/${encodeURIComponent(paymentId)}/confirm`, { method: 'POST' });

export interface PayExamInput {
  paymentMethodId: string;
  /** The promo code when it was accepted, else undefined. */
  promoCode?: string;
  amountCents: number;
  discountCents: number;
  /** One checkout attempt: the same id is charged at most once. */
  transactionId: string;
}

/** POST /payments/create-payment-intent for 3 months of exam access ($20.00, $15.00 with the promo code). */
export async function payExamAccess(input: PayExamInput): Promise<CreatePaymentIntentResponse> {
  const body: CreatePaymentIntentRequest = {
    'user-pm': input.paymentMethodId,
    'payment-amount': input.amountCents,
    'transaction-type': 'exam',
    'original-amount': EXAM_PRICE_CENTS,
    'discount-amount': input.discountCents,
    'transaction-id': input.transactionId,
    ...(input.promoCode ? { 'referal-code': input.promoCode } : {}),
  };
  const answer = await apiFetch<CreatePaymentIntentResponse>('/payments/create-payment-intent', { method: 'POST', body });
  // A card that needs 3-D Secure (Stripe mode): the challenge, then the server settles the payment.
  return finishPayment(answer, () => confirmPayment(answer.data['payment-id']));
}

export function usePayExamAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payExamAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examKeys.questions() }),
  });
}
