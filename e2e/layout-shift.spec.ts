import { expect, test } from '@playwright/test';
import { PUBLIC_ROUTES, resolvePath, WIDTHS } from './fixtures';

/** Issue #14: no layout shift while a public page loads (Core Web Vitals' "good" is 0.1; ours is stricter). */
const MAX_CLS = 0.02;

interface Shift {
  value: number;
  time: number;
  sources: string[];
}

/** CLS as browsers report it: the largest sum of shifts without input in a window (1 s gaps, at most 5 s). */
function cumulativeLayoutShift(shifts: Shift[]): number {
  let worst = 0;
  let sum = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.time - last > 1000 || shift.time - start > 5000) {
      sum = 0;
      start = shift.time;
    }
    sum += shift.value;
    last = shift.time;
    worst = Math.max(worst, sum);
  }
  return worst;
}

for (const width of WIDTHS) {
  test.describe(`layout shift at ${width}px`, () => {
    for (const route of PUBLIC_ROUTES) {
      test(`${route} does not move while it loads, in English and in Russian`, async ({ browser, baseURL }) => {
        for (const language of ['en', 'ru'] as const) {
          // A first visit: a new context, so nothing is cached.
          const context = await browser.newContext({ baseURL, viewport: { width, height: width < 768 ? 812 : 800 }, reducedMotion: 'reduce' });
          try {
            const page = await context.newPage();
            await page.addInitScript((lng) => {
              localStorage.setItem('medallion.language', lng);
              const shifts: Shift[] = [];
              (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
                  if (entry.hadRecentInput) continue;
                  const sources = (entry.sources ?? []).map(({ node }) => {
                    const element = node instanceof Element ? node : node?.parentElement;
                    return element
                      ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`
                      : '?';
                  });
                  shifts.push({ value: entry.value, time: entry.startTime, sources });
                }
              }).observe({ type: 'layout-shift', buffered: true });
            }, language);
            await page.goto(await resolvePath(page, route));
            await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first()).toBeVisible();
            await page.waitForLoadState('networkidle');
            await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
            await page.evaluate(async () => {
              await document.fonts.ready;
              await new Promise((resolve) => setTimeout(resolve, 300));
            });
            const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
            const cls = cumulativeLayoutShift(shifts);
            const detail = shifts.map((s) => `${s.value.toFixed(4)} at ${Math.round(s.time)} ms: ${s.sources.join(', ')}`).join('; ');
            expect(cls, `${route} (${language}) at ${width}px: CLS ${cls.toFixed(4)} (${detail || 'no shifts'})`).toBeLessThanOrEqual(MAX_CLS);
          } finally {
            await context.close();
          }
        }
      });
    }
  });
}
