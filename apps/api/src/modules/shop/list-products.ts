import { asc, eq } from 'drizzle-orm';
import type { Product } from '@medallion/contracts/shop';
import type { Database } from '@medallion/db/client';
import { products } from '@medallion/db/schema';
import type { Storage } from '../../integrations/storage/storage';
import { toProduct } from './shop-records';

/** The shop's window: active products only, oldest first, then by title. */
export async function listProducts(db: Database, storage: Storage): Promise<Product[]> {
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.createdAt), asc(products.title));
  return rows.map((p) => toProduct(p, storage));
}
