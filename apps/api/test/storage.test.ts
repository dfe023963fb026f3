import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../src/integrations/storage/disk-storage';
import { createS3Storage } from '../src/integrations/storage/s3-storage';
import type { Storage } from '../src/integrations/storage/storage';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { RENTAL_LABEL_FIELDS } from '../../../test-support/rental-label';

// A local S3-compatible server (s3rver speaks S3's REST API and checks SigV4 signatures).
const s3Dir = mkdtempSync(join(tmpdir(), 'medallion-s3rver-'));
const diskDir = mkdtempSync(join(tmpdir(), 'medallion-disk-'));
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'media' }] });
const address = (await server.run()) as { port: number };
const endpoint = `http://127.0.0.1:${address.port}`;
afterAll(async () => {
  await server.close();
  rmSync(s3Dir, { recursive: true, force: true });
  rmSync(diskDir, { recursive: true, force: true });
});

const s3Options = { bucket: 'media', region: 'us-east-1', endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };

const s3Storage = await createS3Storage(s3Options);

describe.each([
  ['disk', () => createDiskStorage(diskDir) as Storage, (key: string) => `file://${join(diskDir, key)}`],
  ['s3', () => s3Storage as Storage, (key: string) => `${endpoint}/media/${key}`],
])('%s storage', (kind, make, location) => {
  const storage = make();

  it('stores, serves and deletes a file under {listing_id}/{file name}', async () => {
    const key = `${crypto.randomUUID()}/photo.webp`;
    const body = Buffer.from(`hello ${kind}`);
    await storage.put(key, body, 'image/webp');
    if (kind === 's3') {
      expect(storage.publicUrl(key)).toBe(location(key));
      const res = await fetch(storage.publicUrl(key));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
    } else {
      expect(storage.publicUrl(key)).toBe(`/media/${key}`);
    }
    await storage.delete(key);
    if (kind === 's3') expect((await fetch(storage.publicUrl(key))).status).toBe(404);
    await storage.delete(key); // deleting twice is fine
  });

  it('deletes a whole folder ({listing_id}/…, thumbnails too), and only that folder', async () => {
    const id = crypto.randomUUID();
    const other = crypto.randomUUID();
    // A neighbour whose name starts the same way checks that a folder is meant, not a string prefix.
    const keys = [`${id}/a.webp`, `${id}/b.webp`, `${id}/thumbs/a.webp`, `${id}/thumbs/b.webp`];
    const neighbours = [`${other}/a.webp`, `${id}-old/a.webp`];
    for (const key of [...keys, ...neighbours]) await storage.put(key, Buffer.from(key), 'image/webp');
    await storage.deleteFolder(id);
    const exists = async (key: string) => (kind === 's3' ? (await fetch(storage.publicUrl(key))).status === 200 : existsSync(join(diskDir, key)));
    for (const key of keys) expect(await exists(key), key).toBe(false);
    for (const key of neighbours) expect(await exists(key), key).toBe(true);
    await storage.deleteFolder(id); // a missing folder is fine
    await expect(storage.deleteFolder('../x')).rejects.toThrow(/Unsafe storage key/);
  });

  it('keeps private files apart, never at a public address, and deletes them', async () => {
    const key = `rentals/${crypto.randomUUID()}/photo.webp`;
    const body = Buffer.from(`private ${kind}`);
    await storage.putPrivate(key, body, 'image/webp');
    expect((await storage.getPrivate(key))?.equals(body)).toBe(true);
    if (kind === 's3') expect((await fetch(storage.publicUrl(key))).status).toBe(404);
    else expect(existsSync(join(diskDir, key))).toBe(false);
    await storage.deletePrivate(key);
    expect(await storage.getPrivate(key)).toBeNull();
    await storage.deletePrivate(key); // deleting twice is fine
  });

  it('refuses keys that could escape the folder', async () => {
    for (const key of ['../x.webp', '/etc/passwd', 'a/../../b.webp', 'a//b.webp', 'a/b c.webp']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Unsafe storage key/);
    }
  });
});

describe('the app on S3 storage', async () => {
  const { app } = await buildTestApp({
    AUTH_RATE_LIMIT_MAX: '1000',
    S3_BUCKET: 'media',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const owner = await createConfirmedUser(app, 's3-owner@example.com');

  /** A plate listing's draft (steps 1 and 2) with one PNG picture of this size; returns its id. */
  async function plateDraftWithPicture(cookie: string, width: number, height: number): Promise<string> {
    const step1 = await app.inject({
      method: 'POST',
      url: '/api/listing/save-draft',
      headers: { cookie },
      payload: { step: 1, category: 'plates', location: { city: 'Astoria', state: 'NY', zip_code: '11106' } },
    });
    const id = step1.json().data.data.listing_id as string;
    const png = await sharp({ create: { width, height, channels: 3, background: '#f7b500' } })
      .png()
      .toBuffer();
    const step2 = await app.inject({
      method: 'POST',
      url: '/api/listing/save-draft',
      headers: { cookie },
      payload: {
        step: 2,
        listing_id: id,
        category: 'plates',
        title: 'FHV plate',
        listing_price: 100,
        payment_period: 'weekly',
        ...RENTAL_LABEL_FIELDS,
        images: [`data:image/png;base64,${png.toString('base64')}`],
      },
    });
    expect(step2.statusCode, step2.body).toBe(200);
    return id;
  }

  it('uploads listing pictures to the bucket and links them from there', async () => {
    const id = await plateDraftWithPicture(owner.cookie, 640, 480);
    const listing = (await app.inject({ method: 'GET', url: `/api/listing/${id}`, headers: { cookie: owner.cookie } })).json().data;
    expect(listing.image_urls[0]).toMatch(new RegExp(`^${endpoint}/media/${id}/[0-9a-f]+\\.webp$`));
    const full = await fetch(listing.image_urls[0]);
    expect(full.status).toBe(200);
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).format).toBe('webp');
    const thumb = await fetch(listing.thumbnail_urls[0]);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(400);
    // Pages may show pictures from the bucket.
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${endpoint}`);
    // No /media route on S3 storage.
    expect((await app.inject({ method: 'GET', url: `/media/${id}/x.webp` })).statusCode).toBe(404);
  });

  it('deleting the account removes its pictures from the bucket', async () => {
    const leaving = await createConfirmedUser(app, 's3-leaving@example.com', 'Leaving123');
    const id = await plateDraftWithPicture(leaving.cookie, 64, 48);
    const listing = (await app.inject({ method: 'GET', url: `/api/listing/${id}`, headers: { cookie: leaving.cookie } })).json().data;
    expect((await fetch(listing.image_urls[0])).status).toBe(200);
    const res = await app.inject({ method: 'DELETE', url: '/api/users', headers: { cookie: leaving.cookie }, payload: { password: 'Leaving123' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await fetch(listing.image_urls[0])).status).toBe(404);
    expect((await fetch(listing.thumbnail_urls[0])).status).toBe(404);
  });
});
