import type { Page } from '@playwright/test';
import { chooseLanguage, expect, expectAccessible, hydrated, openInEnglish, test, WIDTH_LANG_PAIRS } from './fixtures';

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const LANGUAGES = {
  en: {
    signUpTab: 'SIGN UP',
    form: 'Create your account',
    name: 'Name',
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign up',
    common: 'This password is one of the most common ones and easy to guess. Choose another.',
  },
  ru: {
    signUpTab: 'РЕГИСТРАЦИЯ',
    form: 'Создайте аккаунт',
    name: 'Имя',
    email: 'Эл. почта',
    password: 'Пароль',
    submit: 'Зарегистрироваться',
    common: 'Этот пароль — один из самых распространённых, его легко угадать. Выберите другой.',
  },
} as const;

async function openSignUp(page: Page, lang: keyof typeof LANGUAGES) {
  const t = LANGUAGES[lang];
  await chooseLanguage(page, lang);
  await page.goto('/login');
  await hydrated(page);
  await page.getByRole('button', { name: t.signUpTab }).click();
  return page.getByRole('form', { name: t.form });
}

for (const [width, lang] of WIDTH_LANG_PAIRS) {
  test(`sign-up refuses a common password (Password1) under the field, ${lang} at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const t = LANGUAGES[lang];
    const email = unique('common');
    const form = await openSignUp(page, lang);
    await form.getByLabel(t.name, { exact: true }).fill('Common Password');
    await form.getByLabel(t.email, { exact: true }).fill(email);
    await form.getByLabel(t.password, { exact: true }).fill('Password1');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-up'));
    await form.getByRole('button', { name: t.submit }).click();
    const res = await answer;
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { fields: { password: { key: string } } }).fields.password.key).toBe('passwordCommon');

    // The server's message, in the page's language, under the password field (described by it).
    const password = form.getByLabel(t.password, { exact: true });
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(t.common);
    await expect(form.getByRole('alert').filter({ hasText: t.common })).toBeVisible();
    // Still on the sign-up form (no code was sent), nothing off the side of the screen.
    await expect(form).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
    // No account was made.
    expect((await (await page.request.post('/api/users/email-check', { data: { email } })).json()) as unknown).toEqual({ email_exist: false });
  });
}

interface DevMail {
  to: string;
  subject: string;
  text: string;
}

const NOTICE = 'New sign-in to your Medallion account';

async function noticesFor(page: Page, email: string): Promise<DevMail[]> {
  const { data } = (await (await page.request.get('/api/dev/mail')).json()) as { data: DevMail[] };
  return data.filter((m) => m.to === email && m.subject.startsWith(NOTICE));
}

test('a sign-in from a second browser e-mails "New sign-in" naming Chrome and Linux, once', async ({ page, browser, baseURL, newDriver }) => {
  // newDriver signed up and confirmed in this browser: its first browser, no notice.
  const second = await browser.newContext({ baseURL });
  try {
    const other = await second.newPage();
    const signIn = async () => {
      await openInEnglish(other, '/login');
      const form = other.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('E-mail').fill(newDriver.email);
      await form.getByLabel('Password').fill(newDriver.password);
      const answer = other.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in'));
      await form.getByRole('button', { name: 'Sign in' }).click();
      expect((await answer).status()).toBe(200);
      await expect(other).toHaveURL('/');
    };
    await signIn();
    let notice: DevMail | undefined;
    await expect.poll(async () => (notice = (await noticesFor(page, newDriver.email))[0]), { message: 'the New sign-in e-mail' }).toBeDefined();
    expect(notice!.subject).toBe(`${NOTICE} / Новый вход в ваш аккаунт Medallion`);
    expect(notice!.text).toMatch(/Browser: (Chrome|Chromium) \d+/);
    expect(notice!.text).toContain('System: Linux');
    expect(notice!.text).toContain('(New York time)');
    expect(notice!.text).toMatch(/\/dashboard\?tab=security/);

    // The same second browser signs out and in again; the first browser signs in again: no more notices.
    await other.request.post('/api/auth/sign-out');
    await other.context().clearCookies({ name: /session/ });
    await signIn();
    expect((await page.request.post('/api/auth/sign-in', { data: { email: newDriver.email, password: newDriver.password } })).status()).toBe(200);
    expect(await noticesFor(page, newDriver.email)).toHaveLength(1);
  } finally {
    await second.close();
  }
});
