import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { chooseLanguage, expect, openSettled, saveCardByApi, test, WIDTH_LANG_PAIRS } from './fixtures';
import { RENTAL_LABEL_FIELDS } from '../test-support/rental-label';

/*
 * Issue #32, renting a car: the owner's all-in cost label on the listing page, a driver's request, the
 * owner's approval, and the rental agreement accepted by both (electronic-records consent and a typed
 * name), at 375 px in Russian and 1280 px in English, axe clean.
 */

const TEXT = {
  en: {
    label: 'All-in cost label',
    weeklyCost: 'Weekly cost',
    never: 'Tolls, Tickets, Fuel or charging',
    rentTitle: 'Rent this car',
    start: 'Start date',
    weeks: 'Weeks',
    license: 'TLC license number',
    expiry: 'TLC license expiry date',
    message: 'Message to the owner (optional)',
    send: 'Send request',
    sent: 'Your request was sent. The owner has 48 hours to answer.',
    pastDate: 'The start date cannot be in the past.',
    tab: 'My rentals',
    approve: 'Approve',
    consent: 'I agree to use electronic records and signatures for this rental, as described above.',
    name: 'Your full name (your signature)',
    accept: 'Accept the agreement',
    consentMissing: 'Agree to use electronic records and signatures first.',
    awaitingAgreement: 'Agreement to accept',
    awaitingPickup: 'Waiting for pick-up',
    download: 'Rental agreement (PDF)',
  },
  ru: {
    label: 'Полная стоимость аренды',
    weeklyCost: 'Стоимость в неделю',
    never: 'Платные дороги, Штрафы, Топливо или зарядка',
    rentTitle: 'Арендовать машину',
    start: 'Дата начала',
    weeks: 'Недель',
    license: 'Номер лицензии TLC',
    expiry: 'Дата окончания лицензии TLC',
    message: 'Сообщение владельцу (необязательно)',
    send: 'Отправить запрос',
    sent: 'Запрос отправлен. У владельца 48 часов на ответ.',
    pastDate: 'Дата начала не может быть в прошлом.',
    tab: 'Мои аренды',
    approve: 'Одобрить',
    consent: 'Я согласен(на) на электронные документы и подписи для этой аренды, как описано выше.',
    name: 'Ваше полное имя (ваша подпись)',
    accept: 'Принять договор',
    consentMissing: 'Сначала согласитесь на электронные документы и подписи.',
    awaitingAgreement: 'Нужно принять договор',
    awaitingPickup: 'Ждёт передачи',
    download: 'Договор аренды (PDF)',
  },
} as const;

/** Serious or critical axe problems inside one part of the page. */
async function axeProblems(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).exclude('[data-sonner-toaster]').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** With SHOTS_DIR set (a developer looking at the screens), a full-page screenshot there. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function otherPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return context.newPage();
}

