import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse } from '@medallion/contracts/payments';
import type { DeliveryAddress, Order, OrderResponse } from '@medallion/contracts/shop';
import { apiFetch } from '@/lib/api-client';
import { shopKeys } from '@/lib/queries/shop';

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
  await apiFetch<CreatePaymentIntentResponse>('/payments/create-payment-intent', { method: 'POST', body });
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
