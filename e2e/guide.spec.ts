import { expect, test } from '@playwright/test';
import { openInEnglish, WIDTHS } from './fixtures';

const TITLES = [/Class E/, /defensive driving/i, /application/i, /medical/i, /wheelchair|taxi school/i, /drug test/i, /fingerprints/i, /TLC exam/];

for (const width of WIDTHS) {
  test.describe(`license guide at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('Next walks through the 8 steps and Previous walks back', async ({ page }) => {
      await openInEnglish(page, '/steps');
      const previous = page.getByRole('button', { name: 'Previous' });
      const next = page.getByRole('button', { name: 'Next' });
      const heading = page.locator('#step-title');
      await expect(previous).toBeDisabled();
      for (let n = 1; n <= 8; n++) {
        await expect(page.getByText(`Step ${n} of 8`)).toBeVisible();
        await expect(heading).toHaveText(TITLES[n - 1]!);
        if (n < 8) await next.click();
      }
      await expect(next).toBeDisabled();
      await expect(page).toHaveURL('/steps?step=8');
      for (let n = 8; n > 1; n--) await previous.click();
      await expect(page.getByText('Step 1 of 8')).toBeVisible();
      await expect(previous).toBeDisabled();
    });

    test('the numbered steps are clickable and the figures are shown', async ({ page }) => {
      await openInEnglish(page, '/steps');
      await page.getByRole('button', { name: /^3\b/ }).click();
      await expect(page.getByText('Step 3 of 8')).toBeVisible();
      const article = page.getByRole('article');
      await expect(article).toContainText('$252');
      await expect(article).toContainText('LARS');
      await page.getByRole('button', { name: /^7\b/ }).click();
      await expect(article).toContainText('15425Y');
      await expect(page.getByRole('button', { name: /^7\b/ })).toHaveAttribute('aria-current', 'step');
    });

    test('step 8 links to the exam and shows the FAQ', async ({ page }) => {
      await openInEnglish(page, '/steps?step=8');
      await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
      const first = page.locator('details').first();
      await first.locator('summary').click();
      await expect(first.locator('p')).toBeVisible();
      await page.getByRole('link', { name: 'Start the practice exam' }).click();
      await expect(page).toHaveURL('/exam');
    });

    test('the FAQ only shows on step 8', async ({ page }) => {
      await openInEnglish(page, '/steps?step=4');
      await expect(page.getByText('Step 4 of 8')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toHaveCount(0);
    });
  });
}
