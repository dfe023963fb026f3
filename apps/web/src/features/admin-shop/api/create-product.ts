import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProductResponse, SaveProductRequest } from '@medallion/contracts/admin-shop';
import { apiFetch } from '@/lib/api-client';
import { storeProduct } from './store-product';

/** POST /admin/products: a new product; pictures as data URLs in display order. */
export function createProduct(body: SaveProductRequest): Promise<AdminProductResponse> {
  return apiFetch<AdminProductResponse>('/admin/products', { method: 'POST', body });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: ({ data }) => storeProduct(queryClient, data) });
}
