import { eq, sql } from 'drizzle-orm';
import type { AdminProduct } from '@medallion/contracts/admin-shop';
import type { Database } from '@medallion/db/client';
import { products } from '@medallion/db/schema';
import type { Storage } from '../../integrations/storage/storage';
import { checkProductId, productNotFound, toAdminProduct } from './shop-records';

/** Deactivate (gone from the shop; carts cannot buy it) or reactivate. */
export async function setProductActive(db: Database, storage: Storage, productId: string, active: boolean): Promise<AdminProduct> {
  const [row] = await db
    .update(products)
    .set({ active, updatedAt: sql`now()` })
    .where(eq(products.id, checkProductId(productId)))
    .returning();
  if (!row) throw productNotFound();
  return toAdminProduct(row, storage);
}
