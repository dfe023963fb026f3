import { chooseLanguage, expect, expectAccessible, openSettled, signIn, test } from './fixtures';

/*
 * The dashboard's Security tab (issue #21): the browsers signed in to one account, "Sign out" for one
 * of them and "Sign out of all other browsers"; a browser that was signed out is signed out on its
 * very next request and page. In English and Russian, at 375 and 1280 px, axe clean.
 */

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const TEXT = {
  en: {
    tab: 'Security',
    title: 'Signed-in browsers',
    thisBrowser: 'This browser',
    signOutFirefox: 'Sign out Firefox 133 on Windows',
    signOutOthers: 'Sign out of all other browsers',
    confirmTitle: 'Sign out of all other browsers?',
    confirm: 'Sign out other browsers',
    signedOutOthers: 'The other browser is signed out.',
  },
  ru: {
    tab: 'Безопасность',
    title: 'Браузеры, в которых выполнен вход',
    thisBrowser: 'Этот браузер',
    signOutFirefox: 'Выйти: Firefox 133 на Windows',
    signOutOthers: 'Выйти во всех других браузерах',
    confirmTitle: 'Выйти во всех других браузерах?',
    confirm: 'Выйти в других браузерах',
    signedOutOthers: 'Выход выполнен в другом браузере.',
  },
} as const;

for (const [lng, width] of [
  ['en', 1280],
  ['ru', 375],
  ['en', 375],
  ['ru', 1280],
] as const) {
  test(`Security tab (${lng}, ${width} px): sign out one browser, then every other one`, async ({ page, newAccount, browser, playwright, baseURL }) => {
    const text = TEXT[lng];
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lng);
    const account = await newAccount(page);

    // A second browser (another Chromium context) and a third (Firefox on Windows, by its user agent).
    const second = await browser.newContext({ baseURL });
    const secondPage = await second.newPage();
    const firefox = await playwright.request.newContext({ baseURL, userAgent: FIREFOX_WINDOWS });
    try {
      await signIn(secondPage, account);
      expect((await firefox.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } })).status()).toBe(200);
      expect((await secondPage.request.get('/api/users')).status()).toBe(200);
      expect((await firefox.get('/api/users')).status()).toBe(200);

      await openSettled(page, '/dashboard?tab=security');
      await expect(page.getByRole('tab', { name: text.tab })).toHaveAttribute('aria-selected', 'true');
      const section = page.getByRole('region', { name: text.title });
      await expect(section.getByRole('heading', { level: 2, name: text.title })).toBeVisible();
      const rows = section.getByTestId('signed-in-browser');
      await expect(rows).toHaveCount(3);
      await expect(section.getByText(text.thisBrowser, { exact: true })).toHaveCount(1);
      // This browser is listed first and has no "Sign out" of its own.
      await expect(rows.first().getByText(text.thisBrowser, { exact: true })).toBeVisible();
      await expect(rows.first().getByRole('button')).toHaveCount(0);
      await expectAccessible(page);
      // Usable at this width: nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Sign out the Firefox: its row goes, and its next request is signed out.
      await section.getByRole('button', { name: text.signOutFirefox }).click();
      await expect(rows).toHaveCount(2);
      expect((await firefox.get('/api/users')).status()).toBe(401);
      expect((await secondPage.request.get('/api/users')).status()).toBe(200);

      // Sign out of all other browsers, after a confirmation.
      await section.getByRole('button', { name: text.signOutOthers }).click();
      const dialog = page.getByRole('alertdialog', { name: text.confirmTitle });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: text.confirm }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(text.signedOutOthers)).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(section.getByRole('button', { name: text.signOutOthers })).toHaveCount(0);

      // The second browser's next request is signed out, and so is its next page.
      expect((await secondPage.request.get('/api/users')).status()).toBe(401);
      await secondPage.goto('/dashboard');
      await expect(secondPage).toHaveURL(/\/login/);
      // This browser stays signed in.
      expect((await page.request.get('/api/users')).status()).toBe(200);
      await page.reload();
      await expect(page.getByRole('region', { name: text.title }).getByTestId('signed-in-browser')).toHaveCount(1);
    } finally {
      await firefox.dispose();
      await second.close();
    }
  });
}
