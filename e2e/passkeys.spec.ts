import { freePort, ownApp } from './own-app';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, hydrated, test, WIDTHS } from './fixtures';

/*
 * Passkeys (issue #21): a passkey is added in the Security tab with Chromium's virtual authenticator
 * (DevTools protocol WebAuthn.addVirtualAuthenticator: CTAP2, built in, discoverable, user verified),
 * the browser signs out, and "Sign in with a passkey" on /login signs in without e-mail, password or
 * code, back on the page the redirect named. A closed prompt is a calm note. At 375 and 1280 px, axe
 * clean.
 *
 * The relying party is the host of PUBLIC_URL, and WebAuthn refuses an IP address as one, while the
 * suite's app runs at 127.0.0.1. So this spec runs an app of its own (the build the e2e run made, on a
 * data dir of its own) whose PUBLIC_URL is http://localhost:<port>, and the browser opens it there.
 */

type Lang = 'en' | 'ru';
type Texts = Record<string, unknown>;

function tx(lang: Lang, namespace: string, key: string, params: Record<string, string> = {}): string {
  let value: unknown = JSON.parse(readFileSync(join(process.cwd(), 'apps/web/src/locales', lang, `${namespace}.json`), 'utf8')) as Texts;
  for (const part of key.split('.')) value = (value as Texts)[part];
  if (typeof value !== 'string') throw new Error(`no text ${lang}/${namespace}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

const PASSWORD = 'Passkey2025x';
const CASES = [
  { width: WIDTHS[1], lang: 'en' as const },
  { width: WIDTHS[0], lang: 'ru' as const },
];

test.describe.configure({ mode: 'serial' });

const port = freePort();
const origin = `http://localhost:${port}`;
let dataDir = '';
const app = ownApp({ port, publicUrl: origin, dataDir: () => dataDir });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'medallion-e2e-passkeys-'));
  await app.start();
});

test.afterAll(async () => {
  await app.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A confirmed account made through the API (the code from the app's dev mailbox), signed in on the page. */
async function signedInAccount(page: Page, lang: Lang) {
  const email = `passkey-${lang}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const api = page.request;
  expect((await api.post(`${origin}/api/auth/sign-up`, { data: { name: 'Pat Passkey', email, password: PASSWORD } })).status()).toBe(200);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const { data } = (await (await api.get(`${origin}/api/dev/mail`)).json()) as { data: { to: string; text: string }[] };
      code = data.find((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  expect((await api.post(`${origin}/api/auth/confirm-sign-up`, { data: { email, code } })).status()).toBe(200);
  return email;
}

for (const { width, lang } of CASES) {
  test(`a passkey is added in the Security tab and signs in on /login (${lang}, ${width} px)`, async ({ page }) => {
    const t = (ns: string, key: string, params?: Record<string, string>) => tx(lang, ns, key, params);
    await page.setViewportSize({ width, height: 800 });
    await page.context().addCookies([{ name: 'medallion.language', value: lang, url: origin }]);
    await page.addInitScript((lng) => localStorage.setItem('medallion.language', lng), lang);
    const email = await signedInAccount(page, lang);

    // Chromium's virtual authenticator: a platform passkey with Face ID / fingerprint that says yes.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    // The Security tab: the explanation, no passkeys yet, "Add a passkey".
    await page.goto(`${origin}/dashboard?tab=security`);
    const section = page.getByRole('region', { name: t('security', 'passkeys.title') });
    await expect(section.getByRole('heading', { level: 2, name: t('security', 'passkeys.title') })).toBeVisible();
    await expect(section.getByText(t('security', 'passkeys.empty'))).toBeVisible();
    await hydrated(page);
    await expectAccessible(page);

    // Adding a passkey changes how the account signs in: the session cookie alone is not enough (issue
    // #33). The server asks for a step-up, the page asks for the password in a dialog, then adds.
    const refused = page.waitForResponse((r) => r.url() === `${origin}/api/account/passkeys/register-options`);
    await section.getByRole('button', { name: t('security', 'passkeys.add') }).click();
    expect((await refused).status()).toBe(403);
    const dialog = page.getByRole('dialog', { name: t('security', 'stepUp.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(t('security', 'stepUp.intro'))).toBeVisible();
    await expectAccessible(page);
    const password = dialog.getByLabel(t('security', 'stepUp.password'));
    await expect(password).toBeFocused();
    // Closed without confirming: the keyboard is back on "Add a passkey" (before: on the page itself,
    // the button having been busy when the dialog opened), and the next press asks again.
    const addButton = section.getByRole('button', { name: t('security', 'passkeys.add') });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addButton).toBeFocused();
    const refusedAgain = page.waitForResponse((r) => r.url() === `${origin}/api/account/passkeys/register-options`);
    await page.keyboard.press('Enter');
    expect((await refusedAgain).status()).toBe(403);
    await expect(password).toBeFocused();
    await password.fill('Wrong1234x');
    await dialog.getByRole('button', { name: t('security', 'stepUp.confirm') }).click();
    await expect(dialog.getByText(t('common', 'messages.auth.passwordWrong'))).toBeVisible();
    const added = page.waitForResponse((r) => r.url() === `${origin}/api/account/passkeys` && r.request().method() === 'POST');
    await password.fill(PASSWORD);
    await dialog.getByRole('button', { name: t('security', 'stepUp.confirm') }).click();
    expect((await added).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(addButton).toBeFocused();
    const rows = section.getByTestId('passkey');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(t('security', 'passkeys.neverUsed'));
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(credentials[0]!.rpId).toBe('localhost');
    await expect(section.getByRole('button', { name: new RegExp(t('security', 'passkeys.removeOne', { name: '' })) })).toBeVisible();
    await expectAccessible(page);

    // Signed out, then /login with a way back to the Security tab.
    expect((await page.request.post(`${origin}/api/auth/sign-out`)).status()).toBe(200);
    const target = '/dashboard?tab=security';
    await page.goto(`${origin}/login?redirect=${encodeURIComponent(target)}`);
    const button = page.getByRole('button', { name: t('auth', 'passkey.signIn') });
    await expect(button).toBeVisible();
    await hydrated(page);
    await expectAccessible(page);

    // The person does not confirm (no face, no finger): a calm note, still on /login, no error.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    await button.click();
    await expect(page.getByRole('status').filter({ hasText: t('auth', 'passkey.cancelled') })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?/);
    await expectAccessible(page);

    // Confirmed: signed in with no e-mail, password or code, on the page the redirect named.
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
    const signedIn = page.waitForResponse((r) => r.url() === `${origin}/api/auth/passkey/sign-in`);
    await button.click();
    const answer = await signedIn;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { user: { email: string } }).user.email).toBe(email);
    await expect(page).toHaveURL(`${origin}${target}`);
    const after = page.getByRole('region', { name: t('security', 'passkeys.title') }).getByTestId('passkey');
    await expect(after).toHaveCount(1);
    // Now used once: "Last used" has a date.
    await expect(after.first()).not.toContainText(t('security', 'passkeys.neverUsed'));
    const session = (await (await page.request.get(`${origin}/api/auth/session`)).json()) as { user: { email: string } | null };
    expect(session.user?.email).toBe(email);
  });
}
