import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse } from '@medallion/contracts/payments';
import type { DeliveryAddress, Order, OrderResponse } from '@medallion/contracts/shop';
import { apiFetch } from '@/lib/api-client';
import { finishPayment } from '@/lib/payment-challenge';
import { shopKeys } from '@/lib/queries/shop';

/** POST /payments/{id}/confirm: after the 3-D Secure challenge the server reads the payment intent again and settles it once. */
const confirmPayment = (paymentId: string) => apiFetch<CreatePaymentIntentResponse>(`/payments/${encodeURIComponent(paymentId)}/confirm`, { method: 'POST' });

export interface CartCheckoutInput {
  paymentMethodId: string;
  totalCents: number;
  cartIds: string[];
  address: DeliveryAddress;
  /** The checkout attempt's id (see lib/checkout-attempt.ts): a retry of the attempt is charged once. */
  transactionId: string;
}

/** Pays for the selected items (create-payment-intent), then records the order (POST /users/transactions). */
export async function checkoutCart(input: CartCheckoutInput): Promise<Order> {
  const { transactionId } = input;
  const cartIds = input.cartIds.join(',');
  const body: CreatePaymentIntentRequest = {
    'user-pm': input.paymentMethodId,
    'payment-amount': input.totalCents,
    'transaction-id': transactionId,
    'cart-ids': cartIds,
    'delivery-address': input.address,
  };
  const answer = await apiFetch<CreatePaymentIntentResponse>('/payments/create-payment-intent', { method: 'POST', body });
  // A card that needs 3-D Secure (Stripe mode): the challenge, then the server settles the payment before the order is recorded.
  await finishPayment(answer, () => confirmPayment(answer.data['payment-id']));
  const order = await apiFetch<OrderResponse>('/users/transactions', {
    method: 'POST',
    body: { 'transaction-id': transactionId, 'cart-ids': cartIds, 'delivery-address': input.address },
  });
  return order.data;
}

export function useCheckoutCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkoutCart,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: shopKeys.cart() }), queryClient.invalidateQueries({ queryKey: shopKeys.orders() })]),
  });
}
