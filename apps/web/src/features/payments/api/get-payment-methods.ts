import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethodsResponse } from '@medallion/contracts/payments';
import { apiFetch } from '@/lib/api-client';

/** GET /payments/payment-methods: the user's saved cards. */
export function getPaymentMethods(): Promise<PaymentMethodsResponse> {
  return apiFetch<PaymentMethodsResponse>('/payments/payment-methods');
}

export const paymentMethodsQueryOptions = queryOptions({ queryKey: ['payment-methods'], queryFn: getPaymentMethods });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions);
}
