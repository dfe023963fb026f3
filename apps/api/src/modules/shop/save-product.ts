import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminProduct, saveProductRequestSchema } from '@medallion/contracts/admin-shop';
import type { Database } from '@medallion/db/client';
import { products } from '@medallion/db/schema';
import { readImageUploads, type ImageUpload } from '../../integrations/images/read-image-upload';
import type { Storage } from '../../integrations/storage/storage';
import { checkProductId, productImageKey, productNotFound, toAdminProduct } from './shop-records';

type SaveProduct = z.output<typeof saveProductRequestSchema>;

/**
 * The pictures of a save: new ones read and checked first (one bad picture refuses the whole save);
 * kept ones must be this product's own file names, each listed once.
 */
const readProductImages = (kept: readonly string[], items: string[]) =>
  readImageUploads(items, { kept: new Set(kept), notOurs: 'product.imageNotOurs', keepOnce: true });

/** Stores the new pictures, then runs `write`; if anything fails, the stored files are removed again. */
async function withStoredImages<T>(storage: Storage, productId: string, prepared: ImageUpload[], write: () => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    for (const image of prepared) {
      if (image.kind !== 'new') continue;
      await storage.put(productImageKey(productId, image.name), image.full, 'image/webp');
      written.push(productImageKey(productId, image.name));
    }
    return await write();
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

const columns = (input: SaveProduct, images: string[]) => ({
  title: input.title,
  description: input.description,
  titleRu: input.title_ru,
  descriptionRu: input.description_ru,
  priceCents: input.price_cents,
  stock: input.stock,
  active: input.active,
  details: input.details,
  detailsRu: input.details_ru,
  retailerUrl: input.retailer_url,
  images,
});

/** A new product with its pictures (stored under products/{id}/). */
export async function createProduct(db: Database, storage: Storage, input: SaveProduct): Promise<AdminProduct> {
  const id = randomUUID();
  const prepared = await readProductImages([], input.images);
  const row = await withStoredImages(storage, id, prepared, async () => {
    const [created] = await db
      .insert(products)
      .values({
        id,
        ...columns(
          input,
          prepared.map((p) => p.name),
        ),
      })
      .returning();
    return created!;
  });
  return toAdminProduct(row, storage);
}

/** Replaces a product's fields and pictures; pictures no longer listed are deleted after the save. */
export async function updateProduct(db: Database, storage: Storage, productId: string, input: SaveProduct): Promise<AdminProduct> {
  const [existing] = await db
    .select()
    .from(products)
    .where(eq(products.id, checkProductId(productId)));
  if (!existing) throw productNotFound();
  const prepared = await readProductImages(existing.images, input.images);
  const row = await withStoredImages(storage, existing.id, prepared, async () => {
    const [updated] = await db
      .update(products)
      .set({
        ...columns(
          input,
          prepared.map((p) => p.name),
        ),
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, existing.id))
      .returning();
    if (!updated) throw productNotFound();
    return updated;
  });
  const removed = existing.images.filter((name) => !row.images.includes(name));
  await Promise.all(removed.map((name) => storage.delete(productImageKey(row.id, name)))).catch(() => undefined);
  return toAdminProduct(row, storage);
}
