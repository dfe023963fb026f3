import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { knownBrowsers, mailOutbox, user, verification } from '@medallion/db/schema';
import { describeBrowser } from '../src/modules/auth/describe-browser';
import { deviceHash, notePasswordStep, PASSWORD_NOTICE_WINDOW_MS, PASSWORD_NOTICES_PER_WINDOW } from '../src/modules/auth/known-browsers';
import { newBrowserEmail } from '../src/modules/auth/new-browser-email';
import { buildTestApp } from './helpers/build-test-app';
import { googleEnv, latestCode, sessionCookie, startSocial } from './helpers/auth';
import { codeAt, totpStep } from './helpers/two-factor';
import { authorizeAsUser, startOidcProvider } from '../../../test-support/oidc-provider';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const SUBJECT = 'New sign-in to your Medallion account / Новый вход в ваш аккаунт Medallion';

/** The device cookie a response set, as name=value for a Cookie header. */
function deviceCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((cookie) => cookie.name === 'medallion.device');
  if (!c) throw new Error(`no device cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return `medallion.device=${c.value}`;
}

const notices = (app: FastifyInstance, email: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'New sign-in%')));

/** Signs up and confirms from one browser (its device cookie is returned with the session). */
async function signUpFrom(app: FastifyInstance, email: string, password: string) {
  const signUp = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Browser Test', email, password } });
  expect(signUp.statusCode).toBe(200);
  const code = await latestCode(app, email);
  const confirm = await app.inject({ method: 'POST', url: '/api/auth/confirm-sign-up', headers: { 'user-agent': CHROME_LINUX }, payload: { email, code } });
  expect(confirm.statusCode).toBe(200);
  return { device: deviceCookie(confirm), session: sessionCookie(confirm), id: (confirm.json() as { user: { id: string } }).user.id };
}

describe('new-browser sign-in notice', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: 'https://medallion.example' });
  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'user-agent': CHROME_LINUX, ...headers }, payload: { email, password } });

  it('sends none for the first browser (sign-up) and none again from it; the cookie is long-lived, httpOnly, Secure, Lax', async () => {
    const me = await signUpFrom(app, 'first@example.com', 'Browser9x');
    expect(await notices(app, 'first@example.com')).toHaveLength(0);

    const again = await signIn('first@example.com', 'Browser9x', { cookie: me.device });
    expect(again.statusCode).toBe(200);
    expect(again.cookies.some((c) => c.name.includes('session_token'))).toBe(true);
    const cookie = again.cookies.find((c) => c.name === 'medallion.device');
    expect(cookie).toMatchObject({ value: me.device.split('=')[1], httpOnly: true, secure: true, sameSite: 'Lax', path: '/api/auth' });
    expect(cookie?.maxAge).toBeGreaterThanOrEqual(364 * 24 * 3600);
    expect(await notices(app, 'first@example.com')).toHaveLength(0);
    // Only a hash of the cookie is kept, per account.
    const rows = await app.db.select().from(knownBrowsers).where(eq(knownBrowsers.userId, me.id));
    expect(rows.map((r) => r.deviceHash)).toEqual([deviceHash(me.id, me.device.split('=')[1]!)]);
  });

  it('e-mails once from a new browser, with the time, browser, system and the Security tab', async () => {
    await signUpFrom(app, 'second@example.com', 'Browser9x');
    const fresh = await signIn('second@example.com', 'Browser9x');
    expect(fresh.statusCode).toBe(200);
    const [mail, ...more] = await notices(app, 'second@example.com');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ subject: SUBJECT, category: 'notice' });
    expect(mail!.text).toContain('Browser: Chrome 131');
    expect(mail!.text).toContain('System: Linux');
    expect(mail!.text).toContain('(New York time)');
    expect(mail!.text).toContain('Браузер: Chrome 131');
    expect(mail!.text).toContain('https://medallion.example/dashboard?tab=security');
    expect(mail!.html).toContain('href="https://medallion.example/dashboard?tab=security"');

    // The same browser (its new cookie) again: nothing more.
    const same = await signIn('second@example.com', 'Browser9x', { cookie: deviceCookie(fresh) });
    expect(same.statusCode).toBe(200);
    expect(await notices(app, 'second@example.com')).toHaveLength(1);
  });

  it("treats another account's cookie value as a new browser, and a wrong password as no sign-in", async () => {
    const other = await signUpFrom(app, 'other@example.com', 'Browser9x');
    await signUpFrom(app, 'mine@example.com', 'Browser9x');
    const wrong = await signIn('mine@example.com', 'Wrong9xyz', { cookie: other.device });
    expect(wrong.statusCode).toBe(401);
    expect(await notices(app, 'mine@example.com')).toHaveLength(0);

    const res = await signIn('mine@example.com', 'Browser9x', { cookie: other.device, 'user-agent': SAFARI_IPHONE });
    expect(res.statusCode).toBe(200);
    const [mail] = await notices(app, 'mine@example.com');
    expect(mail?.text).toContain('Browser: Safari 17');
    expect(mail?.text).toContain('System: iOS 17.5');
    expect(await notices(app, 'other@example.com')).toHaveLength(0);
  });

  it('sends one notice when one new browser signs in several times in parallel', async () => {
    await signUpFrom(app, 'parallel@example.com', 'Browser9x');
    const device = 'medallion.device=' + 'A'.repeat(43);
    const answers = await Promise.all(Array.from({ length: 5 }, () => signIn('parallel@example.com', 'Browser9x', { cookie: device })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await notices(app, 'parallel@example.com')).toHaveLength(1);
  });

  it('gives a browser with a malformed cookie a new one; odd User-Agents are named as unknown', async () => {
    await signUpFrom(app, 'odd@example.com', 'Browser9x');
    const res = await signIn('odd@example.com', 'Browser9x', { cookie: 'medallion.device=short<script>', 'user-agent': '' });
    expect(res.statusCode).toBe(200);
    expect(deviceCookie(res)).toMatch(/^medallion\.device=[A-Za-z0-9_-]{43}$/);
    const [mail] = await notices(app, 'odd@example.com');
    expect(mail?.text).toContain('Browser: Unknown browser');
    expect(mail?.text).toContain('System: Unknown system');
  });

  it('also for a password reset (a sign-in) from a new browser', async () => {
    await signUpFrom(app, 'reset-browser@example.com', 'Browser9x');
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'reset-browser@example.com' } });
    const code = await latestCode(app, 'reset-browser@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/confirm-forgot-password',
      headers: { 'user-agent': CHROME_LINUX },
      payload: { email: 'reset-browser@example.com', code, password: 'Another9x' },
    });
    expect(res.statusCode).toBe(200);
    expect(await notices(app, 'reset-browser@example.com')).toHaveLength(1);
  });

  it('forgets the browsers with the account', async () => {
    const me = await signUpFrom(app, 'gone@example.com', 'Browser9x');
    const del = await app.inject({ method: 'DELETE', url: '/api/users', headers: { cookie: me.session }, payload: { password: 'Browser9x' } });
    expect(del.statusCode).toBe(200);
    expect(await app.db.select().from(knownBrowsers).where(eq(knownBrowsers.userId, me.id))).toHaveLength(0);
  });
});

describe('"Your password was used…": a right password that stops at the two-step code', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: 'https://medallion.example' });
  const PASSWORD_SUBJECT = 'Your password was used to sign in from a new browser / Ваш пароль использован для входа из нового браузера';
  const passwordNotices = (email: string) =>
    app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Your password was used%')));
  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'user-agent': CHROME_LINUX, ...headers }, payload: { email, password } });

  /** An account with two-step sign-in on, turned on from its first browser (which is known). */
  async function withTwoFactor(email: string) {
    const me = await signUpFrom(app, email, 'Browser9x');
    const setup = await app.inject({
      method: 'POST',
      url: '/api/account/two-factor/setup',
      headers: { cookie: me.session },
      payload: { password: 'Browser9x' },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/account/two-factor/confirm',
      headers: { cookie: me.session },
      payload: { code: await codeAt(secret, totpStep()) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    // Turning it on renews the session.
    return { ...me, session: sessionCookie(confirm) };
  }

  it('queues a notice to the owner before any code, from a browser the account has not used; once per browser', async () => {
    const me = await withTwoFactor('stolen@example.com');
    const wrong = await signIn('stolen@example.com', 'Wrong9xyz');
    expect(wrong.statusCode).toBe(401);
    expect(await passwordNotices('stolen@example.com')).toHaveLength(0);

    const stopped = await signIn('stolen@example.com', 'Browser9x');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ user: null, twoFactorRequired: true });
    // No code was entered: the mail is already queued.
    const [mail, ...more] = await passwordNotices('stolen@example.com');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ subject: PASSWORD_SUBJECT, category: 'notice' });
    expect(mail!.text).toContain('was just entered correctly in a browser your account has not used before');
    expect(mail!.text).toContain('(New York time)');
    expect(mail!.text).toContain('Browser: Chrome 131');
    expect(mail!.text).toContain('System: Linux');
    expect(mail!.text).toContain('change it now');
    expect(mail!.text).toContain('Браузер: Chrome 131');
    expect(mail!.text).toContain('сразу смените его');
    expect(mail!.text).toContain('https://medallion.example/dashboard?tab=security');
    // Not a sign-in: the browser is not remembered, and no "New sign-in" yet.
    expect(await notices(app, 'stolen@example.com')).toHaveLength(0);

    // The same browser (the device cookie it got) again within the hour: nothing more.
    const again = await signIn('stolen@example.com', 'Browser9x', { cookie: deviceCookie(stopped) });
    expect(again.json()).toMatchObject({ twoFactorRequired: true });
    expect(await passwordNotices('stolen@example.com')).toHaveLength(1);

    // The owner's own browser: no notice.
    const own = await signIn('stolen@example.com', 'Browser9x', { cookie: me.device });
    expect(own.json()).toMatchObject({ twoFactorRequired: true });
    expect(await passwordNotices('stolen@example.com')).toHaveLength(1);

    // Another new browser: its own notice.
    const other = await signIn('stolen@example.com', 'Browser9x', { 'user-agent': SAFARI_IPHONE });
    expect(other.json()).toMatchObject({ twoFactorRequired: true });
    const all = await passwordNotices('stolen@example.com');
    expect(all).toHaveLength(2);
    expect(all.some((m) => m.text.includes('System: iOS 17.5'))).toBe(true);
  });

  it('once per browser per hour, and at most a few per account per hour', async () => {
    const me = await withTwoFactor('window@example.com');
    const input = (deviceId: string) => ({ user: { id: me.id, email: 'window@example.com' }, deviceId, userAgent: CHROME_LINUX });
    const t0 = new Date();
    const later = (ms: number) => new Date(t0.getTime() + ms);
    const device = 'B'.repeat(43);
    expect(await notePasswordStep(app.db, app.mailer, 'https://medallion.example', input(device), t0)).toBe(true);
    expect(await notePasswordStep(app.db, app.mailer, 'https://medallion.example', input(device), later(PASSWORD_NOTICE_WINDOW_MS - 1000))).toBe(false);
    expect(await notePasswordStep(app.db, app.mailer, 'https://medallion.example', input(device), later(PASSWORD_NOTICE_WINDOW_MS + 1000))).toBe(true);
    // A client that keeps no cookie is a new browser each time: the account's hourly cap still holds.
    const sent = [];
    for (let i = 0; i < PASSWORD_NOTICES_PER_WINDOW + 2; i++) {
      sent.push(
        await notePasswordStep(app.db, app.mailer, 'https://medallion.example', input(String(i).padStart(43, 'C')), later(PASSWORD_NOTICE_WINDOW_MS + 2000)),
      );
    }
    expect(sent.filter(Boolean)).toHaveLength(PASSWORD_NOTICES_PER_WINDOW - 1);
    expect(await passwordNotices('window@example.com')).toHaveLength(PASSWORD_NOTICES_PER_WINDOW + 1);

    // The marks go with the account.
    const marks = () =>
      app.db
        .select()
        .from(verification)
        .where(and(like(verification.identifier, 'password-notice-%'), eq(verification.value, me.id)));
    expect(await marks()).toHaveLength(PASSWORD_NOTICES_PER_WINDOW);
    const del = await app.inject({ method: 'DELETE', url: '/api/users', headers: { cookie: me.session }, payload: { password: 'Browser9x' } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await marks()).toHaveLength(0);
  });

  it('sends nothing for an account without two-step sign-in (that sign-in gets "New sign-in")', async () => {
    await signUpFrom(app, 'plain@example.com', 'Browser9x');
    const res = await signIn('plain@example.com', 'Browser9x');
    expect(res.json()).toMatchObject({ user: { email: 'plain@example.com' } });
    expect(await passwordNotices('plain@example.com')).toHaveLength(0);
    expect(await notices(app, 'plain@example.com')).toHaveLength(1);
  });
});

describe('a failing new-browser notice', async () => {
  const lines: string[] = [];
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  const signIn = (email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'user-agent': SAFARI_IPHONE }, payload: { email, password: 'Failing9x' } });
  const failureLogged = () => lines.some((line) => line.includes('new-browser notice failed') && line.includes('"level":50'));

  it('does not fail the sign-in when the database write fails: logged, signed in', async () => {
    await signUpFrom(app, 'db-down@example.com', 'Failing9x');
    await app.db.execute(sql`ALTER TABLE known_browsers RENAME TO known_browsers_away`);
    try {
      lines.length = 0;
      const res = await signIn('db-down@example.com');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ email: 'db-down@example.com' });
      const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: sessionCookie(res) } });
      expect(session.json().user).toMatchObject({ email: 'db-down@example.com' });
      expect(failureLogged()).toBe(true);
    } finally {
      await app.db.execute(sql`ALTER TABLE known_browsers_away RENAME TO known_browsers`);
    }
  });

  it('does not fail the sign-in when queueing the mail fails: logged, signed in', async () => {
    await signUpFrom(app, 'mail-down@example.com', 'Failing9x');
    const send = vi.spyOn(app.mailer, 'send').mockRejectedValueOnce(new Error('mail queue unavailable'));
    try {
      lines.length = 0;
      const res = await signIn('mail-down@example.com');
      expect(res.statusCode, res.body).toBe(200);
      expect(send).toHaveBeenCalledTimes(1);
      expect(res.cookies.some((c) => c.name.includes('session_token'))).toBe(true);
      expect(failureLogged()).toBe(true);
    } finally {
      send.mockRestore();
    }
  });
});

describe('describeBrowser and the notice text', () => {
  it('names common browsers and systems, and keeps markup out', () => {
    expect(describeBrowser(CHROME_LINUX)).toEqual({ browser: 'Chrome 131', system: 'Linux' });
    expect(describeBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({
      browser: 'Firefox 128',
      system: 'Windows',
    });
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    expect(describeBrowser(mac)).toEqual({ browser: 'Safari 17', system: 'macOS' });
    expect(describeBrowser(undefined)).toEqual({ browser: null, system: null });
    expect(describeBrowser('x'.repeat(100_000))).toEqual({ browser: null, system: null });
    const mail = newBrowserEmail({
      to: 'a@example.com',
      at: new Date('2026-07-04T16:05:00Z'),
      device: { browser: '<b>', system: null },
      publicUrl: 'http://localhost:3000',
    });
    expect(mail.text).toContain('July 4, 2026 at 12:05 PM (New York time)');
    expect(mail.text).toContain('4 июля 2026 г. в 12:05 (время Нью-Йорка)');
    expect(mail.html).not.toContain('<b>');
  });
});

describe('new-browser notice after social sign-in', async () => {
  const client = { clientId: 'browser-test', clientSecret: 'secret', redirectUris: ['http://localhost:3000/auth'] };
  const provider = await startOidcProvider({ clients: [client], accounts: [{ sub: 's-9', email: 'social-browser@example.com', name: 'Social Browser' }] });
  afterAll(() => provider.close());
  const { app } = await buildTestApp(googleEnv(client, provider.discoveryUrl));

  async function socialSignIn(deviceCookie?: string) {
    const start = await startSocial(app);
    const back = new URL(await authorizeAsUser(start.url, 's-9'));
    return app.inject({
      method: 'POST',
      url: '/api/auth/social/callback',
      headers: { cookie: [start.cookie, deviceCookie].filter(Boolean).join('; '), 'user-agent': CHROME_LINUX },
      payload: { provider: 'google', code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
  }

  it('sends none for the account it creates, one for a second browser, none again from it', async () => {
    const first = await socialSignIn();
    expect(first.statusCode).toBe(200);
    expect(await app.db.select().from(user).where(eq(user.email, 'social-browser@example.com'))).toHaveLength(1);
    expect(await notices(app, 'social-browser@example.com')).toHaveLength(0);

    const second = await socialSignIn();
    expect(second.statusCode).toBe(200);
    expect(await notices(app, 'social-browser@example.com')).toHaveLength(1);

    const again = await socialSignIn(deviceCookie(second));
    expect(again.statusCode).toBe(200);
    expect(await notices(app, 'social-browser@example.com')).toHaveLength(1);
  });
});
