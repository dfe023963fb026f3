import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Product } from '@medallion/contracts/shop';
import { runSeed } from '@medallion/db/seed';
import { products } from '@medallion/db/schema';
import {
  DEMO_PRODUCT_PHOTOS_STEP,
  DEMO_PRODUCTS,
  DEMO_PRODUCTS_RU_STEP,
  demoProductPhotosSeedStep,
  demoProductsRuSeedStep,
  demoProductsSeedStep,
} from '@medallion/demo';
import { PRODUCT_PHOTO_HEIGHT, PRODUCT_PHOTO_SUBJECTS, PRODUCT_PHOTO_WIDTH, productPhotoSvg } from '@medallion/demo/photos/product-photos';
import { demoSeedContext } from '../src/modules/demo/seed-context';
import { buildTestApp } from './helpers/build-test-app';

describe('demo shop seed: products with generated photos', async () => {
  const { app, config } = await buildTestApp();
  const mediaRoot = join(config.DATA_DIR, 'media');
  const steps = [demoProductsSeedStep, demoProductPhotosSeedStep(demoSeedContext({ storage: app.storage }))];
  const catalogue = async () => (await app.inject({ method: 'GET', url: '/api/products' })).json().data.data as Product[];
  const storedFiles = () => readdirSync(join(mediaRoot, 'products'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

  // A database seeded before products had pictures: the rows exist, the images do not.
  await runSeed(app.db, [demoProductsSeedStep]);
  const before = await catalogue();
  // A product whose picture staff already uploaded keeps it.
  const staffPicked = before.find((p) => p.title === DEMO_PRODUCTS[1]!.title)!;
  await app.db
    .update(products)
    .set({ images: ['staff-upload.webp'] })
    .where(eq(products.id, staffPicked.product_id));

  const started = performance.now();
  const seeded = await runSeed(app.db, steps);
  const seedMs = Math.round(performance.now() - started);

  it('starts from products without images (the seed before this step)', () => {
    expect(before.length).toBe(DEMO_PRODUCTS.length);
    expect(before.every((p) => p.images.length === 0)).toBe(true);
  });

  it('adds the pictures to the existing products in one quick step', () => {
    expect(seeded).toEqual({ applied: [DEMO_PRODUCT_PHOTOS_STEP], skipped: ['demo-products-v1'] });
    // About 60 ms of CPU a picture; generous for a slow, shared CI machine.
    expect(seedMs).toBeLessThan(30_000);
  });

  it('gives every active product at least one image, served as an 800 × 600 WebP', async () => {
    const list = await catalogue();
    expect(list.length).toBe(DEMO_PRODUCTS.length);
    for (const product of list.filter((p) => p.product_id !== staffPicked.product_id)) {
      const demo = DEMO_PRODUCTS.find((p) => p.title === product.title)!;
      expect(product.images.length, product.title).toBe(demo.photos.length);
      expect(product.images.length, product.title).toBeGreaterThanOrEqual(1);
      const bodies: Buffer[] = [];
      for (const url of product.images) {
        expect(url).toMatch(new RegExp(`^/media/products/${product.product_id}/[0-9a-f]{16}\\.webp$`));
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', PRODUCT_PHOTO_WIDTH, PRODUCT_PHOTO_HEIGHT]);
        bodies.push(res.rawPayload);
      }
      // Two pictures of a product are two different pictures.
      expect(new Set(bodies.map((b) => b.toString('base64'))).size).toBe(bodies.length);
    }
    // The cart shows the cover (the first image).
    const cover = list.find((p) => p.product_id !== staffPicked.product_id)!;
    expect(cover.images[0]).toBeTruthy();
  });

  it('leaves pictures staff uploaded alone', async () => {
    const [row] = await app.db.select({ images: products.images }).from(products).where(eq(products.id, staffPicked.product_id));
    expect(row!.images).toEqual(['staff-upload.webp']);
  });

  it('is idempotent: a second run adds no products, no pictures and no files', async () => {
    const images = (await catalogue()).map((p) => [p.product_id, p.images]);
    const files = storedFiles();
    expect(files).toBe(DEMO_PRODUCTS.filter((p) => p.title !== staffPicked.title).reduce((n, p) => n + p.photos.length, 0));
    const again = await runSeed(app.db, steps);
    expect(again.applied).toEqual([]);
    expect((await catalogue()).map((p) => [p.product_id, p.images])).toEqual(images);
    expect(storedFiles()).toBe(files);
  });

  it('draws every subject (the catalogue uses them all) as a distinct picture', () => {
    const used = new Set(DEMO_PRODUCTS.flatMap((p) => p.photos));
    expect([...used].sort()).toEqual([...PRODUCT_PHOTO_SUBJECTS].sort());
    const svgs = PRODUCT_PHOTO_SUBJECTS.map((s) => productPhotoSvg(s));
    expect(new Set(svgs).size).toBe(svgs.length);
    // The same subject always gives the same picture.
    expect(productPhotoSvg('dash-cam')).toBe(svgs[PRODUCT_PHOTO_SUBJECTS.indexOf('dash-cam')]);
  });
  it('has every demo product in Russian: title, description and as many detail lines, written in Cyrillic', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.ru.title, p.title).toMatch(/[а-яё]/i);
      expect(p.ru.description, p.title).toMatch(/[а-яё]/i);
      expect(p.ru.details.length, p.title).toBe(p.details.length);
      for (const line of p.ru.details) expect(line.key, p.title).toMatch(/[а-яё]/i);
      expect(p.ru.title.length).toBeLessThanOrEqual(120);
    }
    expect(DEMO_PRODUCTS.find((p) => p.title.startsWith('TLC license'))!.ru.title).toContain('лицензии TLC');
  });

  it('gives a database seeded before Russian texts the Russian of the demo products, keeping what staff wrote', async () => {
    const list = await catalogue();
    expect(list.every((p) => p.title_ru !== '' && p.details_ru.length === p.details.length)).toBe(true);
    await app.db.update(products).set({ titleRu: '', descriptionRu: '', detailsRu: [] });
    const own = list[0]!;
    await app.db.update(products).set({ titleRu: 'Перевод сотрудника' }).where(eq(products.id, own.product_id));
    expect(await runSeed(app.db, [demoProductsRuSeedStep])).toEqual({ applied: [DEMO_PRODUCTS_RU_STEP], skipped: [] });
    for (const product of await catalogue()) {
      const demo = DEMO_PRODUCTS.find((p) => p.title === product.title)!;
      if (product.product_id === own.product_id) {
        expect(product.title_ru).toBe('Перевод сотрудника');
        continue;
      }
      expect(product).toMatchObject({ title_ru: demo.ru.title, description_ru: demo.ru.description, details_ru: demo.ru.details });
    }
  });
});
