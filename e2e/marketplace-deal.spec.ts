import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { chooseLanguage, expect, hydrated, openInEnglish, test, WIDTHS } from './fixtures';

/*
 * Rent or buy, prices within one period, Sort by, and listing values in the user's language
 * (issue #16), at 375 and 1280 px, in English and Russian.
 */

interface ApiListing {
  listing_id: string;
  deal_type: 'rent' | 'sale';
  payment_period: 'weekly' | 'monthly' | null;
  car_fuel: string | null;
  car_body_class: string | null;
}

const results = (page: Page) => page.getByRole('region', { name: /^(Listings|Объявления)$/ });
const cards = (page: Page) => results(page).getByTestId('listing-card');

/** Waits for the list to show the answer of the current URL (no skeletons, cards or "not found"). */
async function expectLoaded(page: Page) {
  await expect(results(page).getByRole('status')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(cards(page).first()).toBeVisible();
}

/** A card's price: "$1,780 / month" → { amount: 1780, period: 'monthly' }; "$18,500" → { amount: 18500, period: null }. */
async function cardPrice(card: Locator): Promise<{ amount: number; period: 'weekly' | 'monthly' | null }> {
  const text = ((await card.getByTestId('listing-price').textContent()) ?? '').trim();
  const match = /^\$([\d,]+(?:\.\d+)?)(?: \/ (week|month))?$/.exec(text);
  expect(match, `a price like "$375 / week" or "$18,500": "${text}"`).not.toBeNull();
  return { amount: Number(match![1]!.replace(/,/g, '')), period: match![2] === 'week' ? 'weekly' : match![2] === 'month' ? 'monthly' : null };
}

/** What the marketplace compares: a rent's monthly equivalent (weekly × 52 / 12), a sale's price. */
const monthly = (p: { amount: number; period: string | null }) => (p.period === 'weekly' ? (p.amount * 52) / 12 : p.amount);

async function openFilters(page: Page, width: number): Promise<Locator> {
  await expectLoaded(page);
  if (width < 768) {
    await page.getByRole('button', { name: /^(Filters|Фильтры)/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  }
  const form = page.getByRole('form', { name: /^(Filters|Фильтры)$/ });
  await expect(form).toBeVisible();
  return form;
}

async function search(page: Page, form: Locator, width: number) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/listing-all?'));
  await form.getByRole('button', { name: /^(Search|Найти)$/ }).click();
  if (width < 768) await expect(page.getByRole('dialog')).toBeHidden();
  await answered;
  await expectLoaded(page);
}

async function chooseSort(page: Page, label: string, urlPart: RegExp) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/listing-all?'));
  await page.getByRole('combobox', { name: /^(Sort by|Сортировка)$/ }).selectOption({ label });
  await expect(page).toHaveURL(urlPart);
  await answered;
  await expectLoaded(page);
}

function expectOrdered(values: number[], direction: 'up' | 'down') {
  const sorted = [...values].sort((a, b) => (direction === 'up' ? a - b : b - a));
  expect(values).toEqual(sorted);
}

for (const width of WIDTHS) {
  test.describe(`rent or buy and sort at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('Buy shows only sale listings with one price and a For sale mark; Rent compares prices per month', async ({ page }) => {
      await openInEnglish(page, '/marketplace');
      let form = await openFilters(page, width);
      const price = form.getByRole('group', { name: 'Price, $' });
      await expect(price.getByText(/Choose Rent or Buy to filter by price/)).toBeVisible();
      await form.getByText('Buy', { exact: true }).click();
      await expect(price.getByRole('combobox', { name: 'Period' })).toHaveCount(0);
      await price.getByLabel('Min').fill('10000');
      await search(page, form, width);
      await expect(page).toHaveURL('/marketplace?deal_type=sale&price_min=10000');
      const sales = await cards(page).all();
      expect(sales.length).toBeGreaterThan(3);
      for (const card of sales) {
        await expect(card).toHaveAttribute('data-deal-type', 'sale');
        await expect(card.getByTestId('for-sale')).toHaveText('For sale');
        const p = await cardPrice(card);
        expect(p.period).toBeNull();
        expect(p.amount).toBeGreaterThanOrEqual(10_000);
      }

      // Rent, at most $1,800 a month: a $450 weekly rent ($1,950 a month) is out, whatever its number says.
      form = await openFilters(page, width);
      await form.getByText('Rent', { exact: true }).click();
      await expect(price.getByLabel('Min')).toHaveValue('');
      await price.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Per month' });
      await price.getByLabel('Max').fill('1800');
      await search(page, form, width);
      await expect(page).toHaveURL('/marketplace?deal_type=rent&price_period=monthly&price_max=1800');
      const rents = await cards(page).all();
      expect(rents.length).toBeGreaterThan(3);
      for (const card of rents) {
        await expect(card).toHaveAttribute('data-deal-type', 'rent');
        await expect(card.getByTestId('for-sale')).toHaveCount(0);
        const p = await cardPrice(card);
        expect(p.period).not.toBeNull();
        expect(monthly(p)).toBeLessThanOrEqual(1800);
      }
    });

    test('Sort by price and year orders the cards, and the order is in the URL', async ({ page }) => {
      await openInEnglish(page, '/marketplace?deal_type=rent');
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
      await chooseSort(page, 'Price: low to high', /[?&]sort=price_asc/);
      expect(page.url()).toContain('deal_type=rent');
      const up = await Promise.all((await cards(page).all()).map(async (card) => monthly(await cardPrice(card))));
      expect(up.length).toBe(20);
      expectOrdered(up, 'up');

      await openInEnglish(page, '/marketplace?deal_type=sale');
      await chooseSort(page, 'Price: high to low', /[?&]sort=price_desc/);
      const down = await Promise.all((await cards(page).all()).map(async (card) => (await cardPrice(card)).amount));
      expectOrdered(down, 'down');

      await openInEnglish(page, '/marketplace?category=cars');
      await chooseSort(page, 'Year: newest first', /[?&]sort=year_desc/);
      const years = await Promise.all((await cards(page).all()).map(async (card) => Number(await card.locator('dt:text-is("Year") + dd').textContent())));
      expectOrdered(years, 'down');

      // A reload keeps the order; Newest first takes it out of the URL again.
      await page.reload();
      await hydrated(page);
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('year_desc');
      await chooseSort(page, 'Newest first', /^(?!.*sort=)/);
      await expect(page).toHaveURL('/marketplace?category=cars');
    });

    test('the marketplace with the new controls passes axe', async ({ page }) => {
      await openInEnglish(page, '/marketplace?deal_type=rent&price_period=monthly&price_max=2500&sort=price_asc');
      await expectLoaded(page);
      if (width < 768) await openFilters(page, width);
      const found = await new AxeBuilder({ page }).analyze();
      const serious = found.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });

    test('in Russian: the For sale mark, the sort, fuel, body class, deal and payment period', async ({ page }) => {
      await chooseLanguage(page, 'ru');
      const all = (await (await page.request.get('/api/listing-all?category=cars&deal_type=rent&page_size=100')).json()) as {
        data: { listings: ApiListing[] };
      };
      const car = all.data.listings.find((l) => l.car_body_class === 'Sedan/Saloon' && l.car_fuel === 'Hybrid' && l.payment_period === 'weekly');
      expect(car, 'a weekly hybrid sedan for rent in the seed').toBeDefined();

      await page.goto('/marketplace?deal_type=sale&sort=price_desc');
      await hydrated(page);
      await expectLoaded(page);
      await expect(page.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('price_desc');
      await expect(page.getByRole('combobox', { name: 'Сортировка' }).locator('option:checked')).toHaveText('Цена: по убыванию');
      await expect(cards(page).first().getByTestId('for-sale')).toHaveText('Продаётся');
      const form = await openFilters(page, width);
      await expect(form.getByRole('group', { name: 'Аренда или покупка' }).getByRole('radio', { name: 'Покупка' })).toBeChecked();

      await page.goto(`/listing/${car!.listing_id}`);
      await hydrated(page);
      await expect(page.getByText(/^[\d\s\u00a0]+\$ в неделю$/).first()).toBeVisible();
      const details = page.getByRole('region', { name: 'Характеристики' });
      const fact = (label: string) => details.locator(`dt:text-is("${label}") + dd`);
      await expect(fact('Тип кузова')).toHaveText('Седан');
      await expect(fact('Тип топлива')).toHaveText('Гибрид');
      await expect(fact('Сделка')).toHaveText('Аренда');
      await expect(fact('Период оплаты')).toHaveText('Еженедельно');
      await expect(details.getByText(/Sedan|Hybrid|Weekly/)).toHaveCount(0);

      // The cards of the marketplace too: no English fuel type left.
      await page.goto('/marketplace?category=cars');
      await hydrated(page);
      await expectLoaded(page);
      const fuels = await results(page).locator('dt:text-is("Топливо") + dd').allTextContents();
      expect(fuels.length).toBeGreaterThan(0);
      for (const fuel of fuels) expect(['Бензин', 'Гибрид', 'Электро', '--']).toContain(fuel);
    });
  });
}
