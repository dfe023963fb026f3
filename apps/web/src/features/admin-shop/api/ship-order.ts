import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrdersResponse, ShipOrderResponse } from '@medallion/contracts/admin-shop';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from '@/lib/queries/admin';

/** POST /admin/orders/{id}/ship: paid → shipped; the customer is e-mailed once (`emailed` is false when it was already shipped). */
export function shipOrder(orderId: string): Promise<ShipOrderResponse> {
  return apiFetch<ShipOrderResponse>(`/admin/orders/${encodeURIComponent(orderId)}/ship`, { method: 'POST' });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: ({ data }) => {
      const { emailed: _emailed, ...order } = data;
      // Every cached list shows the new status at once (a "paid only" list keeps it until the refresh).
      queryClient.setQueriesData<AdminOrdersResponse>({ queryKey: adminKeys.orders() }, (old) =>
        old ? { data: old.data.map((o) => (o.order_id === order.order_id ? order : o)) } : old,
      );
      return queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
    },
  });
}
