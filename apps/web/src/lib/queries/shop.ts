import { queryOptions, useQuery } from '@tanstack/react-query';
import type { cartResponseSchema, ordersResponseSchema, productsResponseSchema } from '@medallion/contracts/shop';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/* Reads of the shop API (modules/shop): the products, the signed-in user's cart and past orders. */

export type ProductsResponse = z.infer<typeof productsResponseSchema>;
export type CartResponse = z.infer<typeof cartResponseSchema>;
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

/** Query keys of the shop domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const shopKeys = {
  all: ['shop'] as const,
  /** The active products (the staff's product console refreshes it after a save). */
  products: () => [...shopKeys.all, 'products'] as const,
  /** The cart: the header badge and /cart read it, every cart change invalidates it. */
  cart: () => [...shopKeys.all, 'cart'] as const,
  orders: () => [...shopKeys.all, 'orders'] as const,
};

/** GET /products: the active products of the shop. */
export function getProducts(signal?: AbortSignal): Promise<ProductsResponse> {
  return apiFetch<ProductsResponse>('/products', { signal });
}

export function productsQueryOptions() {
  return queryOptions({ queryKey: shopKeys.products(), queryFn: ({ signal }) => getProducts(signal) });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}

/** GET /users/cart: the signed-in user's active cart items and the shipping price. */
export function getCart(signal?: AbortSignal): Promise<CartResponse> {
  return apiFetch<CartResponse>('/users/cart', { signal });
}

export function cartQueryOptions() {
  return queryOptions({ queryKey: shopKeys.cart(), queryFn: ({ signal }) => getCart(signal) });
}

export function useCart(enabled = true) {
  return useQuery({ ...cartQueryOptions(), enabled });
}

/** The header badge: the summed quantity of the active items. */
export function useCartCount(enabled: boolean): number {
  const cart = useCart(enabled);
  return (cart.data?.data.data ?? []).filter((item) => item.status === 'ACTIVE').reduce((sum, item) => sum + item.quantity, 0);
}

/** GET /users/orders: the user's past orders. */
export function getOrders(signal?: AbortSignal): Promise<OrdersResponse> {
  return apiFetch<OrdersResponse>('/users/orders', { signal });
}

export function ordersQueryOptions() {
  return queryOptions({ queryKey: shopKeys.orders(), queryFn: ({ signal }) => getOrders(signal) });
}

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
