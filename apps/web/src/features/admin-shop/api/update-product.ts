import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProductResponse, SaveProductRequest } from '@medallion/contracts/admin-shop';
import { apiFetch } from '@/lib/api-client';
import { storeProduct } from './store-product';

/** PUT /admin/products/{id}: replaces the fields and pictures (kept file names or new data URLs, in order). */
export function updateProduct(input: { productId: string; body: SaveProductRequest }): Promise<AdminProductResponse> {
  return apiFetch<AdminProductResponse>(`/admin/products/${encodeURIComponent(input.productId)}`, { method: 'PUT', body: input.body });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSuccess: ({ data }) => storeProduct(queryClient, data) });
}
