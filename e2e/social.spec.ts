import { expect, test } from '@playwright/test';
import { OIDC_PORT } from './env';
import { openInEnglish } from './fixtures';

test('social sign-in round trip through the local OpenID provider and /auth', async ({ page }) => {
  await openInEnglish(page, '/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  // The provider's own pages: sign in, then allow access.
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${OIDC_PORT}/interaction/`));
  await page.locator('input[name=login]').fill('social.driver@example.com');
  await page.locator('input[name=password]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back on /auth with code and state, then home, signed in.
  await expect(page).toHaveURL('/', { timeout: 15_000 });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText('Social Driver')).toBeVisible();
  await expect(page.getByText('social.driver@example.com')).toBeVisible();
});

test('/auth without code or state goes home', async ({ page }) => {
  await openInEnglish(page, '/');
  await page.goto('/auth?code=abc');
  await expect(page).toHaveURL('/');
});

test('/auth after a provider error explains and goes home after 5 seconds', async ({ page }) => {
  await openInEnglish(page, '/');
  // Timed from before the navigation: the 5 s timer starts later (at render), so this bound holds on any load.
  const start = Date.now();
  await page.goto('/auth?error=access_denied&state=xyz');
  await expect(page.getByRole('heading', { name: 'Sign-in did not work' })).toBeVisible();
  await expect(page).toHaveURL('/', { timeout: 12_000 });
  expect(Date.now() - start).toBeGreaterThanOrEqual(5000);
});
