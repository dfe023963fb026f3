import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { openInEnglish, WIDTHS } from './fixtures';

const PAGES = ['/', '/steps', '/steps?step=8', '/terms', '/login'];

for (const width of WIDTHS) {
  test.describe(`accessibility at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of PAGES) {
      for (const lng of ['en', 'ru']) {
        test(`${path} (${lng}) has no serious or critical axe violations`, async ({ page }) => {
          await page.addInitScript((l) => localStorage.setItem('medallion.language', l), lng);
          await openInEnglish(page, path);
          // Load the lazily loaded contact form too, so it is checked as well.
          await page.locator('#contact').scrollIntoViewIfNeeded();
          await expect(page.getByRole('button', { name: lng === 'en' ? 'Send message' : 'Отправить сообщение' })).toBeVisible();
          const results = await new AxeBuilder({ page }).analyze();
          const bad = results.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          expect(bad).toEqual([]);
        });
      }
    }
  });
}

for (const width of WIDTHS) {
  test(`/dashboard at ${width}px has no serious or critical axe violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const res = await page.request.post('/api/auth/sign-in', { data: { email: 'driver@medallion.example', password: 'Driver2024' } });
    expect(res.status()).toBe(200);
    await openInEnglish(page, '/dashboard');
    await expect(page.getByText('driver@medallion.example')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(bad).toEqual([]);
  });
}
