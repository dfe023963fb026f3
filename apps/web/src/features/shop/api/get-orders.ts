import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@medallion/contracts/shop';
import { apiFetch } from '@/lib/api-client';

export interface OrdersResponse {
  data: { data: Order[] };
}

/** GET /users/orders: the user's past orders. */
export function getOrders(signal?: AbortSignal): Promise<OrdersResponse> {
  return apiFetch<OrdersResponse>('/users/orders', { signal });
}

export const ordersQueryOptions = queryOptions({ queryKey: ['orders'], queryFn: ({ signal }) => getOrders(signal) });

export function useOrders() {
  return useQuery(ordersQueryOptions);
}
