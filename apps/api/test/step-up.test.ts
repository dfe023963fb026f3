import { eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AccountPasskeysResponse, PasskeyOptionsResponse } from '@medallion/contracts/passkeys';
import { account, passkey, verification } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, latestCode, sessionCookie } from './helpers/auth';
import { SoftwareAuthenticator, type RegistrationOptionsJSON } from './helpers/software-authenticator';
import { codeAt, totpStep } from './helpers/two-factor';

/*
 * Issue #33, finding 1: the session cookie alone (a stolen one) no longer adds or removes a passkey.
 * Those calls answer 403 REAUTH_REQUIRED until the session confirms the password or a second factor
 * (POST /api/account/reauthenticate), which holds for 5 minutes and for that session only.
 */

const PUBLIC_URL = 'http://localhost:3100';
const ORIGIN = PUBLIC_URL;
const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL });

let n = 0;
async function owner(password = 'Secret123') {
  const email = `step-up-${++n}@example.com`;
  return { ...(await createConfirmedUser(app, email, password)), email, password };
}

/** A browser: its cookies kept between calls. */
class Browser {
  cookies = new Map<string, string>();
  constructor(cookie?: string) {
    for (const part of cookie?.split('; ') ?? []) {
      const [k, ...v] = part.split('=');
      this.cookies.set(k!, v.join('='));
    }
  }
  async call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({ method, url, payload, headers: { cookie, origin: ORIGIN } });
    for (const c of res.cookies) {
      if (c.value === '' || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
}

async function addPasskey(browser: Browser, authenticator = new SoftwareAuthenticator(PUBLIC_URL)) {
  const options = await browser.call('POST', '/api/account/passkeys/register-options');
  if (options.statusCode !== 200) return options;
  const { options: json } = options.json<PasskeyOptionsResponse>();
  return browser.call('POST', '/api/account/passkeys', { response: authenticator.register(json as unknown as RegistrationOptionsJSON) });
}

/** Every step-up ends now (as 5 minutes later). */
async function expireStepUps() {
  await app.db
    .update(verification)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(like(verification.identifier, 'step-up-%'));
}

function expectStepUpNeeded(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ code: 'REAUTH_REQUIRED', key: 'auth.reauthRequired' });
}

