import type { Locator, Page } from '@playwright/test';
import { E2E_STAFF } from './env';
import { appText, chooseLanguage, codeFor, expect, expectAccessible, openSettled, test } from './fixtures';
import { timeStep, totpCode, wrongCode } from './totp';

/*
 * Two-step sign-in with an authenticator app (issue #21). The test is the authenticator: it reads the
 * key from the screen and computes the codes in Node. Turn it on, sign out, sign in with the password
 * and a code; the same code again is refused; a recovery code works once and only once; six wrong codes
 * in a row are refused; a staff account made from STAFF_EMAIL is taken to the setup and its staff calls
 * answer 403 until two-step sign-in is on. At 375 and 1280 px, one path in Russian, axe clean.
 */

const TEXT = {
  en: {
    section: 'Two-step sign-in',
    turnOn: 'Turn on',
    password: 'Current password',
    continue: 'Continue',
    qr: 'QR code to add Medallion to your authenticator app',
    setupCode: '6-digit code from your authenticator app',
    confirm: 'Turn on two-step sign-in',
    codes: 'Your recovery codes',
    download: 'Download (.txt)',
    saved: 'I have saved them',
    on: 'On',
    off: 'Off',
    email: 'E-mail',
    signInPassword: 'Password',
    signIn: 'Sign in',
    signInButton: 'Sign in',
    stepTitle: 'Two-step sign-in',
    code: '6-digit code',
    trust: 'Trust this browser for 30 days',
    verify: 'Verify',
    useRecovery: 'Use a recovery code instead',
    recoveryCode: 'Recovery code',
    codeUsed: 'This code was already used.',
    recoveryWrong: 'This recovery code is not correct or was already used.',
    turnOff: 'Turn off',
    eitherCode: 'Code from your authenticator app, or a recovery code',
  },
  ru: {
    section: 'Двухэтапный вход',
    turnOn: 'Включить',
    password: 'Текущий пароль',
    continue: 'Продолжить',
    qr: 'QR-код для добавления Medallion в приложение-аутентификатор',
    setupCode: '6-значный код из приложения-аутентификатора',
    confirm: 'Включить двухэтапный вход',
    codes: 'Ваши резервные коды',
    download: 'Скачать (.txt)',
    saved: 'Я сохранил(а) их',
    on: 'Включён',
    off: 'Выключен',
    email: 'Эл. почта',
    signInPassword: 'Пароль',
    signIn: 'Вход',
    signInButton: 'Войти',
    stepTitle: 'Двухэтапный вход',
    code: '6-значный код',
    trust: 'Доверять этому браузеру 30 дней',
    verify: 'Подтвердить',
    useRecovery: 'Ввести резервный код',
    recoveryCode: 'Резервный код',
    codeUsed: 'Этот код уже был использован.',
    recoveryWrong: 'Резервный код неверный или уже был использован.',
    turnOff: 'Выключить',
    eitherCode: 'Код из приложения-аутентификатора или резервный код',
  },
} as const;
type Text = (typeof TEXT)[keyof typeof TEXT];

