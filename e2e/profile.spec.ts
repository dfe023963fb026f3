import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { appText, chooseLanguage, codeFor, expect, expectAccessible, openSettled, test } from './fixtures';

test.use({ driverProfile: { prefix: 'profile', name: 'Petra Profile', password: 'Profile2024' } });

const TEXT = {
  en: {
    profile: 'Profile',
    userCard: 'Your account',
    name: 'Full name',
    phone: 'Phone',
    save: 'Save profile',
    saved: 'Your profile has been saved.',
    phoneInvalid: 'Enter a US phone number, for example (212) 555-0190.',
    listingName: 'Contact name',
    listingEmail: 'Contact e-mail',
    listingPhone: 'Phone (optional)',
    newEmail: 'New e-mail',
    password: 'Current password',
    sendCode: 'Send code',
    code: 'Code from the e-mail',
    confirm: 'Confirm new e-mail',
    wrongCode: 'This code is not correct. Check the e-mail and try again.',
  },
  ru: {
    profile: 'Профиль',
    userCard: 'Ваш аккаунт',
    name: 'Полное имя',
    phone: 'Телефон',
    save: 'Сохранить профиль',
    saved: 'Профиль сохранён.',
    phoneInvalid: 'Введите номер телефона в США, например (212) 555-0190.',
    listingName: 'Контактное имя',
    listingEmail: 'Контактный e-mail',
    listingPhone: 'Телефон (необязательно)',
    newEmail: 'Новый адрес эл. почты',
    password: 'Текущий пароль',
    sendCode: 'Отправить код',
    code: 'Код из письма',
    confirm: 'Подтвердить новый адрес',
    wrongCode: '',
  },
} as const;

