import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listings, mailOutbox, payments } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { photoDataUrl, storedListingPictures } from './helpers/photos';
import { createConfirmedUser, signedInStaff } from './helpers/auth';
import { saveSandboxCard } from './helpers/payments';
import { fieldTexts } from './helpers/field-texts';
import { RENTAL_LABEL_FIELDS } from '../../../test-support/rental-label';

const LOCATION = JSON.stringify({ city: 'Brooklyn', state: 'NY', zip_code: '11201' });
const VALID_VIN = '1HGCM82633A004352'; // a classic example VIN with a correct check digit

const photo = (color: string, width = 800, height = 600, format: 'jpeg' | 'png' = 'jpeg') => photoDataUrl(color, width, height, format);

/** A real PNG header that claims 20000 × 20000 pixels (a decompression bomb), with a valid CRC. */
async function hugePngHeader(): Promise<string> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  const ihdr = png.subarray(12, 29); // "IHDR" + 13 bytes of data
  ihdr.writeUInt32BE(20000, 4);
  ihdr.writeUInt32BE(20000, 8);
  png.writeUInt32BE(crc32(ihdr) >>> 0, 29);
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe('create listing, listing fee, moderation', async () => {
  const { app, config } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', SUPPORT_EMAIL: 'review@medallion.example' });
  const owner = await createConfirmedUser(app, 'owner@example.com', 'Secret123', 'Olga Petrova');
  const other = await createConfirmedUser(app, 'other@example.com');
  const { cookie: staff } = await signedInStaff(app, 'mod@example.com', 'Moderator');

  const save = (cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/listing/save-draft', headers: { cookie }, payload });
  const row = async (id: string) => (await app.db.select().from(listings).where(eq(listings.id, id)))[0]!;
  const mediaFiles = (id: string) => storedListingPictures(config.DATA_DIR, id);
  const addCard = async (cookie: string, number: string) => ({ id: await saveSandboxCard(app, cookie, number) });
  const pay = (cookie: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/payments/create-payment-intent', headers: { cookie }, payload: body });

  async function newDraft(cookie = owner.cookie, category: 'cars' | 'plates' = 'cars'): Promise<string> {
    const res = await save(cookie, { step: 1, category, name: '', email: '', phone_number: '(718) 555-0100', location: LOCATION });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.data.listing_id;
  }
  const carDetails = (listingId: string, extra: Record<string, unknown> = {}) => ({
    step: 2,
    listing_id: listingId,
    category: 'cars',
    title: '2021 Toyota Camry Hybrid, TLC ready',
    description: 'Insurance included.',
    listing_price: '425',
    payment_period: 'weekly',
    ...RENTAL_LABEL_FIELDS,
    make: 'toyota',
    model: 'camry',
    year: '2021',
    body_class: 'Sedan/Saloon',
    fuel: 'Hybrid',
    door_number: '4',
    seat_number: '5',
    seat_row_number: '2',
    images: [],
    ...extra,
  });

  it('step 1 creates a DRAFT with the account name and e-mail when left blank', async () => {
    const id = await newDraft();
    const r = await row(id);
    expect(r).toMatchObject({
      status: 'DRAFT',
      category: 'cars',
      name: 'Olga Petrova',
      email: 'owner@example.com',
      phoneNumber: '(718) 555-0100',
      locationCity: 'Brooklyn',
      locationState: 'NY',
      locationZip: '11201',
      publishedAt: null,
    });
  });

  it('step 1 answers the spec messages', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ location: LOCATION }, 'category', 'Category not selected'],
      [{ category: 'cars', location: '' }, 'location', 'Location not entered'],
      [{ category: 'cars', location: JSON.stringify({ city: 'Br', state: 'NY' }) }, 'location', 'Location not entered'],
      [{ category: 'cars', location: JSON.stringify({ city: 'Atlantis', state: 'NY' }) }, 'location', 'Location not entered'],
      [{ category: 'cars', location: LOCATION, email: 'olga@mail' }, 'email', 'Incorrect email'],
      [{ category: 'cars', location: LOCATION, phone_number: '718-555-0100' }, 'phone_number', 'Enter the phone as (123) 456-7890, or leave it empty.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await save(owner.cookie, { step: 1, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields?.[field]?.message, JSON.stringify(payload)).toBe(message);
    }
    // A city picked from the suggestions without a zip is fine.
    const res = await save(owner.cookie, { step: 1, category: 'plates', location: { city: 'Flushing', state: 'NY' } });
    expect(res.statusCode).toBe(200);
  });

  it('step 2 requires title, price, period and, for cars, make, model and year (spec messages)', async () => {
    const id = await newDraft();
    const res = await save(owner.cookie, { step: 2, listing_id: id, category: 'cars', images: [] });
    expect(res.statusCode).toBe(400);
    expect(fieldTexts(res.json())).toMatchObject({
      title: 'Listing title is not entered',
      listing_price: 'Listing price is not entered',
      payment_period: 'Listing payment period is not entered',
    });
    const car = await save(owner.cookie, { ...carDetails(id), make: '', model: '', year: '' });
    expect(fieldTexts(car.json())).toEqual({ make: 'Make is not entered', model: 'Model is not entered', year: 'Year is not entered' });

    const plateId = await newDraft(owner.cookie, 'plates');
    const plate = await save(owner.cookie, {
      step: 2,
      listing_id: plateId,
      category: 'plates',
      title: 'FHV plate for rent',
      listing_price: '120',
      payment_period: 'weekly',
      ...RENTAL_LABEL_FIELDS,
      plate_number: 't654321c',
    });
    expect(plate.statusCode, plate.body).toBe(200);
    expect(await row(plateId)).toMatchObject({ title: 'FHV plate for rent', priceCents: 12000, plateNumber: 'T654321C', carMake: null });
  });

  it('checks the VIN and matches make and model to the car data', async () => {
    const id = await newDraft();
    const bad = await save(owner.cookie, carDetails(id, { vin: '1HGCM82633A004353' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.vin.message).toMatch(/check digit/);
    const short = await save(owner.cookie, carDetails(id, { vin: '1HGCM82633A00' }));
    expect(short.json().fields.vin.message).toMatch(/17/);
    const ok = await save(owner.cookie, carDetails(id, { vin: VALID_VIN.toLowerCase() }));
    expect(ok.statusCode, ok.body).toBe(200);
    const r = await row(id);
    expect(r).toMatchObject({ vin: VALID_VIN, carMake: 'Toyota', carModel: 'Camry', carYear: 2021, priceCents: 42_500, paymentPeriod: 'weekly' });
    expect(r.carMakeId).toBeGreaterThan(0);
    expect(r.carModelId).toBeGreaterThan(0);
  });

  it('stores pictures as WebP with thumbnails, keeps order (main first), and deletes removed ones', async () => {
    const id = await newDraft();
    const res = await save(
      owner.cookie,
      carDetails(id, { images: [await photo('#c00'), await photo('#0c0', 3000, 2000), await photo('#00c', 300, 200, 'png')] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const first = await row(id);
    expect(first.images).toHaveLength(3);
    expect(mediaFiles(id)).toHaveLength(6);
    const big = await sharp(join(config.DATA_DIR, 'media', id, first.images[1]!)).metadata();
    expect(big).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    const thumb = await sharp(join(config.DATA_DIR, 'media', id, 'thumbs', first.images[1]!)).metadata();
    expect(thumb).toMatchObject({ width: 400, height: 300 });

    // The 2nd becomes the main picture, the 3rd is removed, a new one is added.
    const again = await save(owner.cookie, carDetails(id, { images: [first.images[1], first.images[0], await photo('#888')] }));
    expect(again.statusCode, again.body).toBe(200);
    const second = await row(id);
    expect(second.images.slice(0, 2)).toEqual([first.images[1], first.images[0]]);
    expect(second.images[2]).not.toBe(first.images[2]);
    expect(mediaFiles(id)).toHaveLength(6);
    expect(mediaFiles(id).some((f) => f.includes(first.images[2]!))).toBe(false);

    const listing = await app.inject({ method: 'GET', url: `/api/listing/${id}`, headers: { cookie: owner.cookie } });
    expect(listing.json().data.thumbnail_urls[0]).toBe(`/media/${id}/thumbs/${first.images[1]}`);
  });

  it('refuses bad pictures with a clear 400 and saves nothing', async () => {
    const id = await newDraft();
    const good = await photo('#123456');
    const script = `data:image/jpeg;base64,${Buffer.from('#!/bin/sh\nrm -rf /\n').toString('base64')}`;
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>').toString('base64')}`;
    const huge = `data:image/jpeg;base64,${Buffer.alloc(11 * 1024 * 1024, 1).toString('base64')}`;
    const cases: Array<[string[], RegExp]> = [
      [[good, script], /not a picture/],
      [[good, svg], /Only pictures|not a picture/],
      [[good, huge], /at most 10 MB/],
      [[good, await hugePngHeader()], /too large in pixels/],
      [[good, 'someone-elses-file.webp'], /does not belong/],
      [Array.from({ length: 10 }, () => good), /at most 9 pictures/],
    ];
    for (const [images, message] of cases) {
      const res = await save(owner.cookie, carDetails(id, { images }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      const r = await row(id);
      expect(r.title).toBeNull();
      expect(r.images).toEqual([]);
      expect(mediaFiles(id)).toEqual([]);
    }
    const tooBig = await app.inject({
      method: 'POST',
      url: '/api/listing/save-draft',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(carDetails(id, { images: [`data:image/jpeg;base64,${'A'.repeat(130 * 1024 * 1024)}`] })),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('lets only the owner edit, and never takes status, owner, views or timestamp from the client', async () => {
    const id = await newDraft();
    const stranger = await save(other.cookie, carDetails(id));
    expect(stranger.statusCode).toBe(403);
    const sneaky = await save(owner.cookie, { ...carDetails(id), status: 'ACTIVE', user_id: other.id, view_count: 999, timestamp: new Date().toISOString() });
    expect(sneaky.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'DRAFT', userId: owner.id, viewCount: 0, publishedAt: null });
    expect((await app.inject({ method: 'POST', url: '/api/listing/save-draft', payload: carDetails(id) })).statusCode).toBe(401);
  });

  it('charges the $1.08 fee once, sends the listing to review and notifies the staff mailbox', async () => {
    const id = await newDraft();
    const card = await addCard(owner.cookie, '4242424242424242');
    const early = await pay(owner.cookie, { 'user-pm': card.id, 'payment-amount': 108, 'listing-id': id });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/Finish the listing details/);
    await save(owner.cookie, carDetails(id, { vin: VALID_VIN, images: [await photo('#ddd')] }));

    const tampered = await pay(owner.cookie, { 'user-pm': card.id, 'payment-amount': 1, 'listing-id': id });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toMatch(/\$1\.08 \(108 cents\)/);
    expect((await pay(other.cookie, { 'user-pm': card.id, 'payment-amount': 108, 'listing-id': id })).statusCode).toBe(404);
    const otherCard = await addCard(other.cookie, '4242424242424242');
    expect((await pay(owner.cookie, { 'user-pm': otherCard.id, 'payment-amount': 108, 'listing-id': id })).statusCode).toBe(404);

    const results = await Promise.all(Array.from({ length: 20 }, () => pay(owner.cookie, { 'user-pm': card.id, 'payment-amount': 108, 'listing-id': id })));
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    const rows = await app.db.select().from(payments).where(eq(payments.reference, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', amountCents: 108, purpose: 'listing' });
    expect((await row(id)).status).toBe('UNDER_REVIEW');
    const again = await pay(owner.cookie, { 'user-pm': card.id, 'payment-amount': 108, 'listing-id': id });
    expect(again.statusCode).toBe(200);
    expect(await app.db.select().from(payments).where(eq(payments.reference, id))).toHaveLength(1);

    const notices = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'review@medallion.example'));
    expect(notices.filter((m) => m.text.includes(id))).toHaveLength(1);
    // Under review: edits apply and it stays under review (the fee is not asked again).
    const edited = await save(owner.cookie, carDetails(id, { title: 'Edited while under review' }));
    expect(edited.json().data.data).toEqual({ listing_id: id, status: 'UNDER_REVIEW', sent_to_review: false });
  });

  it('a declined card leaves a draft that can be paid with another card', async () => {
    const id = await newDraft();
    await save(owner.cookie, carDetails(id));
    const declined = await addCard(owner.cookie, '4000000000009995'); // saves, then insufficient funds
    const fail = await pay(owner.cookie, { 'user-pm': declined.id, 'payment-amount': 108, 'listing-id': id });
    expect(fail.statusCode).toBe(402);
    expect((await row(id)).status).toBe('DRAFT');
    const good = await addCard(owner.cookie, '4242424242424242');
    const ok = await pay(owner.cookie, { 'user-pm': good.id, 'payment-amount': 108, 'listing-id': id });
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = await app.db.select().from(payments).where(eq(payments.reference, id));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('staff approve (published now, in the marketplace, owner e-mailed) or reject with a reason (free resubmission)', async () => {
    const card = await addCard(owner.cookie, '4242424242424242');
    const a = await newDraft();
    await save(owner.cookie, carDetails(a, { title: 'Approve me' }));
    await pay(owner.cookie, { 'user-pm': card.id, 'payment-amount': 108, 'listing-id': a });
    const b = await newDraft();
    await save(owner.cookie, carDetails(b, { title: 'Reject me', vin: VALID_VIN }));
    await pay(owner.cookie, { 'user-pm': card.id, 'payment-amount': 108, 'listing-id': b });

    expect((await app.inject({ method: 'GET', url: '/api/admin/listings', headers: { cookie: owner.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/api/admin/listings/${a}/approve`, headers: { cookie: owner.cookie } })).statusCode).toBe(403);
    const queue = await app.inject({ method: 'GET', url: '/api/admin/listings', headers: { cookie: staff } });
    expect(queue.statusCode).toBe(200);
    const ids = queue.json().data.map((l: { listing_id: string }) => l.listing_id);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b)); // oldest first
    const reviewB = queue.json().data.find((l: { listing_id: string }) => l.listing_id === b);
    expect(reviewB.owner).toMatchObject({ email: 'owner@example.com', name: 'Olga Petrova' });
    expect(reviewB.vin_decoded).toMatchObject({ vin: VALID_VIN, make: 'Honda', year: 2003 });

    const approved = await app.inject({ method: 'POST', url: `/api/admin/listings/${a}/approve`, headers: { cookie: staff } });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('ACTIVE');
    expect(Date.now() - new Date(approved.json().data.timestamp).getTime()).toBeLessThan(60_000);
    const market = await app.inject({ method: 'GET', url: '/api/listing-all?page_size=5' });
    expect(market.json().data.listings[0].listing_id).toBe(a);
    expect((await app.inject({ method: 'POST', url: `/api/admin/listings/${a}/approve`, headers: { cookie: staff } })).statusCode).toBe(409);

    const noReason = await app.inject({ method: 'POST', url: `/api/admin/listings/${b}/reject`, headers: { cookie: staff }, payload: { reason: '' } });
    expect(noReason.statusCode).toBe(400);
    const rejected = await app.inject({
      method: 'POST',
      url: `/api/admin/listings/${b}/reject`,
      headers: { cookie: staff },
      payload: { reason: 'The VIN belongs to a 2003 Honda Accord, not a Toyota Camry.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await row(b)).toMatchObject({ status: 'DRAFT', rejectionReason: 'The VIN belongs to a 2003 Honda Accord, not a Toyota Camry.' });
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'owner@example.com'));
    expect(mails.some((m) => m.subject.includes('published') && m.text.includes(`/listing/${a}`))).toBe(true);
    expect(mails.some((m) => m.subject.includes('needs changes') && m.text.includes('2003 Honda Accord'))).toBe(true);

    // Fix and resubmit: back to review, no second charge.
    expect((await save(owner.cookie, carDetails(b, { title: 'Reject me', vin: '', make: 'Honda', model: 'Accord', year: '2003' }))).statusCode).toBe(200);
    const resubmit = await pay(owner.cookie, { 'user-pm': card.id, 'payment-amount': 108, 'listing-id': b });
    expect(resubmit.statusCode).toBe(200);
    expect(await row(b)).toMatchObject({ status: 'UNDER_REVIEW', rejectionReason: null });
    expect(await app.db.select().from(payments).where(eq(payments.reference, b))).toHaveLength(1);
  });
});
