import { expect, test } from '@playwright/test';
import { hydrated } from './fixtures';

/**
 * Issue #14 and decision 0013: a page the server rendered is readable before its JavaScript, so the app's
 * code is requested once the first view is painted (apps/web/src/lib/after-first-view.ts), with the page's
 * modules, listed by the server, preloaded at that moment. That is checked on every public route by page-sweep.spec.ts
 * ("first view"); here, the exam's intro dialog before and after the app starts.
 */

test.describe('the exam intro drawn by the server', () => {
  test('is open in the HTML and closes with Start without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto('/exam');
      const intro = page.getByRole('dialog', { name: 'Before you start' });
      await expect(intro).toBeVisible();
      await expect(intro.getByRole('img', { name: 'Map of the five boroughs of New York City' })).toBeVisible();
      await intro.getByRole('button', { name: 'Start' }).click();
      await expect(intro).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test('becomes a modal when the app starts, and a Start clicked before that is kept', async ({ page }) => {
    // Hold the app's code (its one file, `app-…js`: decision 0017) back until Start has been clicked on the server's popup.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/exam');
    const intro = page.getByRole('dialog', { name: 'Before you start' });
    await expect(intro).toBeVisible();
    expect(await intro.evaluate((dialog) => dialog.matches(':modal'))).toBe(false);
    await intro.getByRole('button', { name: 'Start' }).click();
    await expect(intro).toBeHidden();
    release();
    await hydrated(page);
    // The exam runs: an answer can be chosen (a render after hydration), and the popup did not come back.
    const answer = page
      .getByRole('radiogroup', { name: /Question 1 of \d+/ })
      .getByRole('radio')
      .first();
    await answer.check();
    await expect(answer).toBeChecked();
    await expect(intro).toBeHidden();
    expect(await page.locator('dialog').evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(false);
  });

  test('is reopened as a modal once the app has started (the page behind is inert)', async ({ page }) => {
    await page.goto('/exam');
    const intro = page.getByRole('dialog', { name: 'Before you start' });
    await expect(intro).toBeVisible();
    await hydrated(page);
    await expect.poll(() => intro.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
    await expect(intro.getByRole('button', { name: 'Start' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(intro).toBeHidden();
    await expect(page.getByTestId('exam-progress')).toHaveText(/Question 1 of \d+/);
  });
});
