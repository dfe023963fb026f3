import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, like } from 'drizzle-orm';
import { mailOutbox, passkey, session, user, verification } from '@medallion/db/schema';
import type { AccountPasskeysResponse, PasskeyOptionsResponse } from '@medallion/contracts/passkeys';
import { defaultPasskeyName } from '../src/modules/auth/register-passkey';
import { relyingParty } from '../src/modules/auth/passkey-plugin';
import { createConfirmedUser, latestCode } from './helpers/auth';
import { buildTestApp } from './helpers/build-test-app';
import { deleteRedisKeys, redisReachable, TEST_REDIS_URL, testRedisPrefix } from './helpers/shared-infra';
import { SoftwareAuthenticator, type AuthenticationOptionsJSON, type RegistrationOptionsJSON } from './helpers/software-authenticator';

/*
 * Passkeys (issue #21, decision 0008) with real WebAuthn answers from a software authenticator: adding
 * one, signing in with it (no password, no second factor), the challenge taken once (replayed or
 * parallel answers refused), the origin and the signature counter checked, and passkeys of one account
 * out of reach of another.
 */

const PUBLIC_URL = 'http://localhost:3100';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL });

const header = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

let n = 0;
/** A signed-in account whose session has just confirmed its password (the step-up passkey changes need, issue #33). */
async function account() {
  const email = `passkeys-${++n}@example.com`;
  const created = await createConfirmedUser(app, email);
  await stepUp(app, created.cookie);
  return { ...created, email };
}