/** A car for rent of the signed-in account with its cost label, paid for and approved by staff. */
async function publishRentalCar(page: Page, staff: APIRequestContext, title: string): Promise<string> {
  const step1 = await page.request.post('/api/listing/save-draft', {
    data: { step: 1, category: 'cars', location: { city: 'Queens', state: 'NY', zip_code: '11101' } },
  });
  expect(step1.status(), await step1.text()).toBe(200);
  const id = ((await step1.json()) as { data: { data: { listing_id: string } } }).data.data.listing_id;
  const step2 = await page.request.post('/api/listing/save-draft', {
    data: {
      step: 2,
      listing_id: id,
      category: 'cars',
      title,
      listing_price: 450,
      deal_type: 'rent',
      payment_period: 'weekly',
      make: 'Toyota',
      model: 'Camry',
      year: '2021',
      vin: '1HGCM82633A004352',
      images: [],
      ...RENTAL_LABEL_FIELDS,
    },
  });
  expect(step2.status(), await step2.text()).toBe(200);
  const pm = await saveCardByApi(page);
  const paid = await page.request.post('/api/payments/create-payment-intent', { data: { 'user-pm': pm, 'payment-amount': 108, 'listing-id': id } });
  expect(paid.status(), await paid.text()).toBe(200);
  const approved = await staff.post(`/api/admin/listings/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  return id;
}

/** YYYY-MM-DD `days` from today (New York). */
function day(days: number): string {
  const now = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/New_York' }));
  now.setDate(now.getDate() + days);
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

for (const [width, lng] of WIDTH_LANG_PAIRS) {
  const t = TEXT[lng];

  test(`label → request → approval → both accept the agreement (${width}px, ${lng})`, async ({ page, browser, newAccount, staffRequest }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lng);
    const stamp = Date.now() % 100000;
    const driver = await newAccount(page, { prefix: 'rent-driver', name: `Dmitri ${lng}${width} ${stamp}` });

    const owner = await otherPage(browser, width);
    await chooseLanguage(owner, lng);
    await newAccount(owner, { prefix: 'rent-owner', name: `Olga ${lng}${width} ${stamp}` });
    const title = `Toyota Camry for rent ${lng}${width} ${stamp}`;
    const listingId = await publishRentalCar(owner, staffRequest, title);

    // The driver reads the label on the listing page and asks for the car.
    await openSettled(page, `/listing/${listingId}`);
    const label = page.getByTestId('rental-label');
    await expect(page.getByRole('heading', { name: t.label })).toBeVisible();
    await expect(label.getByText(t.weeklyCost)).toBeVisible();
    await expect(label.getByText(t.never)).toBeVisible();
    const form = page.getByRole('region', { name: t.rentTitle });
    await form.getByLabel(t.start).fill(day(-1));
    await form.getByLabel(t.license).fill('5123456');
    await form.getByLabel(t.expiry).fill(day(700));
    await form.getByRole('button', { name: t.send }).click();
    await expect(form.getByText(t.pastDate)).toBeVisible();
    await form.getByLabel(t.start).fill(day(10));
    await form.getByLabel(t.weeks).fill('3');
    await form.getByLabel(t.message).fill('Five years with Uber, no accidents.');
    await form.getByRole('button', { name: t.send }).click();
    await expect(form.getByText(t.sent)).toBeVisible();
    await shot(page, `listing-${lng}-${width}`);
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect(await sideways(page)).toBe(0);

    // The owner approves it in My rentals and accepts the agreement.
    await openSettled(owner, '/dashboard?tab=rentals');
    await expect(owner.getByRole('tab', { name: t.tab })).toHaveAttribute('aria-selected', 'true');
    const request = owner.getByTestId('rental-request').filter({ hasText: title });
    await expect(request).toBeVisible();
    await shot(owner, `owner-requests-${lng}-${width}`);
    expect(await axeProblems(owner, 'main')).toEqual([]);
    await request.getByRole('button', { name: t.approve }).click();
    const ownerRental = owner.getByTestId('rental').filter({ hasText: title });
    await expect(ownerRental.getByText(t.awaitingAgreement)).toBeVisible();
    // A typed name without the consent is refused, saying what is missing.
    await ownerRental.getByLabel(t.name).fill(`Olga ${lng}${width} ${stamp}`);
    await ownerRental.getByRole('button', { name: t.accept }).click();
    await expect(ownerRental.getByText(t.consentMissing)).toBeVisible();
    await shot(owner, `owner-agreement-${lng}-${width}`);
    await ownerRental.getByLabel(t.consent).check();
    await ownerRental.getByRole('button', { name: t.accept }).click();
    await expect(ownerRental.getByRole('button', { name: t.accept })).toHaveCount(0);
    expect(await axeProblems(owner, 'main')).toEqual([]);
    expect(await sideways(owner)).toBe(0);

    // The driver downloads the agreement, accepts it, and the rental waits for the pick-up.
    await openSettled(page, '/dashboard?tab=rentals');
    const rental = page.getByTestId('rental').filter({ hasText: title });
    const href = await rental.getByRole('link', { name: t.download }).getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await owner.request.get(href!)).status()).toBe(200);
    expect((await staffRequest.get(href!)).status()).toBe(404);
    await rental.getByLabel(t.consent).check();
    await rental.getByLabel(t.name).fill(driver.name);
    await rental.getByRole('button', { name: t.accept }).click();
    await expect(rental.getByText(t.awaitingPickup)).toBeVisible();
    await shot(page, `driver-rentals-${lng}-${width}`);
    expect(await axeProblems(page, 'main')).toEqual([]);
    expect(await sideways(page)).toBe(0);
    await owner.context().close();
  });
}
