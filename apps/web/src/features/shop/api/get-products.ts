import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@medallion/contracts/shop';
import { apiFetch } from '@/lib/api-client';

export interface ProductsResponse {
  data: { data: Product[] };
}

/** GET /products: the active products of the shop. */
export function getProducts(signal?: AbortSignal): Promise<ProductsResponse> {
  return apiFetch<ProductsResponse>('/products', { signal });
}

export const productsQueryOptions = queryOptions({ queryKey: ['products'], queryFn: ({ signal }) => getProducts(signal) });

export function useProducts() {
  return useQuery(productsQueryOptions);
}
