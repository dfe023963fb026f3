import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartItemResponse, DeleteCartItemResponse } from '@medallion/contracts/shop';
import { apiFetch } from '@/lib/api-client';
import { shopKeys } from '@/lib/queries/shop';

/** POST /users/cart: one more of a product (the price is the one the user saw). */
export function addToCart(input: { productId: string; price: number }): Promise<CartItemResponse> {
  return apiFetch<CartItemResponse>('/users/cart', { method: 'POST', body: { 'product-id': input.productId, quantity: 1, price: input.price } });
}

/** PATCH /users/cart: a new quantity. */
export function updateCartQuantity(input: { id: string; quantity: number }): Promise<CartItemResponse> {
  return apiFetch<CartItemResponse>('/users/cart', { method: 'PATCH', body: { 'cart-product-id': input.id, quantity: input.quantity } });
}

/** DELETE /users/cart?cart-product-id=. */
export function deleteCartItem(id: string): Promise<DeleteCartItemResponse> {
  return apiFetch<DeleteCartItemResponse>('/users/cart', { method: 'DELETE', query: { 'cart-product-id': id } });
}

function useInvalidateCart() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shopKeys.cart() });
}

export function useAddToCart() {
  const invalidate = useInvalidateCart();
  return useMutation({ mutationFn: addToCart, onSettled: invalidate });
}

export function useUpdateCartQuantity() {
  const invalidate = useInvalidateCart();
  return useMutation({ mutationFn: updateCartQuantity, onSettled: invalidate });
}

export function useDeleteCartItem() {
  const invalidate = useInvalidateCart();
  return useMutation({ mutationFn: deleteCartItem, onSettled: invalidate });
}
