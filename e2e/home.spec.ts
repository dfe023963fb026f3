import { expect, test } from '@playwright/test';
import { openInEnglish, WIDTHS } from './fixtures';

for (const width of WIDTHS) {
  test.describe(`home at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('Contact Us scrolls smoothly to the contact form', async ({ page }) => {
      // The suite runs with reduced motion (playwright.config.ts); smooth scrolling is for everyone else.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await openInEnglish(page, '/');
      await expect(page.locator('#contact')).not.toBeInViewport();
      const form = page.getByRole('form', { name: 'Contact us' });
      await expect(page.getByRole('button', { name: 'Contact Us' })).toBeVisible();
      // Click and read the position in the same task: an instant jump would already be at the form,
      // a smooth scroll has not moved yet.
      const [found, before, sameTask] = await page.evaluate(() => {
        const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Contact Us');
        const start = window.scrollY;
        button?.click();
        return [!!button, start, window.scrollY] as const;
      });
      expect(found).toBe(true);
      expect(sameTask).toBe(before);
      await expect(form.getByLabel('Name')).toBeInViewport();
      const end = await page.evaluate(() => window.scrollY);
      expect(end).toBeGreaterThan(500);
    });

    test('the two cards lead to the marketplace and the exam', async ({ page }) => {
      await openInEnglish(page, '/');
      await page.getByRole('link', { name: /TLC marketplace/ }).click();
      await expect(page).toHaveURL('/marketplace');
      await page.goBack();
      await page.getByRole('link', { name: /Practice exam/ }).click();
      await expect(page).toHaveURL('/exam');
    });

    test('Get started opens the license guide', async ({ page }) => {
      await openInEnglish(page, '/');
      await expect(page.getByRole('heading', { name: '8 steps to your TLC license' })).toBeVisible();
      await page.getByRole('link', { name: 'Get started' }).click();
      await expect(page).toHaveURL('/steps');
      await expect(page.getByRole('heading', { level: 1, name: 'How to get your TLC license' })).toBeVisible();
    });

    test('shows why drivers choose Medallion', async ({ page }) => {
      await openInEnglish(page, '/');
      const why = page.getByRole('region', { name: 'Why drivers choose Medallion' });
      await expect(why.getByRole('heading', { level: 3 })).toHaveCount(5);
      await expect(why).toContainText('Support 24/7');
    });
  });
}