/** Turns two-step sign-in on in the Security tab; answers the key (read from the screen) and the recovery codes. */
async function turnOn(page: Page, text: Text, password: string, width: number, staffEmail?: string) {
  await openSettled(page, '/dashboard?tab=security');
  const section = page.getByRole('region', { name: text.section });
  await expect(section.getByTestId('two-factor-status')).toHaveText(text.off);
  await section.getByRole('button', { name: text.turnOn, exact: true }).click();
  await section.getByLabel(text.password).fill(password);
  if (staffEmail) {
    // A staff account also proves its mailbox (issue #33): without the e-mailed code, no key.
    await section.getByRole('button', { name: text.continue }).click();
    await expect(section.getByText(appText('en', 'common', 'messages.twoFactor.emailCodeNeeded'))).toBeVisible();
    await section.getByRole('button', { name: appText('en', 'security', 'twoFactor.staffSendCode').replace('{{email}}', staffEmail) }).click();
    await expect(section.getByRole('status').filter({ hasText: staffEmail })).toBeVisible();
    await section.getByLabel(appText('en', 'security', 'twoFactor.staffCodeLabel')).fill(await codeFor(page.request, staffEmail));
    await section.getByLabel(text.password).fill(password);
  }
  await section.getByRole('button', { name: text.continue }).click();
  await expect(section.getByRole('img', { name: text.qr })).toBeVisible();
  const secret = (await section.getByTestId('two-factor-key').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  const box = await section.getByTestId('two-factor-key').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  await expectAccessible(page);

  const confirmStep = timeStep();
  await section.getByLabel(text.setupCode).fill(totpCode(secret, confirmStep));
  await section.getByRole('button', { name: text.confirm }).click();
  const list = section.getByRole('list', { name: text.codes });
  await expect(list.getByTestId('recovery-code')).toHaveCount(10);
  const codes = await list.getByTestId('recovery-code').allInnerTexts();
  await expectAccessible(page);
  return { secret, codes, confirmStep, section };
}

/** The password step of /login; answers the second step's form. */
async function passwordStep(page: Page, text: Text, account: { email: string; password: string }): Promise<Locator> {
  await openSettled(page, '/login');
  const form = page.getByRole('form', { name: text.signIn });
  await form.getByLabel(text.email).fill(account.email);
  await form.getByLabel(text.signInPassword, { exact: true }).fill(account.password);
  await form.getByRole('button', { name: text.signInButton }).click();
  const step = page.getByRole('form', { name: text.stepTitle });
  await expect(step).toBeVisible();
  return step;
}

/** Submits the second step and waits for the server's answer. */
async function submitCode(page: Page, step: Locator, text: Text, path: 'verify' | 'recovery') {
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/auth/two-factor/${path}`));
  await step.getByRole('button', { name: text.verify }).click();
  return answer;
}

async function signOut(page: Page) {
  expect((await page.request.post('/api/auth/sign-out')).status()).toBe(200);
}

for (const [lng, width] of [
  ['en', 1280],
  ['ru', 375],
] as const) {
  test(`two-step sign-in (${lng}, ${width} px): on, code after the password, no replay, recovery codes once`, async ({ page, newAccount }) => {
    test.setTimeout(180_000);
    const text = TEXT[lng];
    await page.setViewportSize({ width, height: 800 });
    await chooseLanguage(page, lng);
    const account = await newAccount(page);
    const { codes, secret, section } = await turnOn(page, text, account.password, width);

    // The recovery codes download as a text file.
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: text.download }).click();
    expect((await download).suggestedFilename()).toBe('medallion-recovery-codes.txt');
    await section.getByRole('button', { name: text.saved }).click();
    await expect(section.getByTestId('two-factor-status')).toHaveText(text.on);

    // Signed out, then in again: the password, then the app's code.
    await signOut(page);
    let step = await passwordStep(page, text, account);
    const input = step.getByLabel(text.code);
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(step.getByLabel(text.trust)).not.toBeChecked();
    await expectAccessible(page);
    // The code of the next time step (the confirm used the current one, and a code is accepted once).
    const code = totpCode(secret, timeStep() + 1);
    await input.fill(code);
    expect((await submitCode(page, step, text, 'verify')).status()).toBe(200);
    await expect(page).not.toHaveURL(/\/login/);
    expect((await page.request.get('/api/users')).status()).toBe(200);

    // The same code again is refused: the sign-in starts over with the password.
    await signOut(page);
    step = await passwordStep(page, text, account);
    await step.getByLabel(text.code).fill(code);
    expect((await submitCode(page, step, text, 'verify')).status()).toBe(401);
    await expect(page.getByText(text.codeUsed)).toBeVisible();
    await expect(page.getByRole('form', { name: text.signIn })).toBeVisible();
    expect((await page.request.get('/api/users')).status()).toBe(401);

    // A recovery code works once.
    step = await passwordStep(page, text, account);
    await page.getByRole('button', { name: text.useRecovery }).click();
    await step.getByLabel(text.recoveryCode).fill(codes[0]!);
    expect((await submitCode(page, step, text, 'recovery')).status()).toBe(200);
    await expect(page).not.toHaveURL(/\/login/);

    // … and only once.
    await signOut(page);
    step = await passwordStep(page, text, account);
    await page.getByRole('button', { name: text.useRecovery }).click();
    await step.getByLabel(text.recoveryCode).fill(codes[0]!);
    expect((await submitCode(page, step, text, 'recovery')).status()).toBe(400);
    await expect(step.getByText(text.recoveryWrong)).toBeVisible();
    await expectAccessible(page);
    await step.getByLabel(text.recoveryCode).fill(codes[1]!);
    expect((await submitCode(page, step, text, 'recovery')).status()).toBe(200);
    await expect(page).not.toHaveURL(/\/login/);

    // Turned off with the password and a code (here a recovery code), so the account can be removed afterwards.
    await openSettled(page, '/dashboard?tab=security');
    const again = page.getByRole('region', { name: text.section });
    await again.getByRole('button', { name: text.turnOff }).click();
    await again.getByLabel(text.password).fill(account.password);
    await again.getByLabel(text.eitherCode).fill(codes[2]!);
    await again.getByRole('button', { name: text.turnOff }).click();
    await expect(again.getByTestId('two-factor-status')).toHaveText(text.off);
  });
}

test('six wrong codes in a row are refused (375 px)', async ({ page, newAccount }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const account = await newAccount(page);
  const setup = (await (await page.request.post('/api/account/two-factor/setup', { data: { password: account.password } })).json()) as {
    secret: string;
    recoveryCodes: string[];
  };
  expect((await page.request.post('/api/account/two-factor/confirm', { data: { code: totpCode(setup.secret, timeStep()) } })).status()).toBe(200);
  await signOut(page);

  const text = TEXT.en;
  const step = await passwordStep(page, text, account);
  const wrong = wrongCode(setup.secret);
  for (let i = 0; i < 5; i++) {
    await step.getByLabel(text.code).fill(wrong);
    expect((await submitCode(page, step, text, 'verify')).status()).toBe(400);
    await expect(step.getByText('This code is not correct.')).toBeVisible();
  }
  // The sixth, even the right code, is refused: the sign-in starts over with the password.
  await step.getByLabel(text.code).fill(totpCode(setup.secret, timeStep() + 1));
  expect((await submitCode(page, step, text, 'verify')).status()).toBe(400);
  await expect(page.getByText('This sign-in has expired or had too many wrong codes.')).toBeVisible();
  await expect(page.getByRole('form', { name: text.signIn })).toBeVisible();
  expect((await page.request.get('/api/users')).status()).toBe(401);

  // Off again (through the API, with a recovery code), so the account can be removed afterwards.
  const signIn = await page.request.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } });
  expect(await signIn.json()).toMatchObject({ twoFactorRequired: true });
  expect((await page.request.post('/api/auth/two-factor/recovery', { data: { code: setup.recoveryCodes[0], trustBrowser: false } })).status()).toBe(200);
  const off = await page.request.post('/api/account/two-factor/disable', { data: { password: account.password, code: setup.recoveryCodes[1] } });
  expect(off.status()).toBe(200);
});

test('a staff account from STAFF_EMAIL is taken to the setup, and staff calls answer 403 until it is on (1280 px)', async ({ page }) => {
  test.setTimeout(120_000);
  const text = TEXT.en;
  // Sign-in through the form: straight to the Security tab, with the reason.
  await openSettled(page, '/login');
  const form = page.getByRole('form', { name: text.signIn });
  await form.getByLabel(text.email).fill(E2E_STAFF.email);
  await form.getByLabel(text.signInPassword, { exact: true }).fill(E2E_STAFF.password);
  await form.getByRole('button', { name: text.signInButton }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=security/);
  await expect(page.getByText('Staff accounts must use two-step sign-in.')).toBeVisible();

  const overview = await page.request.get('/api/admin/overview');
  expect(overview.status()).toBe(403);
  expect(await overview.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
  // Every staff page leads to the setup.
  for (const path of ['/admin', '/admin/orders']) {
    await openSettled(page, path);
    await expect(page).toHaveURL(/\/dashboard\?tab=security/);
  }

  const { codes } = await turnOn(page, text, E2E_STAFF.password, 1280, E2E_STAFF.email);
  await expect(page.getByText('Staff accounts must use two-step sign-in.')).toBeHidden();
  expect((await page.request.get('/api/admin/overview')).status()).toBe(200);
  await openSettled(page, '/admin');
  await expect(page).toHaveURL(/\/admin$/);

  // Off again through the API, so a retry of this test starts from the same place.
  const off = await page.request.post('/api/account/two-factor/disable', { data: { password: E2E_STAFF.password, code: codes[0] } });
  expect(off.status()).toBe(200);
  expect(await (await page.request.get('/api/admin/overview')).json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
});
