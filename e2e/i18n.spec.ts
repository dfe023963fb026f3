import { expect, test, type Page } from '@playwright/test';
import { openInEnglish, WIDTHS } from './fixtures';

/** Where the language switch lives: the header on desktop, the toggle menu on phones. */
async function switchScope(page: Page, width: number, openMenuLabel: string) {
  if (width >= 768) return page.getByRole('banner');
  await page.getByRole('button', { name: openMenuLabel }).click();
  return page.locator('#mobile-menu');
}

for (const width of WIDTHS) {
  test.describe(`language switch at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('switches the whole UI to Russian and remembers it', async ({ page }) => {
      await openInEnglish(page, '/');
      await (await switchScope(page, width, 'Open menu')).getByRole('button', { name: 'Русский' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Всё для карьеры водителя TLC в одном месте');
      await expect(page.getByRole('contentinfo')).toContainText('Условия использования');

      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Всё для карьеры водителя TLC в одном месте');
      const menu = await switchScope(page, width, 'Открыть меню');
      await expect(menu.getByRole('link', { name: 'Объявления' })).toBeVisible();

      await page.goto('/steps');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Как получить лицензию TLC');
      await page.goto('/terms');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Условия использования');

      await (await switchScope(page, width, 'Открыть меню')).getByRole('button', { name: 'English' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });

    test('shows validation messages in Russian', async ({ page }) => {
      // Russian remembered the old way, in localStorage only (no cookie yet): the server renders the
      // first page in English and it switches to Russian after hydration (lib/i18n.ts syncRememberedLanguage).
      await page.addInitScript(() => localStorage.setItem('medallion.language', 'ru'));
      await page.goto('/terms');
      // Scroll only once the page has its content (before it the form is below a page-high loader).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Условия использования');
      await page.locator('#contact').scrollIntoViewIfNeeded();
      const form = page.getByRole('form', { name: 'Напишите нам' });
      await form.getByRole('button', { name: 'Отправить сообщение' }).click();
      await expect(form.getByText('Введите ваше имя.')).toBeVisible();
    });
  });
}
