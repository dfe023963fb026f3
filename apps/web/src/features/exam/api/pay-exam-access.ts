import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXAM_PRICE_CENTS, type CreatePaymentIntentRequest, type CreatePaymentIntentResponse } from '@medallion/contracts/payments';
import { apiFetch } from '@/lib/api-client';
import { examKeys } from '@/lib/queries/exam';

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
export function payExamAccess(input: PayExamInput): Promise<CreatePaymentIntentResponse> {
  const body: CreatePaymentIntentRequest = {
    'user-pm': input.paymentMethodId,
    'payment-amount': input.amountCents,
    'transaction-type': 'exam',
    'original-amount': EXAM_PRICE_CENTS,
    'discount-amount': input.discountCents,
    'transaction-id': input.transactionId,
    ...(input.promoCode ? { 'referal-code': input.promoCode } : {}),
  };
  return apiFetch<CreatePaymentIntentResponse>('/payments/create-payment-intent', { method: 'POST', body });
}

export function usePayExamAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payExamAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examKeys.questions() }),
  });
}
