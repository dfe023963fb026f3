import { expect, openInEnglish, openMobileMenu, test, WIDTHS } from './fixtures';

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
  });
}

// Per page (page-sweep.spec.ts): every route's deep link and reload, the Get in touch section, no
// sideways scroll, the staff header at every desktop width and the dashboard's tabs at 375 px.
test.describe('routes', () => {
  test('an unknown path shows a real 404 page', async ({ page }) => {
    const response = await openInEnglish(page, '/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
  });
});
