import { expect, test, type Page } from '@playwright/test';
import { hydrated, PUBLIC_ROUTES, resolvePath } from './fixtures';

/**
 * Issue #14: a page the server rendered is readable before its JavaScript, so the app's code waits
 * for the first view (the window's load event: stylesheet, font, pictures on screen) instead of sharing
 * a phone's bandwidth with it (apps/web/src/lib/after-first-view.ts). Only the tiny entry script loads
 * before; the page's modules, listed by the server, are preloaded right after.
 */

interface Timeline {
  entry: string;
  loadEventStart: number;
  scripts: { path: string; startTime: number }[];
  listed: string[];
}

async function timeline(page: Page): Promise<Timeline> {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const entry = new URL((document.querySelector('script[type="module"][src]') as HTMLScriptElement).src).pathname;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((r) => ({ path: new URL(r.name).pathname, startTime: r.startTime }))
      .filter((r) => r.path.endsWith('.js'));
    const listed = JSON.parse(document.getElementById('medallion-modules')?.textContent ?? '[]') as string[];
    return { entry, loadEventStart: navigation.loadEventStart, scripts, listed };
  });
}

for (const route of PUBLIC_ROUTES) {
  test(`${route}: the app's code starts loading after the first view, with the page's own modules`, async ({ page }) => {
    await page.goto(await resolvePath(page, route));
    await hydrated(page);
    const { entry, loadEventStart, scripts, listed } = await timeline(page);
    expect(loadEventStart).toBeGreaterThan(0);
    expect(scripts.map((s) => s.path)).toContain(entry);
    const app = scripts.filter((s) => s.path !== entry);
    expect(app.length, 'the app was loaded').toBeGreaterThan(0);
    for (const script of app) {
      expect(script.startTime, `${script.path} started before the load event (${loadEventStart} ms)`).toBeGreaterThanOrEqual(loadEventStart);
    }
    // The page's chunk and its imports are listed, and every listed module was fetched.
    expect(listed.length).toBeGreaterThan(0);
    expect(scripts.map((s) => s.path)).toEqual(expect.arrayContaining(listed));
  });
}

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
    // Hold the app's code back until Start has been clicked on the server's popup.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
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
