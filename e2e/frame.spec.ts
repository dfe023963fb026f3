import { expect, test } from '@playwright/test';
import { openInEnglish, openMobileMenu, ROUTES, signIn, WIDTHS } from './fixtures';

for (const width of WIDTHS) {
  test.describe(`shared frame at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    const links = [
      { name: 'Marketplace', path: '/marketplace', heading: 'Marketplace' },
      { name: 'Shop', path: '/shop', heading: 'Shop' },
      { name: 'Exam', path: '/exam', heading: 'Practice exam' },
      { name: 'Sign in', path: '/login', heading: 'Sign in' },
    ];

    for (const link of links) {
      test(`header link ${link.name} goes to ${link.path}`, async ({ page }) => {
        await openInEnglish(page, '/');
        const scope = width < 768 ? await openMobileMenu(page) : page.getByRole('banner');
        await scope.getByRole('link', { name: link.name, exact: true }).click();
        await expect(page).toHaveURL(link.path);
        // The exam opens on its "Before you start" dialog, which hides the page until Start.
        if (link.path === '/exam') await page.getByRole('button', { name: 'Start' }).click();
        await expect(page.getByRole('heading', { level: 1, name: link.heading })).toBeVisible();
      });
    }

    test('logo goes home', async ({ page }) => {
      await openInEnglish(page, '/terms');
      await page.getByRole('link', { name: 'Medallion home' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Everything for your TLC driver career');
    });

    test('footer shows the copyright line and links to the terms', async ({ page }) => {
      await openInEnglish(page, '/');
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText('© 2024 Medallion');
      await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
      await expect(page).toHaveURL('/terms');
      await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    });

    test('every page has the Get in touch section and a toast area', async ({ page }) => {
      await openInEnglish(page, '/steps');
      await expect(page.getByRole('heading', { name: 'Get in touch' })).toBeAttached();
      await expect(page.getByRole('link', { name: 'support@medallion.example' })).toBeAttached();
      await expect(page.getByRole('link', { name: '(718) 555-0142' })).toBeAttached();
      await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
    });
  });
}

test.describe('routes', () => {
  for (const path of ROUTES) {
    test(`${path} is served by the app on a deep link and a reload`, async ({ page }) => {
      const response = await openInEnglish(page, path);
      expect(response?.status()).toBe(200);
      // The exam opens on its "Before you start" dialog, which hides the page until Start.
      const start = async () => {
        if (path === '/exam') await page.getByRole('button', { name: 'Start' }).click();
      };
      await start();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.reload();
      await start();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    });
  }

  test('an unknown path shows a real 404 page', async ({ page }) => {
    const response = await openInEnglish(page, '/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('the header fits every desktop width', () => {
  // Staff have the most in the header (Admin, Dashboard, the cart, Sign Out); Russian has the longest words.
  for (const language of ['en', 'ru'] as const) {
    test(`768 to 1280 px, staff, ${language}: no control past the edge, no sideways scroll`, async ({ page }) => {
      await page.addInitScript((lng) => localStorage.setItem('medallion.language', lng), language);
      await signIn(page, { email: 'staff@medallion.example', password: 'Staff2024' });
      await page.setViewportSize({ width: 768, height: 800 });
      await page.goto('/');
      const banner = page.getByRole('banner');
      const signOut = banner.getByRole('button', { name: language === 'ru' ? 'Выйти' : 'Sign Out' });
      await expect(signOut).toBeVisible();
      for (const width of [768, 820, 900, 1023, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await expect(page.getByRole('button', { name: language === 'ru' ? 'Открыть меню' : 'Open menu' })).toBeHidden();
        const overflow = await page.evaluate(() => {
          const header = document.querySelector('header')!;
          const controls = Array.from(header.querySelectorAll<HTMLElement>('a, button')).filter((el) => el.offsetParent !== null);
          return {
            scroll: document.documentElement.scrollWidth - window.innerWidth,
            past: controls.filter((el) => el.getBoundingClientRect().right > window.innerWidth).map((el) => el.textContent || el.getAttribute('aria-label')),
          };
        });
        expect(overflow, `at ${width}px`).toEqual({ scroll: 0, past: [] });
      }
      // Between 768 and 1024 px the account links show icons; their names stay for screen readers.
      await page.setViewportSize({ width: 768, height: 800 });
      await expect(banner.getByRole('link', { name: language === 'ru' ? 'Кабинет' : 'Dashboard' })).toBeVisible();
      await expect(signOut).toHaveAttribute('title', language === 'ru' ? 'Выйти' : 'Sign Out');
    });
  }
});

test('dashboard tabs at 375 px in Russian: all four in view, two rows of two', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem('medallion.language', 'ru'));
  await signIn(page, { email: 'driver@medallion.example', password: 'Driver2024' });
  await page.goto('/dashboard?tab=orders');
  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs).toHaveText(['Настройки', 'Мои объявления', 'Сохранённые вопросы', 'Заказы']);
  await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});

test.describe('no page scrolls sideways', () => {
  // Staff see every page (the console too); Russian has the longest words; 320 px is the narrowest phone.
  for (const width of [320, 768]) {
    for (const language of ['ru', 'en'] as const) {
      test(`${width} px, ${language}, every route`, async ({ page }) => {
        test.setTimeout(90_000);
        await page.setViewportSize({ width, height: 800 });
        await page.addInitScript((lng) => localStorage.setItem('medallion.language', lng), language);
        await signIn(page, { email: 'staff@medallion.example', password: 'Staff2024' });
        const listing = ((await (await page.request.get('/api/listing-all?page_size=1')).json()) as { data: { listings: { listing_id: string }[] } }).data.listings[0]!;
        const paths = [
          ...ROUTES.filter((r) => !r.startsWith('/listing/')),
          `/listing/${listing.listing_id}`,
          '/dashboard?tab=ads',
          '/dashboard?tab=saved',
          '/dashboard?tab=orders',
          '/steps?step=8',
          '/admin',
          '/admin/listings',
          '/admin/exam',
          '/admin/products',
          '/admin/orders',
        ];
        const wide: string[] = [];
        for (const path of paths) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first()).toBeVisible();
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (extra > 0) wide.push(`${path} (+${extra}px)`);
        }
        expect(wide).toEqual([]);
      });
    }
  }
});