async function stepUp(server: FastifyInstance, cookie: string) {
  const res = await server.inject({ method: 'POST', url: '/api/account/reauthenticate', headers: { cookie }, payload: { password: 'Secret123' } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A signed-in browser: its cookies (session, challenge) kept between calls. */
class Browser {
  cookies: Record<string, string> = {};
  constructor(
    sessionCookie?: string,
    readonly server: FastifyInstance = app,
  ) {
    for (const part of sessionCookie?.split('; ') ?? []) {
      const [k, ...v] = part.split('=');
      this.cookies[k!] = v.join('=');
    }
  }
  async call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
    const res = await this.server.inject({ method, url, payload: payload as object, headers: { cookie: header(this.cookies), 'user-agent': CHROME_MAC } });
    for (const c of res.cookies) {
      if (c.value === '' || c.maxAge === 0) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
    return res;
  }
}

async function addPasskey(browser: Browser, authenticator: SoftwareAuthenticator, name?: string) {
  const options = await browser.call('POST', '/api/account/passkeys/register-options');
  expect(options.statusCode, options.body).toBe(200);
  const { options: json } = options.json<PasskeyOptionsResponse>();
  return browser.call('POST', '/api/account/passkeys', {
    response: authenticator.register(json as unknown as RegistrationOptionsJSON),
    ...(name ? { name } : {}),
  });
}

async function signInOptions(browser: Browser): Promise<AuthenticationOptionsJSON> {
  const res = await browser.call('POST', '/api/auth/passkey/options');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PasskeyOptionsResponse>().options as unknown as AuthenticationOptionsJSON;
}

describe('relying party', () => {
  it('follows PUBLIC_URL', () => {
    expect(relyingParty('https://medallion.example/')).toEqual({ rpID: 'medallion.example', origin: 'https://medallion.example', rpName: 'Medallion' });
    expect(relyingParty('http://localhost:3212')).toEqual({ rpID: 'localhost', origin: 'http://localhost:3212', rpName: 'Medallion' });
  });

  it('names a passkey by the browser and system it was added with, in the request language', () => {
    expect(defaultPasskeyName(CHROME_MAC, 'en-US,en;q=0.9')).toBe('Chrome on macOS');
    expect(defaultPasskeyName(CHROME_MAC, 'ru-RU,ru;q=0.9')).toBe('Chrome на macOS');
    expect(defaultPasskeyName(undefined, undefined)).toBe('Passkey');
  });
});

describe('passkeys', () => {
  it('adds a passkey (named after the browser), lists it, and signs in with it without password or code', async () => {
    const owner = await account();
    const browser = new Browser(owner.cookie);
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);

    const options = await browser.call('POST', '/api/account/passkeys/register-options');
    expect(options.statusCode, options.body).toBe(200);
    const json = options.json<PasskeyOptionsResponse>().options as unknown as RegistrationOptionsJSON & {
      authenticatorSelection: { residentKey: string; userVerification: string };
    };
    expect(json.rp).toEqual({ id: 'localhost', name: 'Medallion' });
    expect(json.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    // The challenge's cookie: httpOnly, and the challenge itself is not in it.
    const challengeCookie = options.cookies.find((c) => c.name.includes('passkey_challenge'));
    expect(challengeCookie?.httpOnly).toBe(true);
    expect(challengeCookie?.value).not.toContain(json.challenge);

    const added = await browser.call('POST', '/api/account/passkeys', { response: authenticator.register(json) });
    expect(added.statusCode, added.body).toBe(200);
    const [listed] = added.json<AccountPasskeysResponse>().data.passkeys;
    expect(listed).toMatchObject({ name: 'Chrome on macOS', last_used_at: null });
    const list = await browser.call('GET', '/api/account/passkeys');
    expect(list.json<AccountPasskeysResponse>().data.passkeys.map((p) => p.id)).toEqual([listed!.id]);
    const [row] = await app.db.select().from(passkey).where(eq(passkey.id, listed!.id));
    expect(row).toMatchObject({ userId: owner.id, credentialId: authenticator.id, counter: 0, transports: 'internal,hybrid' });
    expect(Buffer.from(row!.publicKey, 'base64').length).toBeGreaterThan(60);

    // The owner hears of it (a passkey signs in without the password).
    const notices = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, owner.email), like(mailOutbox.subject, 'A passkey was added%')));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Passkey: Chrome on macOS');
    expect(notices[0]!.text).toContain(`${PUBLIC_URL}/dashboard?tab=security`);

    // Two-factor on: a passkey still signs in alone (it is both factors).
    await app.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, owner.id));

    const visitor = new Browser();
    const signInJson = await signInOptions(visitor);
    expect(signInJson.rpId).toBe('localhost');
    expect((signInJson as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([]);
    const signedIn = await visitor.call('POST', '/api/auth/passkey/sign-in', { response: authenticator.signIn(signInJson) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const body = signedIn.json<{ user: { email: string; twoFactorEnabled: boolean }; token: string }>();
    expect(body.user).toMatchObject({ email: owner.email, twoFactorEnabled: true });
    expect(body.token).toBeTruthy();
    // The same "after sign-in" step as the password: the browser's device cookie.
    expect(signedIn.cookies.some((c) => c.name === 'medallion.device')).toBe(true);
    const current = await visitor.call('GET', '/api/auth/session');
    expect(current.json<{ user: { email: string } | null }>().user?.email).toBe(owner.email);

    const [used] = await app.db.select().from(passkey).where(eq(passkey.id, listed!.id));
    expect(used!.counter).toBe(1);
    expect(used!.lastUsedAt).not.toBeNull();
    // The challenge was taken.
    expect(await app.db.select().from(verification).where(like(verification.identifier, 'passkey-challenge:%'))).toHaveLength(0);
  });

  it('refuses a replayed answer, and of two parallel answers to one challenge accepts one', async () => {
    const owner = await account();
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    expect((await addPasskey(new Browser(owner.cookie), authenticator)).statusCode).toBe(200);

    const visitor = new Browser();
    const response = authenticator.signIn(await signInOptions(visitor));
    const cookies = { ...visitor.cookies };
    expect((await visitor.call('POST', '/api/auth/passkey/sign-in', { response })).statusCode).toBe(200);
    // The same answer again, with the challenge's cookie as it was.
    const replay = new Browser();
    replay.cookies = { ...cookies };
    const replayed = await replay.call('POST', '/api/auth/passkey/sign-in', { response });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ code: 'BAD_REQUEST', key: 'passkey.challengeExpired' });

    // Two answers to one challenge at once: one signs in, the other finds the challenge gone.
    const racer = new Browser();
    const second = authenticator.signIn(await signInOptions(racer));
    const results = await Promise.all(
      [0, 1].map(() =>
        app.inject({ method: 'POST', url: '/api/auth/passkey/sign-in', payload: { response: second }, headers: { cookie: header(racer.cookies) } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);

    // No challenge at all (no cookie): refused the same way.
    const bare = await new Browser().call('POST', '/api/auth/passkey/sign-in', { response });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ key: 'passkey.challengeExpired' });
  });

  it('refuses an expired challenge and a registration challenge used to sign in', async () => {
    const owner = await account();
    const browser = new Browser(owner.cookie);
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    expect((await addPasskey(browser, authenticator)).statusCode).toBe(200);

    const visitor = new Browser();
    const options = await signInOptions(visitor);
    await app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, 'passkey-challenge:%'));
    const late = await visitor.call('POST', '/api/auth/passkey/sign-in', { response: authenticator.signIn(options) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ key: 'passkey.challengeExpired' });

    const registration = await browser.call('POST', '/api/account/passkeys/register-options');
    const json = registration.json<PasskeyOptionsResponse>().options as unknown as AuthenticationOptionsJSON;
    const mixed = await browser.call('POST', '/api/auth/passkey/sign-in', { response: authenticator.signIn({ challenge: json.challenge, rpId: 'localhost' }) });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ key: 'passkey.challengeExpired' });
  });

  it('refuses answers made for another origin, at registration and at sign-in', async () => {
    const owner = await account();
    const browser = new Browser(owner.cookie);
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);

    const options = await browser.call('POST', '/api/account/passkeys/register-options');
    const json = options.json<PasskeyOptionsResponse>().options as unknown as RegistrationOptionsJSON;
    const phished = await browser.call('POST', '/api/account/passkeys', {
      response: authenticator.register(json, { origin: 'https://medallion-login.example' }),
    });
    expect(phished.statusCode).toBe(400);
    expect(phished.json()).toMatchObject({ key: 'passkey.notVerified' });
    expect(await app.db.select().from(passkey).where(eq(passkey.userId, owner.id))).toHaveLength(0);

    expect((await addPasskey(browser, authenticator)).statusCode).toBe(200);
    const visitor = new Browser();
    const signIn = await visitor.call('POST', '/api/auth/passkey/sign-in', {
      response: authenticator.signIn(await signInOptions(visitor), { origin: 'https://medallion-login.example' }),
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', key: 'passkey.notVerified' });
    expect(signIn.cookies.some((c) => c.name.includes('session_token') && c.value)).toBe(false);
  });

  it('refuses a signature counter that went back (a cloned authenticator)', async () => {
    const owner = await account();
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    expect((await addPasskey(new Browser(owner.cookie), authenticator)).statusCode).toBe(200);

    const first = new Browser();
    expect(
      (await first.call('POST', '/api/auth/passkey/sign-in', { response: authenticator.signIn(await signInOptions(first), { counter: 10 }) })).statusCode,
    ).toBe(200);
    for (const counter of [5, 10]) {
      const clone = new Browser();
      const res = await clone.call('POST', '/api/auth/passkey/sign-in', { response: authenticator.signIn(await signInOptions(clone), { counter }) });
      expect(res.statusCode, `counter ${counter}`).toBe(401);
      expect(res.json()).toMatchObject({ key: 'passkey.notVerified' });
    }
    const [row] = await app.db.select().from(passkey).where(eq(passkey.userId, owner.id));
    expect(row!.counter).toBe(10);
    const next = new Browser();
    expect(
      (await next.call('POST', '/api/auth/passkey/sign-in', { response: authenticator.signIn(await signInOptions(next), { counter: 11 }) })).statusCode,
    ).toBe(200);
  });

  it("keeps one account's passkeys out of another's reach; a removed passkey no longer signs in", async () => {
    const owner = await account();
    const other = await account();
    const ownerBrowser = new Browser(owner.cookie);
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const added = await addPasskey(ownerBrowser, authenticator, 'My phone');
    const [mine] = added.json<AccountPasskeysResponse>().data.passkeys;
    expect(mine!.name).toBe('My phone');

    const otherBrowser = new Browser(other.cookie);
    expect((await otherBrowser.call('GET', '/api/account/passkeys')).json<AccountPasskeysResponse>().data.passkeys).toEqual([]);
    const stolen = await otherBrowser.call('DELETE', `/api/account/passkeys/${mine!.id}`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'NOT_FOUND', key: 'passkey.notFound' });
    expect(await app.db.select().from(passkey).where(eq(passkey.id, mine!.id))).toHaveLength(1);

    // The same authenticator cannot be added twice (to this or another account).
    const again = await addPasskey(otherBrowser, authenticator);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ key: 'passkey.alreadyAdded' });

    const removed = await ownerBrowser.call('DELETE', `/api/account/passkeys/${mine!.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<AccountPasskeysResponse>().data.passkeys).toEqual([]);
    expect((await ownerBrowser.call('DELETE', `/api/account/passkeys/${mine!.id}`)).statusCode).toBe(404);

    const visitor = new Browser();
    const res = await visitor.call('POST', '/api/auth/passkey/sign-in', { response: authenticator.signIn(await signInOptions(visitor)) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ key: 'passkey.unknown' });
  });

  it('a password reset removes every passkey of the account, and the reset e-mail says to add them again', async () => {
    const owner = await account();
    const other = await account();
    const ownerBrowser = new Browser(owner.cookie);
    const phone = new SoftwareAuthenticator(PUBLIC_URL);
    expect((await addPasskey(ownerBrowser, phone, 'My phone')).statusCode).toBe(200);
    expect((await addPasskey(ownerBrowser, new SoftwareAuthenticator(PUBLIC_URL), 'My key')).statusCode).toBe(200);
    const otherKey = new SoftwareAuthenticator(PUBLIC_URL);
    expect((await addPasskey(new Browser(other.cookie), otherKey)).statusCode).toBe(200);

    const visitor = new Browser();
    expect((await visitor.call('POST', '/api/auth/forgot-password', { email: owner.email })).statusCode).toBe(200);
    const reset = await visitor.call('POST', '/api/auth/confirm-forgot-password', {
      email: owner.email,
      code: await latestCode(app, owner.email),
      password: 'Another456',
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expect(await app.db.select().from(passkey).where(eq(passkey.userId, owner.id))).toEqual([]);
    expect(await app.db.select().from(passkey).where(eq(passkey.userId, other.id))).toHaveLength(1);
    const stranger = new Browser();
    const signIn = await stranger.call('POST', '/api/auth/passkey/sign-in', { response: phone.signIn(await signInOptions(stranger)) });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toMatchObject({ key: 'passkey.unknown' });

    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, owner.email), like(mailOutbox.subject, 'Your Medallion password was reset%')));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Your Medallion password was reset / Пароль вашего аккаунта Medallion сброшен');
    expect(mail!.text).toContain('Your passkeys were removed too');
    expect(mail!.text).toContain('add them again in the Security tab');
    expect(mail!.text).toContain('Passkeys removed: 2');
    expect(mail!.text).toContain('Browser: Chrome 131');
    expect(mail!.text).toContain('Ключи доступа тоже удалены');
    expect(mail!.text).toContain('Удалено ключей доступа: 2');
    expect(mail!.text).toContain(`${PUBLIC_URL}/dashboard?tab=security`);

    // Without passkeys, the reset e-mail says nothing of them.
    expect((await visitor.call('POST', '/api/auth/forgot-password', { email: other.email })).statusCode).toBe(200);
    await app.db.delete(passkey).where(eq(passkey.userId, other.id));
    const plain = await visitor.call('POST', '/api/auth/confirm-forgot-password', {
      email: other.email,
      code: await latestCode(app, other.email),
      password: 'Another456',
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const [plainMail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, other.email), like(mailOutbox.subject, 'Your Medallion password was reset%')));
    expect(plainMail!.text).toContain('Every browser was signed out');
    expect(plainMail!.text).not.toMatch(/Your passkeys|Passkeys removed|add your passkeys/);
    expect(plainMail!.text).not.toMatch(/Ключи доступа|ключей доступа/);
  });

  it('lets a browser signed in days ago add a passkey once it has confirmed the password (the step-up, not the sign-in, is what counts)', async () => {
    const owner = await account();
    await app.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(session.userId, owner.id));
    const res = await new Browser(owner.cookie).call('POST', '/api/account/passkeys/register-options');
    expect(res.statusCode).toBe(200);
  });

  it('answers bad input with a 4xx and the account calls with 401 when signed out', async () => {
    const visitor = new Browser();
    for (const [method, url] of [
      ['GET', '/api/account/passkeys'],
      ['POST', '/api/account/passkeys/register-options'],
      ['POST', '/api/account/passkeys'],
      ['DELETE', '/api/account/passkeys/abc'],
    ] as const) {
      expect((await visitor.call(method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(401);
    }
    await signInOptions(visitor);
    for (const payload of [{}, { response: 'x' }, { response: { id: 'a b', rawId: 'a', type: 'public-key', response: {} } }, { response: { id: 'a\u0000' } }]) {
      const res = await visitor.call('POST', '/api/auth/passkey/sign-in', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    // Well-formed but made up: refused, never a 500.
    const fake = new SoftwareAuthenticator(PUBLIC_URL);
    const res = await visitor.call('POST', '/api/auth/passkey/sign-in', { response: fake.signIn(await signInOptions(visitor)) });
    expect(res.statusCode).toBe(401);
    const garbage = await visitor.call('POST', '/api/auth/passkey/sign-in', {
      response: { ...fake.signIn(await signInOptions(visitor)), response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } },
    });
    expect(garbage.statusCode).toBe(401);

    const owner = await account();
    const browser = new Browser(owner.cookie);
    await browser.call('POST', '/api/account/passkeys/register-options');
    const junk = await browser.call('POST', '/api/account/passkeys', {
      response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } },
    });
    expect(junk.statusCode).toBe(400);
    const longName = await browser.call('POST', '/api/account/passkeys', {
      response: new SoftwareAuthenticator(PUBLIC_URL).register({ challenge: 'x', rp: { name: 'M' }, user: { id: 'u', name: 'n' } }),
      name: 'x'.repeat(61),
    });
    expect(longName.statusCode).toBe(400);
    expect(longName.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { name: { key: 'passkeyNameMax' } } });
  });
});

const redisUp = await redisReachable();
if (!redisUp) console.warn(`passkey test with Redis skipped: Redis at ${TEST_REDIS_URL} cannot be reached (set TEST_REDIS_URL)`);

describe.skipIf(!redisUp)('passkeys with sessions in Redis (REDIS_URL)', async () => {
  const prefix = testRedisPrefix('passkeys');
  const { app: shared } = await buildTestApp({
    AUTH_RATE_LIMIT_MAX: '1000',
    PUBLIC_URL,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    MEDIA_SHARED: 'true',
  });
  afterAll(async () => {
    await deleteRedisKeys(prefix);
  });

  it('signs in with a passkey into a session every instance reads, and signs out of it', async () => {
    const created = await createConfirmedUser(shared, 'passkeys-redis@example.com');
    await stepUp(shared, created.cookie);
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const owner = new Browser(created.cookie, shared);
    const options = await owner.call('POST', '/api/account/passkeys/register-options');
    expect(options.statusCode, options.body).toBe(200);
    const json = options.json<PasskeyOptionsResponse>().options as unknown as RegistrationOptionsJSON;
    expect((await owner.call('POST', '/api/account/passkeys', { response: authenticator.register(json) })).statusCode).toBe(200);

    const visitor = new Browser(undefined, shared);
    const signInJson = (await visitor.call('POST', '/api/auth/passkey/options')).json<PasskeyOptionsResponse>().options as unknown as AuthenticationOptionsJSON;
    expect((await visitor.call('POST', '/api/auth/passkey/sign-in', { response: authenticator.signIn(signInJson) })).statusCode).toBe(200);
    expect((await visitor.call('GET', '/api/account/passkeys')).statusCode).toBe(200);
    expect((await visitor.call('POST', '/api/auth/sign-out')).statusCode).toBe(200);
    expect((await visitor.call('GET', '/api/account/passkeys')).statusCode).toBe(401);
  });
});
