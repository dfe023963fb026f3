import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { openInEnglish, ROUTES, signIn, WIDTHS } from './fixtures';

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

test.describe('every route, signed in, at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  const DRIVER = { email: 'driver@medallion.example', password: 'Driver2024' };
  const STAFF = { email: 'staff@medallion.example', password: 'Staff2024' };

  for (const lng of ['en', 'ru']) {
    test(`the demo driver's and staff's pages (${lng}) have no axe violations`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.addInitScript((l) => localStorage.setItem('medallion.language', l), lng);
      const listing = ((await (await page.request.get('/api/listing-all?page_size=1')).json()) as { data: { listings: { listing_id: string }[] } }).data.listings[0]!;
      const pages: Array<[typeof DRIVER, string[]]> = [
        [
          DRIVER,
          [
            ...ROUTES.filter((r) => !r.startsWith('/listing/') && r !== '/auth' && r !== '/success-setup-intent'),
            `/listing/${listing.listing_id}`,
            '/dashboard?tab=ads',
            '/dashboard?tab=saved',
            '/dashboard?tab=orders',
            '/no-such-page',
          ],
        ],
        [STAFF, ['/admin', '/admin/listings', '/admin/exam', '/admin/products', '/admin/orders']],
      ];
      const found: string[] = [];
      for (const [account, paths] of pages) {
        await signIn(page, account);
        for (const path of paths) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first()).toBeVisible();
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
          for (const v of results.violations) found.push(`${path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        }
      }
      expect(found).toEqual([]);
    });
  }
});
