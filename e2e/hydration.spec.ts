import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { A_LISTING, hydrated, openSettled, ROUTES, SIGNED_IN_PAGES, signIn } from './fixtures';

/*
 * Hydration (issue #14): every page the server renders is taken over by the browser without a
 * complaint. A hydration mismatch (server and browser drew different markup: a component read
 * window, storage, matchMedia or the clock during render), a failed chunk, a React or React Router
 * warning, an uncaught error: each is a console error or warning, or a pageerror, and fails the test.
 *
 * Nothing on these pages comes from a third party (fonts, scripts and pictures are all served by the
 * app), so there is nothing of anyone else's to excuse. Chromium logs "Failed to load resource: … 404"
 * for every 404 it receives; two are answers on purpose and excused, by their exact address:
 * - the document of a page that does not exist (the server says 404 with the rendered not-found page);
 * - GET /api/exam/questions/saved, whose 404 "No saved questions" is the API's specified answer for
 *   an empty list. The exam and the dashboard's saved
 *   tab ask for it for a signed-in user (not rendered on the server: private data).
 * Any other 404, e.g. the browser asking again for a listing the server already found missing, fails.
 *
 * A guest's marketplace, listing, shop and exam arrive with their data; the browser must not ask the
 * API for it again while it hydrates.
 *
 * One test per route (not one walk over all of them), so a failure names its page. Budget: a page
 * settles in 2-12 s on a busy 2-core machine (a signed-in one signs in first); the default 90 s
 * (playwright.config.ts) covers it.
 */

const NOT_FOUND = ['/no-such-page', '/listing/no-such-listing'];
/** API reads whose 404 is a normal answer (see above). */
const EMPTY_404 = ['/api/exam/questions/saved'];

/** Every route as a guest: the product's routes (the newest listing for /listing/:id), a few queries, and two 404s. */
const GUEST_PATHS = [...ROUTES, '/marketplace?category=cars', '/steps?step=8', ...NOT_FOUND];

/** The API reads whose answers a guest's page carries in its HTML (app/loaders.ts), by page. */
const RENDERED_READS: Record<string, RegExp> = {
  '/marketplace': /^\/api\/listing-all$/,
  '/marketplace?category=cars': /^\/api\/listing-all$/,
  [A_LISTING]: /^\/api\/listing\/[^/]+$/,
  '/shop': /^\/api\/products$/,
  '/exam': /^\/api\/exam\/questions$/,
};

/** Records the console's errors and warnings, uncaught errors, and the GET requests to the API. */
function watch(page: Page) {
  const problems: string[] = [];
  const apiReads: string[] = [];
  const describe = (message: ConsoleMessage) => {
    const { url, lineNumber } = message.location();
    return `console.${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
  };
  page.on('console', (message) => {
    if (!['error', 'warning', 'assert'].includes(message.type())) return;
    // The document of a missing page, and an empty list, come with status 404 on purpose (see above).
    const documentUrl = page.url();
    if (
      message.type() === 'error' &&
      /^Failed to load resource: the server responded with a status of 404/.test(message.text()) &&
      [...NOT_FOUND, ...EMPTY_404].some((path) => message.location().url === new URL(path, documentUrl).toString())
    ) {
      return;
    }
    problems.push(describe(message));
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.name}: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) apiReads.push(url.pathname);
  });
  return { problems, apiReads };
}

/** The server rendered the page and the browser has hydrated it (openSettled waits for that too). */
async function expectHydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-ssr', 'true');
  await hydrated(page);
}

test.describe('hydration at 375 px', () => {
  // The browser is where the visitors are, New York, while the server runs in UTC (as this machine
  // does): what either side derives from its own clock or zone (a listing's date) must still agree.
  test.use({ viewport: { width: 375, height: 800 }, timezoneId: 'America/New_York' });

  for (const path of GUEST_PATHS) {
    test(`${path} as a guest hydrates without errors or warnings${RENDERED_READS[path] ? ' and reads nothing again' : ''}`, async ({ page }) => {
      const { problems, apiReads } = watch(page);
      await openSettled(page, path);
      await expectHydrated(page);
      if (NOT_FOUND.includes(path)) expect(page.url()).toContain(path);
      // Messages of the last moments of hydration have arrived once the page has answered a round trip.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(problems).toEqual([]);
      const read = RENDERED_READS[path];
      if (read) expect(apiReads.filter((p) => read.test(p))).toEqual([]);
    });
  }

  // Russian formats numbers and dates otherwise (no-break spaces, "1 800 $", "5 марта"): the server's
  // ICU (Node) and the browser's (Chromium) must write the same text for the pages with data.
  for (const path of ['/', '/marketplace', A_LISTING, '/shop', '/exam', '/steps?step=8', '/terms']) {
    test(`${path} as a guest in Russian hydrates without errors or warnings`, async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'medallion.language', value: 'ru', url: baseURL! }]);
      const { problems } = watch(page);
      await openSettled(page, path);
      await expectHydrated(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(problems).toEqual([]);
    });
  }

  for (const { account, paths } of SIGNED_IN_PAGES) {
    for (const path of paths) {
      test(`${path} as ${account.email.split('@')[0]} hydrates without errors or warnings`, async ({ page }) => {
        const { problems } = watch(page);
        await signIn(page, account);
        await openSettled(page, path);
        await expectHydrated(page);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        expect(problems).toEqual([]);
      });
    }
  }
});
