import { randomBytes, randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminProduct, saveProductRequestSchema } from '@medallion/contracts/admin-shop';
import { MAX_IMAGE_BYTES } from '@medallion/contracts/listing-filters';
import { VALIDATION_MESSAGES, validationText } from '@medallion/contracts/validation';
import type { Database } from '@medallion/db/client';
import { products } from '@medallion/db/schema';
import { ImageRejectedError, processListingImage } from '../../integrations/images/process-image';
import type { Storage } from '../../integrations/storage/storage';
import { AppError } from '../../lib/app-error';
import { productImageKey, toProduct } from './shop-records';

type SaveProduct = z.output<typeof saveProductRequestSchema>;
type ProductRow = typeof products.$inferSelect;

export const PRODUCT_MESSAGES = {
  imageNotOurs: 'One of the pictures does not belong to this product. Add it again.',
  imageType: 'Only pictures can be added (JPEG, PNG, WebP, GIF, AVIF or HEIC).',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new AppError('NOT_FOUND', VALIDATION_MESSAGES.productNotFound);

/** A product id from the URL: anything that is not a product's id is simply not found. */
export function checkProductId(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
}

export function toAdminProduct(row: ProductRow, storage: Storage): AdminProduct {
  return {
    ...toProduct(row, storage),
    image_names: row.images,
    stock: row.stock,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function invalid(field: string, keyOrText: string): AppError {
  const message = validationText(keyOrText);
  return new AppError('VALIDATION_ERROR', message, { [field]: message });
}

/** Every product, active or not, newest first. */
export async function listAllProducts(db: Database, storage: Storage): Promise<AdminProduct[]> {
  const rows = await db.select().from(products).orderBy(desc(products.createdAt), desc(products.id));
  return rows.map((row) => toAdminProduct(row, storage));
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,/;

type Prepared = { kind: 'kept'; name: string } | { kind: 'new'; name: string; full: Buffer };

/**
 * Reads every new picture first (checked by its content, re-encoded to WebP of at most 1600 px, no
 * metadata), so one bad picture refuses the whole save and nothing is half-stored. Kept pictures must be
 * this product's own file names.
 */
async function prepareImages(kept: Set<string>, items: string[]): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const field = `images.${i}`;
    const match = DATA_URL.exec(item);
    if (!match) {
      if (!kept.has(item) || seen.has(item)) throw invalid(field, PRODUCT_MESSAGES.imageNotOurs);
      seen.add(item);
      prepared.push({ kind: 'kept', name: item });
      continue;
    }
    const mime = match[1] ?? '';
    if (mime && !mime.startsWith('image/')) throw invalid(field, PRODUCT_MESSAGES.imageType);
    const bytes = Buffer.from(item.slice(match[0].length), 'base64');
    if (bytes.length > MAX_IMAGE_BYTES) throw invalid(field, 'imageTooLarge');
    try {
      const { full } = await processListingImage(bytes);
      prepared.push({ kind: 'new', name: `${randomBytes(8).toString('hex')}.webp`, full });
    } catch (error) {
      if (error instanceof ImageRejectedError) throw invalid(field, error.message);
      throw error;
    }
  }
  return prepared;
}

/** Stores the new pictures, then runs `write`; if anything fails, the stored files are removed again. */
async function withStoredImages<T>(storage: Storage, productId: string, prepared: Prepared[], write: () => Promise<T>): Promise<T> {
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
  priceCents: input.price_cents,
  stock: input.stock,
  active: input.active,
  details: input.details,
  retailerUrl: input.retailer_url,
  images,
});

/** A new product with its pictures (stored under products/{id}/). */
export async function createProduct(db: Database, storage: Storage, input: SaveProduct): Promise<AdminProduct> {
  const id = randomUUID();
  const prepared = await prepareImages(new Set(), input.images);
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
  if (!existing) throw notFound();
  const prepared = await prepareImages(new Set(existing.images), input.images);
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
    if (!updated) throw notFound();
    return updated;
  });
  const removed = existing.images.filter((name) => !row.images.includes(name));
  await Promise.all(removed.map((name) => storage.delete(productImageKey(row.id, name)))).catch(() => undefined);
  return toAdminProduct(row, storage);
}

/** Deactivate (gone from the shop; carts cannot buy it) or reactivate. */
export async function setProductActive(db: Database, storage: Storage, productId: string, active: boolean): Promise<AdminProduct> {
  const [row] = await db
    .update(products)
    .set({ active, updatedAt: sql`now()` })
    .where(eq(products.id, checkProductId(productId)))
    .returning();
  if (!row) throw notFound();
  return toAdminProduct(row, storage);
}
