import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartItem } from '@medallion/contracts/shop';
import { apiFetch } from '@/lib/api-client';

export interface CartResponse {
  data: { data: CartItem[]; shipping_cents: number };
}

/** The one cache key of the cart: the header badge and /cart read it, every cart change invalidates it. */
export const CART_QUERY_KEY = ['cart'] as const;

/** GET /users/cart: the signed-in user's active cart items and the shipping price. */
export function getCart(signal?: AbortSignal): Promise<CartResponse> {
  return apiFetch<CartResponse>('/users/cart', { signal });
}

export const cartQueryOptions = queryOptions({ queryKey: CART_QUERY_KEY, queryFn: ({ signal }) => getCart(signal) });

export function useCart(enabled = true) {
  return useQuery({ ...cartQueryOptions, enabled });
}

/** The header badge: the summed quantity of the active items. */
export function useCartCount(enabled: boolean): number {
  const cart = useCart(enabled);
  return (cart.data?.data.data ?? []).filter((item) => item.status === 'ACTIVE').reduce((sum, item) => sum + item.quantity, 0);
}
