import { expect, test } from '@playwright/test';
import { appText, chooseLanguage, openInEnglish, openSettled, WIDTHS, type Lang } from './fixtures';

const TITLES = [/Class E/, /defensive driving/i, /medical/i, /application/i, /wheelchair|taxi school/i, /drug test/i, /fingerprints/i, /TLC exam/];

for (const width of WIDTHS) {
  test.describe(`license guide at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('Next walks through the 8 steps and Previous walks back', async ({ page }) => {
      await openInEnglish(page, '/steps');
      // Links to the steps (they work before the app has started); a disabled button at either end.
      const previous = page.getByRole('link', { name: 'Previous' });
      const next = page.getByRole('link', { name: 'Next' });
      const heading = page.locator('#step-title');
      await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
      for (let n = 1; n <= 8; n++) {
        await expect(page.getByText(`Step ${n} of 8`)).toBeVisible();
        await expect(heading).toHaveText(TITLES[n - 1]!);
        if (n < 8) await next.click();
        // After a move the new step's heading has the focus (not on the first load).
        if (n < 8) await expect(heading).toBeFocused();
      }
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
      await expect(page).toHaveURL('/steps?step=8');
      for (let n = 8; n > 1; n--) {
        await previous.click();
        await expect(page.getByText(`Step ${n - 1} of 8`)).toBeVisible();
      }
      await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    });

    test('the numbered steps are clickable and the figures are shown', async ({ page }) => {
      await openInEnglish(page, '/steps');
      const steps = page.getByRole('navigation', { name: appText('en', 'steps', 'title') });
      await steps.getByRole('link', { name: /^4\b/ }).click();
      await expect(page.getByText('Step 4 of 8')).toBeVisible();
      const article = page.getByRole('article');
      await expect(article).toContainText('$252');
      await expect(article).toContainText('LARS');
      // Each figure says where it comes from and when that was checked (issue #30).
      await expect(article.getByTestId('figure-source').first()).toHaveText(/^\$252.*: NYC Business, “TLC Driver License”, checked November 28, 2026$/);
      await steps.getByRole('link', { name: /^7\b/ }).click();
      await expect(article).toContainText('15425Y');
      await expect(steps.getByRole('link', { name: /^7\b/ })).toHaveAttribute('aria-current', 'step');
    });

    test('step 8 links to the exam and shows the FAQ', async ({ page }) => {
      await openInEnglish(page, '/steps?step=8');
      await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
      const first = page.locator('details').first();
      await first.locator('summary').click();
      await expect(first.locator('p').first()).toBeVisible();
      await expect(first.getByTestId('figure-source')).toContainText('80');
      await page.getByRole('link', { name: 'Start the practice exam' }).click();
      await expect(page).toHaveURL('/exam');
    });

    test('the FAQ only shows on step 8', async ({ page }) => {
      await openInEnglish(page, '/steps?step=4');
      await expect(page.getByText('Step 4 of 8')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toHaveCount(0);
    });

    for (const lang of ['en', 'ru'] as const satisfies readonly Lang[]) {
      test(`the medical exam (step 3) comes before the application (step 4) [${lang}]`, async ({ page }) => {
        // The TLC medical form must be dated within 90 days BEFORE the application: the guide sends drivers to the doctor first.
        await chooseLanguage(page, lang);
        await openSettled(page, '/steps');
        const buttons = page.getByRole('navigation', { name: appText(lang, 'steps', 'title') }).getByRole('link');
        await expect(buttons).toHaveCount(8);
        const medical = lang === 'en' ? 'Medical exam' : 'Медосмотр';
        const application = lang === 'en' ? 'Apply in LARS' : 'Заявка в LARS';
        await expect(buttons.nth(2)).toHaveAccessibleName(new RegExp(`^3\\s*${medical}$`));
        await expect(buttons.nth(3)).toHaveAccessibleName(new RegExp(`^4\\s*${application}$`));
        await buttons.nth(2).click();
        await expect(page.getByText(lang === 'en' ? 'Step 3 of 8' : 'Шаг 3 из 8')).toBeVisible();
        await expect(page.locator('#step-title')).toHaveText(lang === 'en' ? /medical exam before you apply/ : /медосмотр для TLC до подачи заявки/);
        await page.getByRole('link', { name: lang === 'en' ? 'Next' : 'Далее' }).click();
        await expect(page.locator('#step-title')).toHaveText(lang === 'en' ? /application/ : /заявку/);
        await expect(page.getByRole('article')).toContainText(lang === 'en' ? 'TLC medical form' : 'медицинская форма TLC');
      });
    }
  });
}

test.describe('before the app has started (a slow phone)', () => {
  // The page arrives rendered and its app starts after the first view (decision 0006): until then a
  // step or Previous/Next is a plain link, so the tap is not lost.
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

  test('a tap on Next or on a numbered step opens that step', async ({ page }) => {
    await page.goto('/steps?step=2&lang=en');
    await expect(page.getByText('Step 2 of 8')).toBeVisible();
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page.getByText('Step 3 of 8')).toBeVisible();
    await expect(page).toHaveURL('/steps?step=3');
    await page
      .getByRole('navigation', { name: appText('en', 'steps', 'title') })
      .getByRole('link', { name: /^7\b/ })
      .click();
    await expect(page.getByText('Step 7 of 8')).toBeVisible();
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(page.getByText('Step 6 of 8')).toBeVisible();
  });
});
