import type { Page } from '@playwright/test';
import { chooseLanguage, expect, fontsLoaded, hydrated, test, WIDTHS } from './fixtures';

/*
 * Text stays inside its box and buttons keep to one line (issue #30: in Russian "Автомобили" ran under
 * "Номера" at 375 px on the listing form, and "Перейти в магазин" wrapped against its edges on the home
 * page at 1280 px). Russian has the longest words; one test per page and width, so a failure names both.
 */

/** In the page's main part: text that runs past the box it is in, and buttons (or links drawn as buttons) on more than one line. */
function textProblems(page: Page) {
  return page.evaluate(() => {
    // Drawn on screen: not hidden, and not for screen readers only (`sr-only`: a 1-px box, clipped).
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.clip === 'auto';
    };
    const textRects = (el: Element) =>
      Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '')
        .flatMap((n) => {
          const range = document.createRange();
          range.selectNodeContents(n);
          return Array.from(range.getClientRects()).filter((r) => r.width > 0);
        });
    const past: string[] = [];
    const wrapped: string[] = [];
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      if (getComputedStyle(el).display === 'inline' || !shown(el)) continue;
      const box = el.getBoundingClientRect();
      const rects = textRects(el);
      if (rects.some((r) => r.right > box.right + 1 || r.left < box.left - 1)) past.push(el.textContent!.trim());
      const isButton = el.matches('button, a[class*="inline-flex"][class*="rounded"]');
      if (isButton) {
        const all = Array.from(el.querySelectorAll('*')).flatMap(textRects).concat(rects);
        const lines = new Set(all.map((r) => Math.round(r.top / 4)));
        if (lines.size > 1) wrapped.push(el.textContent!.trim());
      }
    }
    return { past, wrapped };
  });
}

const pages: { name: string; path: (page: Page) => Promise<string> }[] = [
  { name: 'home', path: async () => '/' },
  { name: 'new listing', path: async () => '/create-listing' },
  {
    name: 'editing a draft listing',
    path: async (page) => {
      const own = (await (await page.request.get('/api/listing')).json()) as { data: { data: { listing_id: string; status: string }[] } };
      const draft = own.data.data.find((l) => l.status === 'DRAFT');
      expect(draft, 'the seed gives the demo driver a draft').toBeTruthy();
      return `/create-listing?id=${draft!.listing_id}`;
    },
  },
];

for (const width of WIDTHS) {
  for (const { name, path } of pages) {
    test(`${name} at ${width} px in Russian: no text past its box, no button on two lines`, async ({ driverPage: page }) => {
      await page.setViewportSize({ width, height: 800 });
      await chooseLanguage(page, 'ru');
      await page.goto(await path(page));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (name !== 'home') await expect(page.getByText('Автомобили', { exact: true })).toBeVisible();
      await hydrated(page);
      await fontsLoaded(page);
      // Measured until the layout settles (late images, counts), never after a fixed wait.
      await expect.poll(() => textProblems(page)).toEqual({ past: [], wrapped: [] });
    });
  }
}
