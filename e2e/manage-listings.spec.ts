import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { chooseLanguage, expect, expectAccessible, hydrated, saveCardByApi, test, WIDTH_LANG_PAIRS } from './fixtures';
import { RENTAL_LABEL_FIELDS } from '../test-support/rental-label';

/*
 * Owners manage their listings (issue #16): edit an ACTIVE listing (a new price stays live, a new title
 * goes back to review, said before and after saving), delete a draft and a published listing (with a
 * confirmation), and an incomplete draft's "Review & Checkout" leads to step 2 with the missing fields
 * marked. At 375 and 1280 px, in English and Russian; axe on the edit form and the delete dialog.
 * The photos of an ACTIVE listing are edited in the same form (added, removed, reordered): that goes
 * back to review, and the new photos are public once staff approve them.
 */

test.use({ driverProfile: { prefix: 'manager', name: 'Mona Manager', password: 'Manager2024' } });

const LOCATION = { city: 'Brooklyn', state: 'NY', zip_code: '11201' };

const TEXT = {
  en: {
    adsTab: 'Marketplace ads',
    listingInfo: 'Listing Information',
    title: 'Title',
    price: 'Price, $',
    saveChanges: 'Save changes',
    staysLive: /Your listing stays live/,
    toReview: /Saving sends this listing back to review/,
    savedLive: 'Saved. Your listing is live with the changes.',
    sentToReview: /Saved\. Your listing went back to review/,
    active: 'Active',
    underReview: 'Under Review',
    notPublic: /Only you can see this listing now/,
    edit: (title: string) => `Edit ${title}`,
    delete: (title: string) => `Delete ${title}`,
    deleteTitle: 'Delete this listing?',
    draftText: /and its photos will be deleted/,
    publishedText: /will leave the marketplace and your dashboard/,
    keep: 'Keep it',
    confirm: 'Delete listing',
    deleted: (title: string) => `“${title}” was deleted.`,
    reviewAndCheckout: 'Review & Checkout',
    untitled: 'Untitled listing',
    completeFirst: /This draft is missing some details/,
    titleMissing: 'Listing title is not entered',
    periodMissing: 'Listing payment period is not entered',
    forSale: 'For sale',
    period: 'Payment period',
    addPhotos: 'Add photos',
    deletePhoto: (n: number) => `Delete photo ${n}`,
    makeMain: (n: number) => `Make photo ${n} the main photo`,
    mainBadge: 'Main',
    photos: 'Photos',
    openPhoto: (n: number, total: number) => `Open photo ${n} of ${total} full screen`,
    notFound: 'Listing not found',
  },
  ru: {
    adsTab: 'Мои объявления',
    listingInfo: 'Информация об объявлении',
    title: 'Заголовок',
    price: 'Цена, $',
    saveChanges: 'Сохранить изменения',
    staysLive: /Объявление остаётся опубликованным/,
    toReview: /После сохранения объявление уйдёт на повторную проверку/,
    savedLive: 'Сохранено. Объявление опубликовано с изменениями.',
    sentToReview: /Сохранено\. Объявление отправлено на повторную проверку/,
    active: 'Активно',
    underReview: 'На проверке',
    notPublic: /Сейчас это объявление видите только вы/,
    edit: (title: string) => `Изменить «${title}»`,
    delete: (title: string) => `Удалить «${title}»`,
    deleteTitle: 'Удалить объявление?',
    draftText: /и его фотографии будут удалены/,
    publishedText: /навсегда исчезнет из маркетплейса/,
    keep: 'Оставить',
    confirm: 'Удалить объявление',
    deleted: (title: string) => `Объявление «${title}» удалено.`,
    reviewAndCheckout: 'Проверить и оплатить',
    untitled: 'Объявление без названия',
    completeFirst: /В черновике не хватает данных/,
    titleMissing: 'Не указано название объявления',
    periodMissing: 'Не указан период оплаты',
    forSale: 'Продажа',
    period: 'Период оплаты',
    addPhotos: 'Добавить фото',
    deletePhoto: (n: number) => `Удалить фото ${n}`,
    makeMain: (n: number) => `Сделать фото ${n} главным`,
    mainBadge: 'Главная',
    photos: 'Фотографии',
    openPhoto: (n: number, total: number) => `Открыть фото ${n} из ${total} на весь экран`,
    notFound: 'Объявление не найдено',
  },
} as const;

