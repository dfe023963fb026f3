import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder, OrderStatus } from '@medallion/contracts/admin-shop';
import { apiFetch } from '@/lib/api-client';

export interface AdminOrdersResponse {
  data: AdminOrder[];
}

/** GET /admin/orders (staff): newest first, optionally one status. */
export function getAdminOrders(status: OrderStatus | undefined, signal?: AbortSignal): Promise<AdminOrdersResponse> {
  return apiFetch<AdminOrdersResponse>('/admin/orders', { query: { status }, signal });
}

export const adminOrdersQueryKey = ['admin', 'shop', 'orders'] as const;

export const adminOrdersQueryOptions = (status?: OrderStatus) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, status ?? 'all'],
    queryFn: ({ signal }) => getAdminOrders(status, signal),
  });

export function useAdminOrders(status?: OrderStatus) {
  return useQuery(adminOrdersQueryOptions(status));
}
