import type { APIRequestContext, Page } from '@playwright/test';
import { codeFor, DRIVER, expect, hydrated, openInEnglish, STAFF, test, WIDTHS } from './fixtures';

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function signUp(page: Page, name: string, email: string, password: string) {
  await openInEnglish(page, '/login');
  await page.getByRole('button', { name: 'SIGN UP' }).click();
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign up' }).click();
}

async function confirmWithCode(page: Page, request: APIRequestContext, email: string) {
  const form = page.getByRole('form', { name: 'Confirm your e-mail' });
  await expect(form).toBeVisible();
  await form.getByLabel('Confirmation code').fill(await codeFor(request, email));
  await form.getByRole('button', { name: 'Confirm' }).click();
}

async function expectSignedIn(page: Page, width: number) {
  if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
  const scope = width < 768 ? page.locator('#mobile-menu') : page.getByRole('banner');
  await expect(scope.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(scope.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(scope.getByRole('link', { name: /^Cart, 0 items$/ })).toBeVisible();
  return scope;
}

for (const width of WIDTHS) {
  test.describe(`accounts at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('sign up, confirm with the e-mailed code, signed in, sign out', async ({ page, request, deleteAfterTest }) => {
      const email = unique('new');
      deleteAfterTest({ email, password: 'Taxi2024' });
      await signUp(page, 'Farrukh Aliev', email, 'Taxi2024');
      await expect(page.getByText(`Code sent to ${email}`)).toBeVisible();
      await confirmWithCode(page, request, email);
      await expect(page).toHaveURL('/');
      const scope = await expectSignedIn(page, width);
      await scope.getByRole('button', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL('/');
      if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      const after = width < 768 ? page.locator('#mobile-menu') : page.getByRole('banner');
      await expect(after.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(after.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    });

    test('an unconfirmed account gets a new code at sign-in and confirms', async ({ page, request, deleteAfterTest }) => {
      const email = unique('later');
      deleteAfterTest({ email, password: 'Taxi2024' });
      await signUp(page, 'Later User', email, 'Taxi2024');
      await expect(page.getByRole('form', { name: 'Confirm your e-mail' })).toBeVisible();
      await page.getByRole('button', { name: 'Back to sign in' }).click();
      const signIn = page.getByRole('form', { name: 'Sign in' });
      await signIn.getByLabel('E-mail').fill(email);
      await signIn.getByLabel('Password').fill('Taxi2024');
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText(`Code sent to ${email}`).first()).toBeVisible();
      await confirmWithCode(page, request, email);
      await expect(page).toHaveURL('/');
      await expectSignedIn(page, width);
    });
  });
}

test.describe('accounts', () => {
  test('sign-up validation messages and the taken e-mail toast', async ({ page }) => {
    await openInEnglish(page, '/login');
    await page.getByRole('button', { name: 'SIGN UP' }).click();
    const form = page.getByRole('form', { name: 'Create your account' });
    await expect(form.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
    await form.getByLabel('Name').fill('A');
    await form.getByLabel('E-mail').fill('bad@email');
    await form.getByLabel('Password').fill('lowercase1');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(form.getByText('Name must be at least 2 characters.')).toBeVisible();
    await expect(form.getByText('Invalid Email')).toBeVisible();
    await expect(form.getByText('Password should contain numbers, upper and lower characters.')).toBeVisible();

    await form.getByLabel('Name').fill('Demo Driver');
    await form.getByLabel('E-mail').fill(DRIVER.email);
    await form.getByLabel('Password').fill('Taxi2024');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Email address already taken!')).toBeVisible();
  });

  test('confirmation code and sign-in validation, wrong password toast clears the field', async ({ page }) => {
    await openInEnglish(page, '/login');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('E-mail').fill(DRIVER.email);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect(signIn.getByText('PASSWORD parameter is required')).toBeVisible();
    await signIn.getByLabel('Password').fill('Wrong1234');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
    await expect(signIn.getByLabel('Password')).toHaveValue('');
  });

  test('forgot password: unknown e-mail, then code + new password signs in', async ({ page, request, deleteAfterTest }) => {
    const email = unique('forgot');
    // Deleted with the password the test sets (until then it has the old one, and is left if the test stops earlier).
    deleteAfterTest({ email, password: 'NewPass2' });
    const res = await request.post('/api/auth/sign-up', { data: { name: 'Forgetful', email, password: 'OldPass1' } });
    expect(res.status()).toBe(200);

    await openInEnglish(page, '/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const ask = page.getByRole('form', { name: 'Forgot password' });
    await ask.getByLabel('E-mail').fill(unique('nobody'));
    await ask.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Email address does not exist!')).toBeVisible();

    await ask.getByLabel('E-mail').fill(email);
    await ask.getByRole('button', { name: 'Send code' }).click();
    const reset = page.getByRole('form', { name: 'Set a new password' });
    await expect(reset).toBeVisible();
    await reset.getByLabel('Confirmation code').fill('12a');
    await reset.getByLabel('New password').fill('NewPass2');
    await reset.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(reset.getByText('Invalid Confirmation Code')).toBeVisible();

    // The reset code is the newest mail to this address (after the sign-up code).
    await expect.poll(async () => (await codeFor(request, email)).length).toBe(6);
    const { data } = (await (await request.get('/api/dev/mail')).json()) as { data: { to: string; subject: string; text: string }[] };
    const resetMail = data.find((m) => m.to === email && m.subject.includes('password reset'));
    const code = resetMail?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeTruthy();
    await reset.getByLabel('Confirmation code').fill(code!);
    await reset.getByLabel('New password').fill('NewPass2');
    await reset.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  test('/dashboard sends signed-out visitors to sign in and back', async ({ page }) => {
    await openInEnglish(page, '/dashboard');
    await expect(page).toHaveURL('/login?redirect=%2Fdashboard');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('E-mail').fill(DRIVER.email);
    await signIn.getByLabel('Password').fill(DRIVER.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText('Aziz Karimov')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your account' }).getByText(DRIVER.email)).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Listing' })).toHaveAttribute('href', '/create-listing');
    // The seed's demo driver paid the fees of the listings past the draft with a saved test card.
    const methods = page.getByRole('region', { name: 'Payment methods' });
    await expect(methods.getByText('Visa •••• 4242')).toBeVisible();
    await expect(methods.getByText(`Expires 12/${new Date().getFullYear() + 3}`)).toBeVisible();
    await page.getByRole('tab', { name: 'Marketplace ads' }).click();
    await expect(page).toHaveURL('/dashboard?tab=ads');
    // The demo driver owns listings in every status (seed); they show as owner-mode cards.
    await expect(page.getByRole('region', { name: 'Your listings' }).getByRole('article').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Marketplace ads' })).toHaveAttribute('aria-selected', 'true');
    await hydrated(page);
    await page.getByRole('tab', { name: 'Saved questions' }).click();
    await expect(page).toHaveURL('/dashboard?tab=saved');
  });

  test('/admin is for staff only', async ({ page }) => {
    const driver = await page.request.post('/api/auth/sign-in', { data: DRIVER });
    expect(driver.status()).toBe(200);
    await openInEnglish(page, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
    expect((await page.request.get('/api/admin/overview')).status()).toBe(403);

    await page.request.post('/api/auth/sign-out');
    const staff = await page.request.post('/api/auth/sign-in', { data: STAFF });
    expect(staff.status()).toBe(200);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
    await expect(page.getByText('Accounts')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Staff' })).toBeVisible();
  });

  test('/admin sends signed-out visitors to sign in', async ({ page }) => {
    await openInEnglish(page, '/admin');
    await expect(page).toHaveURL('/login?redirect=%2Fadmin');
  });
});

test.describe('account settings', () => {
  test('change password, then delete the account', async ({ page, request }) => {
    const email = unique('settings');
    await request.post('/api/auth/sign-up', { data: { name: 'Settings User', email, password: 'OldPass1' } });
    const confirm = await request.post('/api/auth/confirm-sign-up', { data: { email, code: await codeFor(request, email) } });
    expect(confirm.status()).toBe(200);

    await openInEnglish(page, '/login?redirect=/dashboard');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('E-mail').fill(email);
    await signIn.getByLabel('Password').fill('OldPass1');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/dashboard');

    const change = page.getByRole('form', { name: 'Change password' });
    await change.getByLabel('Current password').fill('Wrong123');
    await change.getByLabel('New password').fill('NewPass2');
    await change.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('The current password is not correct.')).toBeVisible();
    await change.getByLabel('Current password').fill('OldPass1');
    await change.getByLabel('New password').fill('NewPass2');
    await change.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('OldPass1');
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await expect(page.getByText('The password is not correct.')).toBeVisible();
    await dialog.getByLabel('Password').fill('NewPass2');
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    const again = await request.post('/api/auth/sign-in', { data: { email, password: 'NewPass2' } });
    expect(again.status()).toBe(401);
  });
});