/** No serious or critical axe violations in the Profile section. */
async function expectSectionAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).include('section[aria-labelledby="profile-title"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

/** The page does not scroll sideways (usable at 375 px). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

for (const [lng, width] of [
  ['en', 375],
  ['ru', 1280],
  ['ru', 375],
  ['en', 1280],
] as const) {
  test(`name and phone change and show on the dashboard and a new listing (${lng}, ${width}px)`, async ({ page, newDriver }) => {
    const t = TEXT[lng];
    await page.setViewportSize({ width, height: 900 });
    await chooseLanguage(page, lng);
    await openSettled(page, '/dashboard');
    const section = page.getByRole('region', { name: t.profile, exact: true });
    await expect(section.getByLabel(t.name)).toHaveValue(newDriver.name);
    await expectSectionAccessible(page);

    // A number that is not a US one is refused under the field.
    await section.getByLabel(t.phone, { exact: true }).fill('123-456-7890');
    await section.getByRole('button', { name: t.save }).click();
    await expect(section.getByText(t.phoneInvalid)).toBeVisible();
    await expectSectionAccessible(page);

    await section.getByLabel(t.name).fill('Petra Renamed');
    await section.getByLabel(t.phone, { exact: true }).fill('212 555 0190');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/account/profile') && r.request().method() === 'PATCH');
    await section.getByRole('button', { name: t.save }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(section.getByLabel(t.phone, { exact: true })).toHaveValue('(212) 555-0190');
    const card = page.getByRole('region', { name: t.userCard });
    await expect(card.getByText('Petra Renamed')).toBeVisible();
    await expect(card.getByText('(212) 555-0190')).toBeVisible();
    await expectNoSidewaysScroll(page);

    // After a reload too (saved on the server).
    await openSettled(page, '/dashboard');
    await expect(page.getByRole('region', { name: t.profile, exact: true }).getByLabel(t.name)).toHaveValue('Petra Renamed');

    // A new listing starts from the profile.
    await openSettled(page, '/create-listing');
    await expect(page.getByLabel(t.listingName)).toHaveValue('Petra Renamed');
    await expect(page.getByLabel(t.listingEmail)).toHaveValue(newDriver.email);
    await expect(page.getByLabel(t.listingPhone)).toHaveValue('(212) 555-0190');
  });
}

for (const [lng, width] of [
  ['en', 375],
  ['ru', 1280],
] as const) {
  test(`the e-mail changes only after the code sent to the new address (${lng}, ${width}px)`, async ({ page, newDriver, deleteAfterTest }) => {
    const t = TEXT[lng];
    const newEmail = newDriver.email.replace('profile-', 'profile-new-');
    deleteAfterTest({ email: newEmail, password: newDriver.password });
    await page.setViewportSize({ width, height: 900 });
    await chooseLanguage(page, lng);
    await openSettled(page, '/dashboard');
    const section = page.getByRole('region', { name: t.profile, exact: true });
    await expect(section.getByText(newDriver.email)).toBeVisible();

    await section.getByLabel(t.newEmail).fill(newEmail);
    await section.getByLabel(t.password).fill(newDriver.password);
    await section.getByRole('button', { name: t.sendCode }).click();
    await expect(section.getByLabel(t.code)).toBeVisible();
    await expectSectionAccessible(page);
    await expectNoSidewaysScroll(page);
    const code = await codeFor(page.request, newEmail);

    // Not yet: the old address is still the account's.
    const before = (await (await page.request.get('/api/users')).json()) as { data: { email: string } };
    expect(before.data.email).toBe(newDriver.email);

    if (lng === 'en') {
      await section.getByLabel(t.code).fill(code === '000000' ? '111111' : '000000');
      await section.getByRole('button', { name: t.confirm }).click();
      await expect(section.getByText(t.wrongCode)).toBeVisible();
    }
    await section.getByLabel(t.code).fill(code);
    const confirmed = page.waitForResponse((r) => r.url().endsWith('/api/account/email-change/confirm'));
    await section.getByRole('button', { name: t.confirm }).click();
    expect((await confirmed).status()).toBe(200);
    await expect(page.getByRole('region', { name: t.profile, exact: true }).getByText(newEmail)).toBeVisible();
    await expect(page.getByRole('region', { name: t.userCard }).getByText(newEmail)).toBeVisible();

    // Both addresses got the notice.
    const { data } = (await (await page.request.get('/api/dev/mail')).json()) as { data: { to: string; subject: string }[] };
    for (const to of [newDriver.email, newEmail]) {
      expect(data.some((m) => m.to === to && m.subject.startsWith('Your Medallion e-mail address was changed'))).toBe(true);
    }

    // Issue #33: the old address's notice carries the way back. Its page puts the address back with a
    // button, signs every browser out, and then says the link is used.
    const notice = (data as { to: string; subject: string; text: string }[]).find(
      (m) => m.to === newDriver.email && m.subject.startsWith('Your Medallion e-mail address was changed'),
    );
    const link = notice?.text.match(/https?:\/\/\S+(\/account\/restore-email\?token=[A-Za-z0-9_-]{43})/)?.[1];
    expect(link).toBeTruthy();
    await openSettled(page, link!);
    const restore = appText(lng, 'profile', 'restoreEmail.confirm');
    await page.getByRole('button', { name: restore }).click();
    await expect(page.getByRole('heading', { level: 1, name: appText(lng, 'profile', 'restoreEmail.doneTitle') })).toBeVisible();
    await expect(page.getByTestId('restored-email')).toContainText(newDriver.email);
    await expectAccessible(page);
    expect((await page.request.get('/api/users')).status()).toBe(401);
    // This browser was signed out too, and the app knows it: "Go to sign-in" opens the sign-in form
    // (before, the app still held the old session and sent the owner on to a dashboard that answered 401).
    await page.getByRole('link', { name: appText(lng, 'profile', 'restoreEmail.setPassword') }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('form', { name: appText(lng, 'auth', 'signIn.title') })).toBeVisible();
    await openSettled(page, link!);
    await page.getByRole('button', { name: restore }).click();
    await expect(page.getByRole('heading', { level: 1, name: appText(lng, 'profile', 'restoreEmail.expiredTitle') })).toBeVisible();
    // The owner sets the password again (the restore stopped the old one), as the page says.
    expect((await page.request.post('/api/auth/forgot-password', { data: { email: newDriver.email } })).status()).toBe(200);
    const resetCode = await codeFor(page.request, newDriver.email);
    const reset = await page.request.post('/api/auth/confirm-forgot-password', {
      data: { email: newDriver.email, code: resetCode, password: newDriver.password },
    });
    expect(reset.status()).toBe(200);
  });
}

test('a restore link whose address a confirmed account took since says so, with a way to write to us (ru, 375px)', async ({
  page,
  newDriver,
  deleteAfterTest,
  playwright,
  baseURL,
}) => {
  const lng = 'ru';
  const newEmail = newDriver.email.replace('profile-', 'profile-moved-');
  deleteAfterTest({ email: newEmail, password: newDriver.password });
  await page.setViewportSize({ width: 375, height: 900 });
  await chooseLanguage(page, lng);
  expect((await page.request.post('/api/account/email-change', { data: { email: newEmail, password: newDriver.password } })).status()).toBe(200);
  const code = await codeFor(page.request, newEmail);
  expect((await page.request.post('/api/account/email-change/confirm', { data: { email: newEmail, code } })).status()).toBe(200);
  const { data } = (await (await page.request.get('/api/dev/mail')).json()) as { data: { to: string; text: string }[] };
  const link = data
    .find((m) => m.to === newDriver.email && m.text.includes('/account/restore-email?token='))
    ?.text.match(/https?:\/\/\S+(\/account\/restore-email\?token=[A-Za-z0-9_-]{43})/)?.[1];
  expect(link).toBeTruthy();

  // Someone else signs up with the old address and confirms it (a sign-up never confirmed would not count).
  const other = await playwright.request.newContext({ baseURL });
  // (The same password as the old owner's, so the fixture that deletes newDriver's address after the test deletes this account.)
  const taker = { email: newDriver.email, password: newDriver.password };
  expect((await other.post('/api/auth/sign-up', { data: { name: 'Tara Taker', ...taker } })).status()).toBe(200);
  const signUpCode = await codeFor(other, taker.email);
  expect((await other.post('/api/auth/confirm-sign-up', { data: { email: taker.email, code: signUpCode } })).status()).toBe(200);
  await other.dispose();

  await openSettled(page, link!);
  await page.getByRole('button', { name: appText(lng, 'profile', 'restoreEmail.confirm') }).click();
  await expect(page.getByRole('heading', { level: 1, name: appText(lng, 'profile', 'restoreEmail.takenTitle') })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(appText(lng, 'common', 'messages.account.emailRestoreTaken'));
  // Trying again cannot help: no button that would fail the same way, a link to the contact form instead.
  await expect(page.getByRole('button', { name: appText(lng, 'profile', 'restoreEmail.confirm') })).toHaveCount(0);
  await page.getByRole('link', { name: appText(lng, 'profile', 'restoreEmail.writeToUs') }).click();
  await expect(page.getByRole('heading', { name: appText(lng, 'common', 'contact.title') })).toBeInViewport();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
});
