import { useQuery } from '@tanstack/react-query';
import type { PaymentMethodsResponse } from '@medallion/contracts/payments';
import { defineQuery, getJson } from './define-query';

/* Reads of the payments API (modules/payments): the user's saved cards. */

/** Query keys of the payments domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const paymentKeys = {
  all: ['payments'] as const,
  methods: () => [...paymentKeys.all, 'methods'] as const,
};

/**
 * Stripe.js itself (not an API call: the script the card form loads from the address the server
 * gives, see features/payments/lib/stripe-js.ts). Its own root, so refreshing payment data never
 * reloads the script.
 */
export const stripeJsKeys = {
  all: ['stripe-js'] as const,
  script: (url: string) => [...stripeJsKeys.all, url] as const,
};

/** GET /payments/payment-methods: the user's saved cards. */
export const getPaymentMethods = getJson<PaymentMethodsResponse>('/payments/payment-methods');
export const paymentMethodsQueryOptions = defineQuery(paymentKeys.methods, getPaymentMethods);
export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());
