import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Browser } from '@playwright/test';
import { PUBLIC_ROUTES, resolvePath } from './fixtures';

/** Issue #14: the JavaScript a first visit downloads, gzipped, per public route. */
const BUDGET_KIB = 170;
/**
 * Issue #31: and in few files. On a phone each file is a round trip and HTTP/1.1 asks for six at a time;
 * the app's start is one file (decision 0017, apps/web/first-load-chunks.ts), so a page loads 4 to 12.
 */
const MAX_FILES = 14;
const dist = join(process.cwd(), 'apps/web/dist');

/**
 * A first visit (a new browser context: empty cache, no cookie) from a phone set to a language (its
 * Accept-Language, which the server renders the page in); the scripts it loaded and their gzipped sizes.
 */
async function firstVisit(browser: Browser, baseURL: string, path: string, language: 'en' | 'ru') {
  const context = await browser.newContext({ baseURL, locale: language === 'ru' ? 'ru-RU' : 'en-US' });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(await resolvePath(page, path), { waitUntil: 'networkidle' });
    // The page's heading, or the popup it opens with (the exam's "Before you start").
    await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const sizes = [...scripts].map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }));
    return { sizes, kib: sizes.reduce((sum, s) => sum + s.gzip, 0) / 1024 };
  } finally {
    await context.close();
  }
}

for (const route of PUBLIC_ROUTES) {
  test(`initial JS of ${route} is at most ${BUDGET_KIB} KiB gzipped in ${MAX_FILES} files, in English and in Russian`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    for (const language of ['en', 'ru'] as const) {
      const { sizes, kib } = await firstVisit(browser, baseURL!, route, language);
      const files = sizes.map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} KiB`).join(', ');
      const report = `initial JS of ${route} (${language}): ${kib.toFixed(1)} KiB gzipped in ${sizes.length} files (${files})`;
      console.log(report);
      testInfo.annotations.push({ type: 'budget', description: report });
      expect(sizes.length, report).toBeGreaterThan(0);
      expect(kib, report).toBeLessThanOrEqual(BUDGET_KIB);
      expect(sizes.length, report).toBeLessThanOrEqual(MAX_FILES);
    }
  });
}
