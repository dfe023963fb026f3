import AxeBuilder from '@axe-core/playwright';
import { chooseLanguage, DRIVER, expect, openInEnglish, openSettled, SIGNED_IN_PAGES, signIn, test, WIDTHS } from './fixtures';

const PAGES = ['/', '/steps', '/steps?step=8', '/terms', '/login'];

// axe over a whole page is slow on a busy machine: up to ~35 s for /terms (30 sections) there, which the
// default budget of 90 s (playwright.config.ts) covers.

for (const width of WIDTHS) {
  test.describe(`accessibility at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of PAGES) {
      for (const lng of ['en', 'ru'] as const) {
        test(`${path} (${lng}) has no serious or critical axe violations`, async ({ page }) => {
          await chooseLanguage(page, lng);
          await openInEnglish(page, path);
          // The Get in touch section with its contact form is checked as well.
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
  test(`/dashboard at ${width}px has no serious or critical axe violations`, async ({ driverPage: page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openInEnglish(page, '/dashboard');
    await expect(page.getByRole('region', { name: 'Your account' }).getByText(DRIVER.email)).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(bad).toEqual([]);
  });
}

// One test per route and language (not one walk over every route): each test stays short on a busy
// machine, and a failure names its page.
test.describe('every route, signed in, at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const { account, paths } of SIGNED_IN_PAGES) {
    for (const path of paths) {
      for (const lng of ['en', 'ru'] as const) {
        test(`${path} as ${account.email.split('@')[0]} (${lng}) has no axe violations`, async ({ page }) => {
          await chooseLanguage(page, lng);
          await signIn(page, account);
          await openSettled(page, path);
          const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
          expect(results.violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        });
      }
    }
  }
});
