import type { Locator, Page } from '@playwright/test';
import { expect, hydrated, openInEnglish, test } from './fixtures';

/*
 * Keyset paging of the marketplace (issue #20) on the demo data: Next and Previous carry the answer's
 * cursor (&after= / &before=), so the server reads the page next to the one shown; a page link the
 * server cannot follow says so and leads back to page 1.
 *
 * Other tests change listings meanwhile: they publish new ones (the newest, on top) and switch the demo
 * driver's own (published a day or three ago, so on page 1 of the newest). Sales are untouched by any of
 * them, and pages read after a cursor do not move when rows are added or removed above it, so the
 * comparisons below hold while those tests run.
 */

const results = (page: Page) => page.getByRole('region', { name: 'Listings' });
const pages = (page: Page) => page.getByRole('navigation', { name: 'Pages of listings' });

/** The listing ids of the cards shown, in order. */
async function cardIds(page: Page): Promise<string[]> {
  const hrefs = await results(page)
    .locator('article a[href^="/listing/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace('/listing/', ''));
}

/** The list shows page n: the pagination (drawn with the answer) marks it, and no card is still loading. */
async function expectPage(page: Page, n: number) {
  await expect(pages(page).getByRole('link', { name: `Page ${n}`, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(results(page).getByRole('status')).toHaveCount(0);
  await expect(results(page).getByRole('article').first()).toBeVisible();
}

/** Follows Previous or Next and waits for the server's answer to that link's request, which carries the cursor. */
async function step(page: Page, link: Locator, cursor: 'after' | 'before') {
  const answered = page.waitForResponse((r) => r.url().includes('/api/listing-all?') && new URL(r.url()).searchParams.has(cursor));
  await link.click();
  expect((await answered).status()).toBe(200);
}

test('Next reads the page after the last card by its cursor, Previous goes back to the same page 1', async ({ page }) => {
  await openInEnglish(page, '/marketplace?deal_type=sale');
  await expectPage(page, 1);
  const first = await cardIds(page);
  expect(first).toHaveLength(20);

  await step(page, pages(page).getByRole('link', { name: 'Next page' }), 'after');
  await expect(page).toHaveURL(/^[^?]+\/marketplace\?deal_type=sale&page=2&after=[A-Za-z0-9_-]+$/);
  await expectPage(page, 2);
  const second = await cardIds(page);
  expect(second.length).toBeGreaterThan(0);
  expect(second.filter((id) => first.includes(id))).toEqual([]);

  // Page 2's Previous is page 1 itself, by its position (the answer the page already has).
  await pages(page).getByRole('link', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(/\/marketplace\?deal_type=sale$/);
  await expectPage(page, 1);
  expect(await cardIds(page)).toEqual(first);
});

test('Previous from page 3 reads the page before its first card; a cursor link reloads as the same page', async ({ page }) => {
  await openInEnglish(page, '/marketplace');
  await expectPage(page, 1);
  const first = await cardIds(page);

  await step(page, pages(page).getByRole('link', { name: 'Next page' }), 'after');
  await expect(page).toHaveURL(/\/marketplace\?page=2&after=[A-Za-z0-9_-]+$/);
  await expectPage(page, 2);
  const second = await cardIds(page);
  expect(second).toHaveLength(20);
  expect(second.filter((id) => first.includes(id))).toEqual([]);

  await step(page, pages(page).getByRole('link', { name: 'Next page' }), 'after');
  await expect(page).toHaveURL(/\/marketplace\?page=3&after=[A-Za-z0-9_-]+$/);
  await expectPage(page, 3);
  const third = await cardIds(page);
  expect(third).toHaveLength(20);
  expect(third.filter((id) => second.includes(id))).toEqual([]);

  // The link is shareable: the server renders the same page from it.
  await page.reload();
  await expectPage(page, 3);
  await hydrated(page);
  expect(await cardIds(page)).toEqual(third);

  await step(page, pages(page).getByRole('link', { name: 'Previous page' }), 'before');
  await expect(page).toHaveURL(/\/marketplace\?page=2&before=[A-Za-z0-9_-]+$/);
  await expectPage(page, 2);
  expect(await cardIds(page)).toEqual(second);

  // The numbered links stay plain page numbers.
  await expect(pages(page).getByRole('link', { name: 'Page 4', exact: true })).toHaveAttribute('href', '/marketplace?page=4');
});

test('a tampered page link says it is no longer valid and leads back to page 1', async ({ page }) => {
  await openInEnglish(page, '/marketplace?page=2&after=xyz');
  await expect(page.getByText('This page link is no longer valid. Go back to the first page of the search.')).toBeVisible();
  await expect(pages(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the first page' }).click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expectPage(page, 1);
});
