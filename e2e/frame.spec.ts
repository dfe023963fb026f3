import type { Page } from '@playwright/test';
import {
  A_LISTING,
  chooseLanguage,
  expect,
  fontsLoaded,
  openInEnglish,
  openMobileMenu,
  openSettled,
  ROUTES,
  SIGNED_IN_PAGES,
  signIn,
  STAFF,
  test,
  WIDTHS,
} from './fixtures';

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
  // One test per width and language, so a failure names both.
  for (const language of ['en', 'ru'] as const) {
    for (const width of [768, 820, 900, 1023, 1024, 1280]) {
      test(`${width} px, staff, ${language}: no control past the edge, no sideways scroll`, async ({ page }) => {
        await chooseLanguage(page, language);
        await signIn(page, STAFF);
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        const banner = page.getByRole('banner');
        const signOut = banner.getByRole('button', { name: language === 'ru' ? 'Выйти' : 'Sign Out' });
        await expect(signOut).toBeVisible();
        await expect(page.getByRole('button', { name: language === 'ru' ? 'Открыть меню' : 'Open menu' })).toBeHidden();
        await fontsLoaded(page);
        const overflow = () =>
          page.evaluate(() => {
            const header = document.querySelector('header')!;
            const controls = Array.from(header.querySelectorAll<HTMLElement>('a, button')).filter((el) => el.offsetParent !== null);
            return {
              scroll: document.documentElement.scrollWidth - window.innerWidth,
              past: controls.filter((el) => el.getBoundingClientRect().right > window.innerWidth).map((el) => el.textContent || el.getAttribute('aria-label')),
            };
          });
        // The settled header (the session's links and the cart count arrive after the first paint).
        await expect.poll(overflow).toEqual({ scroll: 0, past: [] });
        if (width < 1024) {
          // Between 768 and 1024 px the account links show icons; their names stay for screen readers.
          await expect(banner.getByRole('link', { name: language === 'ru' ? 'Кабинет' : 'Dashboard' })).toBeVisible();
          await expect(signOut).toHaveAttribute('title', language === 'ru' ? 'Выйти' : 'Sign Out');
        }
      });
    }
  }
});

test('dashboard tabs at 375 px in Russian: all seven in view, in rows of two', async ({ driverPage: page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await chooseLanguage(page, 'ru');
  await page.goto('/dashboard?tab=orders');
  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs).toHaveText(['Настройки', 'Безопасность', 'Мои объявления', 'Сообщения', 'Избранное', 'Сохранённые вопросы', 'Заказы']);
  await expect(tabs.nth(6)).toHaveAttribute('aria-selected', 'true');
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});

test.describe('no page scrolls sideways', () => {
  // Staff see every page (the console too); Russian has the longest words; 320 px is the narrowest phone.
  // One test per page and language (a failure names its page); each loads the page at 320 px, then
  // widens the same page to 768 px.
  const paths = [
    ...ROUTES.filter((r) => !r.startsWith('/listing/')),
    A_LISTING,
    '/dashboard?tab=security',
    '/dashboard?tab=ads',
    '/dashboard?tab=messages',
    '/dashboard?tab=favorites',
    '/dashboard?tab=saved',
    '/dashboard?tab=orders',
    '/steps?step=8',
    ...SIGNED_IN_PAGES.find((p) => p.account === STAFF)!.paths,
  ];
  const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  for (const path of paths) {
    for (const language of ['ru', 'en'] as const) {
      test(`${path}, staff, ${language}, at 320 and 768 px`, async ({ page }) => {
        await page.setViewportSize({ width: 320, height: 800 });
        await chooseLanguage(page, language);
        await signIn(page, STAFF);
        await openSettled(page, path);
        // Measured until the layout settles (late images, counts, a resize's re-render), never after a fixed wait.
        await expect.poll(() => sideways(page), { message: 'extra width at 320 px' }).toBe(0);
        await page.setViewportSize({ width: 768, height: 800 });
        await expect.poll(() => sideways(page), { message: 'extra width at 768 px' }).toBe(0);
      });
    }
  }
});
