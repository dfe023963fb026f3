import { expect, test } from '@playwright/test';
import { openInEnglish, WIDTHS } from './fixtures';

for (const width of WIDTHS) {
  test.describe(`terms at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('shows 30 numbered sections with a table of contents', async ({ page }) => {
      await openInEnglish(page, '/terms');
      await expect(page.getByText('Last updated October 14, 2023')).toBeVisible();
      const sections = page.locator('article section h2');
      await expect(sections).toHaveCount(30);
      await expect(sections.first()).toHaveText(/^1\. /);
      await expect(sections.last()).toHaveText(/^30\. /);
      const toc = page.getByRole('navigation', { name: 'Table of contents' });
      await expect(toc.getByRole('link')).toHaveCount(30);
    });

    test('a contents link jumps to its section', async ({ page }) => {
      await openInEnglish(page, '/terms');
      const toc = page.getByRole('navigation', { name: 'Table of contents' });
      await toc.getByRole('link', { name: /dispute resolution/i }).click();
      await expect(page).toHaveURL(/#dispute-resolution$/);
      const section = page.locator('#dispute-resolution');
      await expect(section.getByRole('heading')).toBeInViewport();
      await expect(section).toContainText('Kings County');
      await expect(section).toContainText('30 days');
    });
  });
}
