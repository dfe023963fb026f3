import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { photoDataUrl } from './helpers/photos';
import { createConfirmedUser } from './helpers/auth';
import { RENTAL_LABEL_FIELDS } from '../../../test-support/rental-label';

const LOCATION = { city: 'Brooklyn', state: 'NY', zip_code: '11201' };

const photo = (color: string) => photoDataUrl(color);

describe('stored listing pictures follow the data', async () => {
  const { app, config } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const media = join(config.DATA_DIR, 'media');
  /** Every file under DATA_DIR/media (relative paths), as the disk holds them. */
  const filesOnDisk = (under = '') => {
    try {
      return readdirSync(join(media, under), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(media.length + 1))
        .sort();
    } catch {
      return [];
    }
  };
  const save = (cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/listing/save-draft', headers: { cookie }, payload });
  const details = (listingId: string, images: string[]) => ({
    step: 2,
    listing_id: listingId,
    category: 'plates',
    title: 'FHV plates for rent',
    listing_price: '300',
    payment_period: 'weekly',
    ...RENTAL_LABEL_FIELDS,
    images,
  });
  async function draftWithPictures(cookie: string, count: number): Promise<{ id: string; images: string[] }> {
    const first = await save(cookie, { step: 1, category: 'plates', name: '', email: '', location: LOCATION });
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().data.data.listing_id as string;
    const pictures = await Promise.all(Array.from({ length: count }, (_, i) => photo(`#${i}${i}0`)));
    const second = await save(cookie, details(id, pictures));
    expect(second.statusCode, second.body).toBe(200);
    const [row] = await app.db.select().from(listings).where(eq(listings.id, id));
    return { id, images: row!.images };
  }
  /** The files a listing's row refers to: each picture and its thumbnail. */
  const referenced = (id: string, images: string[]) => images.flatMap((name) => [`${id}/${name}`, `${id}/thumbs/${name}`]).sort();

  it('deleting an account removes its listing photos and thumbnails from the storage (/media answers 404)', async () => {
    const owner = await createConfirmedUser(app, 'leaving@example.com', 'Leaving123');
    const keeper = await createConfirmedUser(app, 'staying@example.com', 'Staying123');
    const a = await draftWithPictures(owner.cookie, 2);
    const b = await draftWithPictures(owner.cookie, 1);
    const kept = await draftWithPictures(keeper.cookie, 1);
    expect(filesOnDisk(a.id)).toEqual(referenced(a.id, a.images));
    expect(filesOnDisk(b.id)).toHaveLength(2);
    const photoUrl = `/media/${a.id}/${a.images[0]}`;
    const thumbUrl = `/media/${a.id}/thumbs/${a.images[0]}`;
    expect((await app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(200);
    const before = filesOnDisk().length;

    const res = await app.inject({ method: 'DELETE', url: '/api/users', headers: { cookie: owner.cookie }, payload: { password: 'Leaving123' } });
    expect(res.statusCode, res.body).toBe(200);

    expect(filesOnDisk(a.id)).toEqual([]);
    expect(filesOnDisk(b.id)).toEqual([]);
    expect(filesOnDisk().length).toBe(before - 6);
    expect((await app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: thumbUrl })).statusCode).toBe(404);
    // Other people's pictures stay.
    expect(filesOnDisk(kept.id)).toEqual(referenced(kept.id, kept.images));
    expect((await app.inject({ method: 'GET', url: `/media/${kept.id}/${kept.images[0]}` })).statusCode).toBe(200);
  });

  it('6 parallel step-2 saves of one draft leave exactly the files its row refers to', async () => {
    const owner = await createConfirmedUser(app, 'racer@example.com');
    const draft = await draftWithPictures(owner.cookie, 2);
    expect(filesOnDisk(draft.id)).toEqual(referenced(draft.id, draft.images));
    const pictures = await Promise.all(['#a00', '#0a0', '#00a', '#aa0', '#0aa', '#a0a'].map(photo));

    // Each keeps the first picture, drops the second and adds three new ones.
    const results = await Promise.all(pictures.map((picture) => save(owner.cookie, details(draft.id, [draft.images[0]!, picture, picture, picture]))));
    for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);

    const [row] = await app.db.select().from(listings).where(eq(listings.id, draft.id));
    expect(row!.images).toHaveLength(4);
    expect(row!.images[0]).toBe(draft.images[0]);
    expect(filesOnDisk(draft.id)).toEqual(referenced(draft.id, row!.images));
  });

  it('a save that keeps a picture another save removed meanwhile is refused and leaves nothing behind', async () => {
    const owner = await createConfirmedUser(app, 'stale@example.com');
    const draft = await draftWithPictures(owner.cookie, 2);
    // One tab drops the first picture…
    const dropped = await save(owner.cookie, details(draft.id, [draft.images[1]!]));
    expect(dropped.statusCode, dropped.body).toBe(200);
    // …another, opened before, still lists it next to a new one.
    const stale = await save(owner.cookie, details(draft.id, [draft.images[0]!, await photo('#123')]));
    expect(stale.statusCode).toBe(400);
    const [row] = await app.db.select().from(listings).where(eq(listings.id, draft.id));
    expect(row!.images).toEqual([draft.images[1]]);
    expect(filesOnDisk(draft.id)).toEqual(referenced(draft.id, row!.images));
  });
});
