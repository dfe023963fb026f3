import { useQuery } from '@tanstack/react-query';
import type { CartResponse, OrdersResponse, ProductsResponse } from '@medallion/contracts/shop';
import { defineQuery, getJson } from './define-query';

/* Reads of the shop API (modules/shop): the products, the signed-in user's cart and past orders. */

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
export const getProducts = getJson<ProductsResponse>('/products');
export const productsQueryOptions = defineQuery(shopKeys.products, getProducts);
export const useProducts = () => useQuery(productsQueryOptions());

/** GET /users/cart: the signed-in user's active cart items and the shipping price. */
export const getCart = getJson<CartResponse>('/users/cart');
export const cartQueryOptions = defineQuery(shopKeys.cart, getCart);
export const useCart = (enabled = true) => useQuery({ ...cartQueryOptions(), enabled });

/** The header badge: the summed quantity of the active items. */
export function useCartCount(enabled: boolean): number {
  const cart = useCart(enabled);
  return (cart.data?.data.data ?? []).filter((item) => item.status === 'ACTIVE').reduce((sum, item) => sum + item.quantity, 0);
}

/** GET /users/orders: the user's past orders. */
export const getOrders = getJson<OrdersResponse>('/users/orders');
export const ordersQueryOptions = defineQuery(shopKeys.orders, getOrders);
export const useOrders = () => useQuery(ordersQueryOptions());