describe('a stolen session cannot add or remove a passkey (finding 1)', () => {
  it('refuses register-options, register and remove with the cookie alone, and allows them after the password', async () => {
    const me = await owner();
    const thief = new Browser(me.cookie);
    // Before: 200 and a passkey the owner's password change does not remove. After: 403.
    expectStepUpNeeded(await thief.call('POST', '/api/account/passkeys/register-options'));
    // Options fetched earlier (before a step-up expired) do not help either: the answer is refused.
    const made = new SoftwareAuthenticator(PUBLIC_URL).register({ challenge: 'x', rp: { name: 'M' }, user: { id: 'u', name: 'n' } });
    expectStepUpNeeded(await thief.call('POST', '/api/account/passkeys', { response: made }));
    expect(await app.db.select().from(passkey).where(eq(passkey.userId, me.id))).toHaveLength(0);

    // The owner, in the same browser, confirms the password: for 5 minutes, passkeys can change.
    const wrong = await thief.call('POST', '/api/account/reauthenticate', { password: 'Wrong9999' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', key: 'auth.passwordWrong', fields: { password: { key: 'auth.passwordWrong' } } });
    expectStepUpNeeded(await thief.call('POST', '/api/account/passkeys/register-options'));

    const before = Date.now();
    const ok = await thief.call('POST', '/api/account/reauthenticate', { password: me.password });
    expect(ok.statusCode, ok.body).toBe(200);
    const expiresAt = Date.parse(ok.json<{ expiresAt: string }>().expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 5 * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);
    expect((await thief.call('GET', '/api/account/reauthenticate')).json()).toEqual({ methods: ['password'], expiresAt: new Date(expiresAt).toISOString() });
    const added = await addPasskey(thief);
    expect(added.statusCode, added.body).toBe(200);
    const [key] = added.json<AccountPasskeysResponse>().data.passkeys;

    // Another browser of the account (its own session) has not confirmed anything: refused.
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: me.email, password: me.password } });
    const other = new Browser(sessionCookie(signIn));
    expectStepUpNeeded(await other.call('DELETE', `/api/account/passkeys/${key!.id}`));
    expect(await app.db.select().from(passkey).where(eq(passkey.userId, me.id))).toHaveLength(1);

    // 5 minutes later (the step-up's end moved into the past): asked again.
    await app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, 'step-up-%'));
    expectStepUpNeeded(await thief.call('DELETE', `/api/account/passkeys/${key!.id}`));
    expect((await thief.call('GET', '/api/account/reauthenticate')).json()).toMatchObject({ expiresAt: null });
    expect((await thief.call('POST', '/api/account/reauthenticate', { password: me.password })).statusCode).toBe(200);
    expect((await thief.call('DELETE', `/api/account/passkeys/${key!.id}`)).statusCode).toBe(200);
  });

  it('takes a current code of the authenticator app or a recovery code instead of the password', async () => {
    const me = await owner();
    const browser = new Browser(me.cookie);
    const setup = await browser.call('POST', '/api/account/two-factor/setup', { password: me.password });
    const { secret, recoveryCodes } = setup.json<{ secret: string; recoveryCodes: string[] }>();
    const step = totpStep();
    expect((await browser.call('POST', '/api/account/two-factor/confirm', { code: await codeAt(secret, step) })).statusCode).toBe(200);
    expect((await browser.call('GET', '/api/account/reauthenticate')).json()).toMatchObject({ methods: ['password', 'code'] });

    // The password given to set it up counted as a step-up (below); once it has ended, a code does too.
    await expireStepUps();
    expectStepUpNeeded(await browser.call('POST', '/api/account/passkeys/register-options'));
    const wrong = await browser.call('POST', '/api/account/reauthenticate', { code: '000000' === (await codeAt(secret, step + 1)) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await browser.call('POST', '/api/account/reauthenticate', { code: await codeAt(secret, step + 1) })).statusCode).toBe(200);
    expect((await addPasskey(browser)).statusCode).toBe(200);

    const other = new Browser();
    const first = await other.call('POST', '/api/auth/sign-in', { email: me.email, password: me.password });
    expect(first.json()).toMatchObject({ twoFactorRequired: true });
    expect((await other.call('POST', '/api/auth/two-factor/recovery', { code: recoveryCodes[0] })).statusCode).toBe(200);
    expectStepUpNeeded(await other.call('POST', '/api/account/passkeys/register-options'));
    expect((await other.call('POST', '/api/account/reauthenticate', { code: recoveryCodes[1] })).statusCode).toBe(200);
    expect((await other.call('POST', '/api/account/passkeys/register-options')).statusCode).toBe(200);
    // A used recovery code does not work again.
    expect((await other.call('POST', '/api/account/reauthenticate', { code: recoveryCodes[1] })).statusCode).toBe(400);
  });

  it('asks an account without a password nor two-step sign-in for a code e-mailed to it', async () => {
    const me = await owner();
    // As a Google-only account: no password.
    await app.db.update(account).set({ password: null }).where(eq(account.userId, me.id));
    const browser = new Browser(me.cookie);
    expect((await browser.call('GET', '/api/account/reauthenticate')).json()).toEqual({ methods: ['emailCode'], expiresAt: null });
    const noPassword = await browser.call('POST', '/api/account/reauthenticate', { password: 'Secret123' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ fields: { emailCode: { key: 'auth.reauthCodeNeeded' } } });
    expect((await browser.call('POST', '/api/account/reauthenticate/email-code')).statusCode).toBe(200);
    const code = await latestCode(app, me.email);
    const wrong = await browser.call('POST', '/api/account/reauthenticate', { emailCode: code === '123456' ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', key: 'twoFactor.emailCodeWrong' });
    expect((await browser.call('POST', '/api/account/reauthenticate', { emailCode: code })).statusCode).toBe(200);
    expect((await browser.call('POST', '/api/account/passkeys/register-options')).statusCode).toBe(200);
    // Single use.
    expect((await browser.call('POST', '/api/account/reauthenticate', { emailCode: code })).statusCode).toBe(400);
  });

  it('does not send e-mailed codes to an account that has a password, and refuses an empty step-up', async () => {
    const me = await owner();
    const browser = new Browser(me.cookie);
    expect((await browser.call('POST', '/api/account/reauthenticate/email-code')).statusCode).toBe(400);
    const empty = await browser.call('POST', '/api/account/reauthenticate', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await app.inject({ method: 'POST', url: '/api/account/reauthenticate', payload: { password: 'x' } })).statusCode).toBe(401);
  });

  it('counts a right password given inline (two-step setup, e-mail change, two-step off) as a step-up of that session', async () => {
    const me = await owner();
    const browser = new Browser(me.cookie);
    expectStepUpNeeded(await browser.call('POST', '/api/account/passkeys/register-options'));

    // A wrong password given inline counts for nothing.
    expect((await browser.call('POST', '/api/account/email-change', { email: `new-${n}@example.com`, password: 'Wrong9999' })).statusCode).toBe(401);
    expectStepUpNeeded(await browser.call('POST', '/api/account/passkeys/register-options'));

    // E-mail change, step 1: the right password. Before: 403 REAUTH_REQUIRED right after it.
    const change = await browser.call('POST', '/api/account/email-change', { email: `new-${n}@example.com`, password: me.password });
    expect(change.statusCode, change.body).toBe(200);
    expect((await browser.call('GET', '/api/account/reauthenticate')).json<{ expiresAt: string | null }>().expiresAt).not.toBeNull();
    expect((await browser.call('POST', '/api/account/passkeys/register-options')).statusCode).toBe(200);

    // Two-step setup: the password counts, and it still holds after the confirmation replaced the session.
    await expireStepUps();
    const setup = await browser.call('POST', '/api/account/two-factor/setup', { password: me.password });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const step = totpStep();
    const confirmed = await browser.call('POST', '/api/account/two-factor/confirm', { code: await codeAt(secret, step) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.cookies.length).toBeGreaterThan(0);
    const added = await addPasskey(browser);
    expect(added.statusCode, added.body).toBe(200);

    // Two-step off (password and code; the session is replaced again): removing the passkey needs no second ask.
    await expireStepUps();
    const off = await browser.call('POST', '/api/account/two-factor/disable', { password: me.password, code: await codeAt(secret, step + 1) });
    expect(off.statusCode, off.body).toBe(200);
    const [key] = added.json<AccountPasskeysResponse>().data.passkeys;
    expect((await browser.call('DELETE', `/api/account/passkeys/${key!.id}`)).statusCode).toBe(200);

    // Only that session: another browser of the account still has to confirm.
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: me.email, password: me.password } });
    expectStepUpNeeded(await new Browser(sessionCookie(signIn)).call('POST', '/api/account/passkeys/register-options'));
  });
});