/* ---------- Photos of one color each, told apart by the pixels the browser draws ---------- */

const COLORS = { red: '#c82828', green: '#28a03c', blue: '#283cc8' } as const;
type Color = keyof typeof COLORS;

async function photo(color: Color): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: COLORS[color] } })
    .png()
    .toBuffer();
}

async function photoDataUrl(color: Color): Promise<string> {
  return `data:image/png;base64,${(await photo(color)).toString('base64')}`;
}

/**
 * The color of each picture as the browser drew it (the strongest channel of a pixel in its middle),
 * or 'loading' while a picture has not arrived; `images` are <img> elements.
 */
function colorsOf(images: Locator): Promise<string[]> {
  return images.evaluateAll((elements) =>
    elements.map((element) => {
      const image = element as HTMLImageElement;
      if (!image.complete || image.naturalWidth === 0) return 'loading';
      const canvas = document.createElement('canvas');
      canvas.width = 8;
      canvas.height = 8;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0, 8, 8);
      const [r = 0, g = 0, b = 0] = context.getImageData(4, 4, 1, 1).data;
      if (r > g + 60 && r > b + 60) return 'red';
      if (g > r + 60 && g > b + 60) return 'green';
      if (b > r + 60 && b > g + 60) return 'blue';
      return `rgb(${r}, ${g}, ${b})`;
    }),
  );
}

/** The colors of a listing page's photos: the large one, then the row of thumbnails. */
async function pagePhotos(page: Page, lng: 'en' | 'ru', total: number): Promise<{ main: string[]; thumbs: string[] }> {
  const T = TEXT[lng];
  // The photos are decorative (alt=""): the buttons around them are named.
  const thumbs = page.getByRole('list', { name: T.photos }).locator('img');
  // Thumbnails load lazily: bring them into view.
  if ((await thumbs.count()) > 0) await thumbs.last().scrollIntoViewIfNeeded();
  return {
    main: await colorsOf(page.getByRole('button', { name: T.openPhoto(1, total) }).locator('img')),
    thumbs: await colorsOf(thumbs),
  };
}

/* ---------- Listings made through the API (the owner is the page's account) ---------- */

async function newDraft(page: Page, details: Record<string, unknown> | null): Promise<string> {
  const step1 = await page.request.post('/api/listing/save-draft', { data: { step: 1, category: 'cars', location: LOCATION } });
  expect(step1.status(), await step1.text()).toBe(200);
  const id = ((await step1.json()) as { data: { data: { listing_id: string } } }).data.data.listing_id;
  if (details) {
    const step2 = await page.request.post('/api/listing/save-draft', {
      data: { step: 2, listing_id: id, category: 'cars', make: 'Toyota', model: 'Camry', year: '2021', images: [], ...RENTAL_LABEL_FIELDS, ...details },
    });
    expect(step2.status(), await step2.text()).toBe(200);
  }
  return id;
}

/** A paid listing the staff approved: ACTIVE in the marketplace. */
async function activeListing(page: Page, staff: APIRequestContext, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const id = await newDraft(page, { title, listing_price: '425', deal_type: 'rent', payment_period: 'weekly', ...extra });
  const card = await saveCardByApi(page);
  const paid = await page.request.post('/api/payments/create-payment-intent', { data: { 'user-pm': card, 'payment-amount': 108, 'listing-id': id } });
  expect(paid.status(), await paid.text()).toBe(200);
  expect((await staff.post(`/api/admin/listings/${id}/approve`)).status()).toBe(200);
  return id;
}

interface ListingData {
  status: string;
  price: number;
  title: string;
  images: string[];
}

async function listingOf(page: Page, id: string): Promise<{ status: number; data?: ListingData }> {
  const res = await page.request.get(`/api/listing/${id}`);
  return { status: res.status(), data: res.ok() ? ((await res.json()) as { data: ListingData }).data : undefined };
}

