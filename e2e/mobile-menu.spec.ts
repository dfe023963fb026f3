import { expect, test } from '@playwright/test';
import { openInEnglish, openMobileMenu } from './fixtures';

test.describe('mobile menu at 375px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('collapses the navigation behind a toggle', async ({ page }) => {
    await openInEnglish(page, '/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Marketplace' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = await openMobileMenu(page);
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Shop' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });

  test('closes when a link is clicked', async ({ page }) => {
    await openInEnglish(page, '/');
    const menu = await openMobileMenu(page);
    await menu.getByRole('link', { name: 'Exam' }).click();
    await expect(page).toHaveURL('/exam');
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });

  test('closes when the window grows past 768px', async ({ page }) => {
    await openInEnglish(page, '/');
    await openMobileMenu(page);
    await page.setViewportSize({ width: 1024, height: 800 });
    // Gone, not only hidden by the wide layout's CSS: the app closed it. Resizing back before the page has
    // drawn a frame at 1024 px would otherwise race the media query's change event on a busy machine.
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Marketplace' })).toBeVisible();
    // Back to a phone width: the menu stays closed until asked.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('closes with Escape', async ({ page }) => {
    await openInEnglish(page, '/');
    await openMobileMenu(page);
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });
});
