import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProductResponse } from '@medallion/contracts/admin-shop';
import { apiFetch } from '@/lib/api-client';
import { storeProduct } from './store-product';

/** PATCH /admin/products/{id}: deactivate (hidden from the shop) or reactivate. */
export function setProductActive(input: { productId: string; active: boolean }): Promise<AdminProductResponse> {
  return apiFetch<AdminProductResponse>(`/admin/products/${encodeURIComponent(input.productId)}`, {
    method: 'PATCH',
    body: { active: input.active },
  });
}

export function useSetProductActive() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setProductActive, onSuccess: ({ data }) => storeProduct(queryClient, data) });
}