async function inMarketplace(page: Page, id: string): Promise<boolean> {
  const res = (await (await page.request.get('/api/listing-all?page_size=100')).json()) as { data: { listings: { listing_id: string }[] } };
  return res.data.listings.some((l) => l.listing_id === id);
}

async function openDashboardAds(page: Page, lng: 'en' | 'ru') {
  await page.goto('/dashboard?tab=ads');
  await expect(page.getByRole('tab', { name: TEXT[lng].adsTab, selected: true })).toBeVisible();
  await hydrated(page);
}

for (const [width, lng] of WIDTH_LANG_PAIRS) {
  const T = TEXT[lng];
  test.describe(`manage listings at ${width}px in ${lng}`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.beforeEach(async ({ page }) => chooseLanguage(page, lng));

    test('edit an ACTIVE listing: a new price stays live, a new title goes back to review', async ({ page, newDriver: _owner, staffRequest }) => {
      test.setTimeout(120_000);
      const title = `Camry ${lng} ${width} ${Date.now()}`;
      const id = await activeListing(page, staffRequest, title);

      // From the owner's view of the listing page.
      await page.goto(`/listing/${id}`);
      await hydrated(page);
      await page.getByRole('link', { name: T.edit(title) }).click();
      await expect(page.getByRole('heading', { name: T.listingInfo })).toBeVisible();
      await expect(page.getByLabel(T.title)).toHaveValue(title);
      const notice = page.getByTestId('edit-notice');
      await expect(notice).toHaveText(T.staysLive);
      await expectAccessible(page);

      await page.getByLabel(T.price).fill('399');
      await expect(notice).toHaveText(T.staysLive);
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/listing/save-draft') && r.request().method() === 'POST');
      await page.getByRole('button', { name: T.saveChanges }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByText(T.savedLive)).toBeVisible();
      await expect(page).toHaveURL(`/listing/${id}`);
      await expect(page.getByText(T.notPublic)).toHaveCount(0);
      expect((await listingOf(page, id)).data).toMatchObject({ status: 'ACTIVE', price: 399 });
      expect(await inMarketplace(page, id)).toBe(true);

      // From the dashboard: a new title is announced before saving, and the listing goes to review.
      await openDashboardAds(page, lng);
      await page.getByRole('link', { name: T.edit(title) }).click();
      await expect(page.getByLabel(T.price)).toHaveValue('399');
      const renamed = `${title} (new)`;
      await page.getByLabel(T.title).fill(renamed);
      await expect(notice).toHaveText(T.toReview);
      await page.getByRole('button', { name: T.saveChanges }).click();
      await expect(page.getByText(T.sentToReview)).toBeVisible();
      await expect(page).toHaveURL(`/listing/${id}`);
      await expect(page.getByText(T.notPublic)).toBeVisible();
      expect((await listingOf(page, id)).data).toMatchObject({ status: 'UNDER_REVIEW', title: renamed });
      expect(await inMarketplace(page, id)).toBe(false);
      const queue = (await (await staffRequest.get('/api/admin/listings')).json()) as { data: { listing_id: string }[] };
      expect(queue.data.map((l) => l.listing_id)).toContain(id);
    });

    test('delete a draft at once and a published listing after confirming', async ({ page, newDriver: _owner, staffRequest }) => {
      test.setTimeout(120_000);
      const stamp = `${lng} ${width} ${Date.now()}`;
      const draftTitle = `Draft ${stamp}`;
      const draft = await newDraft(page, { title: draftTitle, listing_price: '300', deal_type: 'rent', payment_period: 'weekly' });
      const liveTitle = `Live ${stamp}`;
      const live = await activeListing(page, staffRequest, liveTitle);

      await openDashboardAds(page, lng);
      const draftCard = page.getByTestId('listing-card').filter({ hasText: draftTitle });
      await draftCard.getByRole('button', { name: T.delete(draftTitle) }).click();
      const dialog = page.getByRole('alertdialog', { name: T.deleteTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(T.draftText);
      await expectAccessible(page);
      // Keep it: nothing happens.
      await dialog.getByRole('button', { name: T.keep }).click();
      await expect(dialog).toHaveCount(0);
      await expect(draftCard).toHaveCount(1);

      await draftCard.getByRole('button', { name: T.delete(draftTitle) }).click();
      const removed = page.waitForResponse((r) => r.url().endsWith(`/api/listing/${draft}`) && r.request().method() === 'DELETE');
      await dialog.getByRole('button', { name: T.confirm }).click();
      expect(((await (await removed).json()) as { data: { kept_records: boolean } }).data.kept_records).toBe(false);
      await expect(page.getByText(T.deleted(draftTitle))).toBeVisible();
      await expect(draftCard).toHaveCount(0);
      expect((await listingOf(page, draft)).status).toBe(404);

      // The published one, from its page: afterwards it is gone from the page, the dashboard and the marketplace.
      await page.goto(`/listing/${live}`);
      await hydrated(page);
      await page.getByRole('button', { name: T.delete(liveTitle) }).click();
      await expect(dialog).toContainText(T.publishedText);
      await dialog.getByRole('button', { name: T.confirm }).click();
      await expect(page.getByText(T.deleted(liveTitle))).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard/);
      await expect(page.getByRole('tab', { name: T.adsTab, selected: true })).toBeVisible();
      await expect(page.getByTestId('listing-card').filter({ hasText: liveTitle })).toHaveCount(0);
      expect((await listingOf(page, live)).status).toBe(404);
      expect(await inMarketplace(page, live)).toBe(false);
      expect((await page.request.get(`/listing/${live}`)).status()).toBe(404);
    });

    test('an incomplete draft: Review & Checkout leads to step 2 with the missing fields marked', async ({ page, newDriver: _owner }) => {
      test.setTimeout(90_000);
      // A first failed attempt: step 1 only ("Untitled listing / Price on request").
      const id = await newDraft(page, null);
      await openDashboardAds(page, lng);
      const card = page.getByTestId('listing-card').first();
      await expect(card.getByText(T.untitled)).toBeVisible();
      // The card-wide title button, described by its "Review & Checkout".
      const cta = card.getByRole('button', { name: T.untitled, exact: true });
      await expect(cta).toHaveAccessibleDescription(T.reviewAndCheckout);
      await cta.click();
      await expect(page).toHaveURL(`/create-listing?id=${id}&step=2&complete=1`);
      await expect(page.getByText(T.completeFirst)).toBeVisible();
      await expect(page.getByText(T.titleMissing)).toBeVisible();
      await expect(page.getByText(T.periodMissing)).toBeVisible();
      await expect(page.getByLabel(T.title)).toHaveAttribute('aria-invalid', 'true');

      // For sale: no payment period asked.
      await page.getByRole('radio', { name: T.forSale }).check();
      await expect(page.getByLabel(T.period)).toHaveCount(0);
      await expectAccessible(page);

      // The checkout itself (a link, a bookmark) sends it to step 2 too, not to a Pay that refuses.
      await page.goto(`/checkout?listingId=${id}`);
      await expect(page).toHaveURL(`/create-listing?id=${id}&step=2&complete=1`);
      await expect(page.getByText(T.titleMissing)).toBeVisible();
    });
  });
}

