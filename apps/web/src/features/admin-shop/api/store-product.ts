import type { QueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductsResponse } from '@medallion/contracts/admin-shop';
import { adminKeys } from '@/lib/queries/admin';
import { shopKeys } from '@/lib/queries/shop';

/** Puts a saved product into the cached list (new ones first), then refreshes the list and the public shop. */
export function storeProduct(queryClient: QueryClient, product: AdminProduct) {
  queryClient.setQueryData<AdminProductsResponse>(adminKeys.products(), (old) => {
    if (!old) return old;
    const exists = old.data.some((p) => p.product_id === product.product_id);
    return { data: exists ? old.data.map((p) => (p.product_id === product.product_id ? product : p)) : [product, ...old.data] };
  });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.products() }),
    // The shop's own list is stale now too.
    queryClient.invalidateQueries({ queryKey: shopKeys.products() }),
  ]);
}
