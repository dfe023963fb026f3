import { desc } from 'drizzle-orm';
import type { AdminProduct } from '@medallion/contracts/admin-shop';
import type { Database } from '@medallion/db/client';
import { products } from '@medallion/db/schema';
import type { Storage } from '../../integrations/storage/storage';
import { toAdminProduct } from './shop-records';

/** Every product, active or not, newest first (the staff console's list). */
export async function listAllProducts(db: Database, storage: Storage): Promise<AdminProduct[]> {
  const rows = await db.select().from(products).orderBy(desc(products.createdAt), desc(products.id));
  return rows.map((row) => toAdminProduct(row, storage));
}