for (const [width, lng] of [
  [375, 'en'],
  [1280, 'en'],
  [375, 'ru'],
] as const) {
  const T = TEXT[lng];
  test.describe(`edit the photos of a published listing at ${width}px in ${lng}`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.beforeEach(async ({ page }) => chooseLanguage(page, lng));

    test('add, remove and reorder photos: back to review, public again with the new photos once approved', async ({
      page,
      browser,
      newDriver: _owner,
      staffRequest,
    }) => {
      test.setTimeout(150_000);
      const title = `Photos ${lng} ${width} ${Date.now()}`;
      const id = await activeListing(page, staffRequest, title, { images: [await photoDataUrl('red'), await photoDataUrl('blue')] });
      const before = (await listingOf(page, id)).data!;
      expect(before.images).toHaveLength(2);

      // A visitor (signed out, a browser of their own) sees the listing with its first photos.
      const guest = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await chooseLanguage(guest, lng);
      expect((await guest.goto(`/listing/${id}`))?.status()).toBe(200);
      await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect.poll(() => pagePhotos(guest, lng, 2)).toEqual({ main: ['red'], thumbs: ['red', 'blue'] });

      // The owner opens the edit form from the dashboard: the stored photos, in their order.
      await openDashboardAds(page, lng);
      await page.getByRole('link', { name: T.edit(title) }).click();
      await expect(page.getByRole('heading', { name: T.listingInfo })).toBeVisible();
      const notice = page.getByTestId('edit-notice');
      await expect(notice).toHaveText(T.staysLive);
      const tiles = page.getByTestId('picked-image');
      await expect(tiles).toHaveCount(2);
      await expect.poll(() => colorsOf(tiles.getByRole('img'))).toEqual(['red', 'blue']);
      await expect(tiles.first().getByText(T.mainBadge, { exact: true })).toBeVisible();

      // Add a photo: the form says at once that saving sends the listing back to review.
      await page.getByLabel(T.addPhotos).setInputFiles({ name: 'green.png', mimeType: 'image/png', buffer: await photo('green') });
      await expect(tiles).toHaveCount(3);
      await expect(notice).toHaveText(T.toReview);
      await expect.poll(() => colorsOf(tiles.getByRole('img'))).toEqual(['red', 'blue', 'green']);

      // Remove the first (red), then make the new one (green, now photo 2) the main photo.
      await page.getByRole('button', { name: T.deletePhoto(1) }).click();
      await expect(tiles).toHaveCount(2);
      await expect.poll(() => colorsOf(tiles.getByRole('img'))).toEqual(['blue', 'green']);
      await page.getByRole('button', { name: T.makeMain(2) }).click();
      await expect.poll(() => colorsOf(tiles.getByRole('img'))).toEqual(['green', 'blue']);
      await expect(tiles.first().getByText(T.mainBadge, { exact: true })).toBeVisible();
      await expect(notice).toHaveText(T.toReview);
      await expectAccessible(page);

      const saved = page.waitForResponse((r) => r.url().endsWith('/api/listing/save-draft') && r.request().method() === 'POST');
      await page.getByRole('button', { name: T.saveChanges }).click();
      const answer = await saved;
      expect(answer.status(), await answer.text()).toBe(200);
      expect(((await answer.json()) as { data: { data: { status: string; sent_to_review: boolean } } }).data.data).toMatchObject({
        status: 'UNDER_REVIEW',
        sent_to_review: true,
      });
      await expect(page.getByText(T.sentToReview)).toBeVisible();

      // The owner's page shows the new version and says it is not public.
      await expect(page).toHaveURL(`/listing/${id}`);
      await expect(page.getByText(T.notPublic)).toBeVisible();
      await expect.poll(() => pagePhotos(page, lng, 2)).toEqual({ main: ['green'], thumbs: ['green', 'blue'] });
      const after = (await listingOf(page, id)).data!;
      expect(after).toMatchObject({ status: 'UNDER_REVIEW' });
      expect(after.images).toHaveLength(2);
      expect(after.images[1]).toBe(before.images[1]); // blue kept, red gone, green new and first
      expect(after.images).not.toContain(before.images[0]);

      // The dashboard shows it under review.
      await openDashboardAds(page, lng);
      const card = page.getByTestId('listing-card').filter({ hasText: title });
      await expect(card.getByText(T.underReview, { exact: true })).toBeVisible();

      // Not public until staff approve: the visitor gets "not found" and the marketplace leaves it out.
      expect((await guest.goto(`/listing/${id}`))?.status()).toBe(404);
      await expect(guest.getByRole('heading', { level: 1, name: T.notFound })).toBeVisible();
      expect(await inMarketplace(guest, id)).toBe(false);

      const approved = await staffRequest.post(`/api/admin/listings/${id}/approve`);
      expect(approved.status(), await approved.text()).toBe(200);
      expect((await guest.goto(`/listing/${id}`))?.status()).toBe(200);
      await expect(guest.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect.poll(() => pagePhotos(guest, lng, 2)).toEqual({ main: ['green'], thumbs: ['green', 'blue'] });
      expect(await inMarketplace(guest, id)).toBe(true);
      await guest.context().close();
    });
  });
}
