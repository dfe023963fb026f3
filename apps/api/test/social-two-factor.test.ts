import { afterAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, googleEnv } from './helpers/auth';
import { buildTestApp } from './helpers/build-test-app';
import { codeAt, Jar, totpStep } from './helpers/two-factor';
import { authorizeAsUser, startOidcProvider } from '../../../test-support/oidc-provider';

/*
 * Social sign-in (Google / OIDC) of an account with two-step sign-in on (issue #21): better-auth's
 * two-factor hook follows only the password, so the callback must itself withhold the session and
 * start the same second step (/api/auth/two-factor/verify and /recovery), then go back to the page the
 * sign-in started from. A browser trusted for 30 days skips the code, as with a password.
 */

const client = { clientId: 'medallion-test', clientSecret: 'test secret & more', redirectUris: ['http://localhost:3000/auth'] };
const email = 'two-step@example.com';
const password = 'Secret123';

describe('social sign-in with two-step sign-in on', async () => {
  const provider = await startOidcProvider({
    clients: [client],
    accounts: [{ sub: 'g-2fa', email, name: 'Two Step' }],
  });
  afterAll(() => provider.close());
  const { app } = await buildTestApp(googleEnv(client, provider.discoveryUrl));

  const post = (url: string, payload: unknown, jar: Jar) => app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: jar.header } });
  const sessionOf = async (jar: Jar) =>
    (await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: jar.header } })).json() as { user: { email: string } | null };

  /** The whole round trip in one browser (jar): start, the provider, the callback. */
  async function socialSignIn(jar: Jar, redirect?: string) {
    const start = await post('/api/auth/social/start', { provider: 'google', redirect }, jar);
    expect(start.statusCode, start.body).toBe(200);
    jar.take(start);
    const back = new URL(await authorizeAsUser((start.json() as { url: string }).url, email));
    const done = await post(
      '/api/auth/social/callback',
      { provider: 'google', code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      jar,
    );
    jar.take(done);
    return done;
  }

  // An account with a password and two-step sign-in on; the provider's verified e-mail links to it.
  const owner = new Jar();
  await createConfirmedUser(app, email, password);
  owner.take(await post('/api/auth/sign-in', { email, password }, owner));
  const setup = await post('/api/account/two-factor/setup', { password }, owner);
  const { secret, recoveryCodes } = setup.json() as { secret: string; recoveryCodes: string[] };
  const step = totpStep();
  const confirmed = await post('/api/account/two-factor/confirm', { code: await codeAt(secret, step) }, owner);
  if (confirmed.statusCode !== 200) throw new Error(confirmed.body);

  it('gives no session but the code step, then signs in with the code and goes back to the page', async () => {
    const jar = new Jar();
    const done = await socialSignIn(jar, '/listing/abc?tab=contact');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ twoFactorRequired: true, redirect: '/listing/abc?tab=contact', message: expect.any(String) });
    expect(jar.has('session_token')).toBe(false);
    expect(jar.has('two_factor')).toBe(true);
    expect((await sessionOf(jar)).user).toBeNull();

    const wrong = await post(
      '/api/auth/two-factor/verify',
      { code: '000000' === (await codeAt(secret, step + 1)) ? '111111' : '000000', trustBrowser: false },
      jar,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ key: 'twoFactor.codeWrong' });
    const verified = await post('/api/auth/two-factor/verify', { code: await codeAt(secret, step + 1), trustBrowser: false }, jar);
    expect(verified.statusCode, verified.body).toBe(200);
    jar.take(verified);
    expect((await sessionOf(jar)).user).toMatchObject({ email });
  });

  it('takes a recovery code too, and a browser trusted for 30 days then skips the code', async () => {
    const jar = new Jar();
    expect((await socialSignIn(jar)).json()).toMatchObject({ twoFactorRequired: true, redirect: '/' });
    const verified = await post('/api/auth/two-factor/recovery', { code: recoveryCodes[0], trustBrowser: true }, jar);
    expect(verified.statusCode, verified.body).toBe(200);
    jar.take(verified);
    expect(jar.has('trust_device')).toBe(true);
    jar.take(await post('/api/auth/sign-out', {}, jar));
    expect((await sessionOf(jar)).user).toBeNull();

    const trusted = await socialSignIn(jar, '/shop');
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(trusted.json()).not.toHaveProperty('twoFactorRequired');
    expect(trusted.json()).toMatchObject({ redirect: '/shop' });
    expect((await sessionOf(jar)).user).toMatchObject({ email });

    // Another browser still gets the code step.
    expect((await socialSignIn(new Jar())).json()).toMatchObject({ twoFactorRequired: true });
  });
});
