import { expect, type Page } from '@playwright/test';
import { APP_ROUTE_PATTERNS } from '@medallion/contracts/site';

export const WIDTHS = [375, 1280] as const;

/** Routes of the spec (§2), with a concrete listing id. */
export const ROUTES = APP_ROUTE_PATTERNS.map((p) => p.replace(':listingId', 'demo-listing-1'));

/** Opens a page in English (the language is remembered per browser) and waits for its content. */
export async function openInEnglish(page: Page, path: string) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('medallion.language')) localStorage.setItem('medallion.language', 'en');
  });
  const response = await page.goto(path);
  // The page has its content: its main heading, or an intro dialog over it (the exam's
  // "Before you start", which hides the rest of the page from assistive technology until Start).
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first()).toBeVisible();
  return response;
}

export async function openMobileMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  return menu;
}
