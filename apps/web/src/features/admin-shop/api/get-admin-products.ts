import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '@medallion/contracts/admin-shop';
import { apiFetch } from '@/lib/api-client';
import { shopKeys } from '@/lib/queries/shop';

export interface AdminProductsResponse {
  data: AdminProduct[];
}

/** GET /admin/products (staff): every product, active or not, newest first. */
export function getAdminProducts(signal?: AbortSignal): Promise<AdminProductsResponse> {
  return apiFetch<AdminProductsResponse>('/admin/products', { signal });
}

export const adminProductsQueryKey = ['admin', 'shop', 'products'] as const;

export const adminProductsQueryOptions = queryOptions({
  queryKey: adminProductsQueryKey,
  queryFn: ({ signal }) => getAdminProducts(signal),
});

export function useAdminProducts() {
  return useQuery(adminProductsQueryOptions);
}

/** Puts a saved product into the cached list (new ones first), then refreshes the list and the public shop. */
export function storeProduct(queryClient: QueryClient, product: AdminProduct) {
  queryClient.setQueryData<AdminProductsResponse>(adminProductsQueryKey, (old) => {
    if (!old) return old;
    const exists = old.data.some((p) => p.product_id === product.product_id);
    return { data: exists ? old.data.map((p) => (p.product_id === product.product_id ? product : p)) : [product, ...old.data] };
  });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }),
    // The shop's own list (another feature's cache) is stale now too.
    queryClient.invalidateQueries({ queryKey: shopKeys.products() }),
  ]);
}
