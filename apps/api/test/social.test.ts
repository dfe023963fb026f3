import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';
import { googleEnv, sessionCookie, startSocial } from './helpers/auth';
import { authorizeAsUser, startOidcProvider } from '../../../test-support/oidc-provider';

const client = { clientId: 'medallion-test', clientSecret: 'test secret & more', redirectUris: ['http://localhost:3000/auth'] };

describe('social sign-in against a local OpenID provider', async () => {
  const provider = await startOidcProvider({
    clients: [client],
    accounts: [{ sub: 'g-123', email: 'Gulnara@Example.com', name: 'Gulnara Sadykova' }],
  });
  afterAll(() => provider.close());
  const { app } = await buildTestApp(googleEnv(client, provider.discoveryUrl));
  const start = () => startSocial(app);

  it('lists the configured provider', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ data: [{ id: 'google', name: 'Google' }] });
  });

  it('completes the authorization-code round trip through /auth and creates a confirmed user', async () => {
    const { url, cookie } = await start();
    expect(url.startsWith(provider.issuer)).toBe(true);
    const authorize = new URL(url);
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth');
    expect(authorize.searchParams.get('response_type')).toBe('code');

    const back = new URL(await authorizeAsUser(url, 'gulnara@example.com'));
    expect(back.origin + back.pathname).toBe('http://localhost:3000/auth');
    const code = back.searchParams.get('code');
    const state = back.searchParams.get('state');
    expect(code && state).toBeTruthy();

    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/social/callback',
      headers: { cookie },
      payload: { provider: 'google', code, state },
    });
    expect(done.statusCode).toBe(200);
    const session = sessionCookie(done);

    const me = await app.inject({ method: 'GET', url: '/api/users', headers: { cookie: session } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: 'gulnara@example.com', 'full-name': 'Gulnara Sadykova', status: 'CONFIRMED' });

    // Signing in again finds the same user.
    const second = await start();
    const again = new URL(await authorizeAsUser(second.url, 'g-123'));
    const done2 = await app.inject({
      method: 'POST',
      url: '/api/auth/social/callback',
      headers: { cookie: second.cookie },
      payload: { provider: 'google', code: again.searchParams.get('code'), state: again.searchParams.get('state') },
    });
    expect(done2.statusCode).toBe(200);
    const me2 = await app.inject({ method: 'GET', url: '/api/users', headers: { cookie: sessionCookie(done2) } });
    expect(me2.json().data['user-id']).toBe(me.json().data['user-id']);
  });

  it('comes back to the page the sign-in started from, only a path of this site', async () => {
    const signInFrom = async (redirect?: string) => {
      const { url, cookie } = await startSocial(app, 'google', redirect);
      const back = new URL(await authorizeAsUser(url, 'g-123'));
      const done = await app.inject({
        method: 'POST',
        url: '/api/auth/social/callback',
        headers: { cookie },
        payload: { provider: 'google', code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      });
      expect(done.statusCode, done.body).toBe(200);
      return done.json().redirect as string;
    };
    expect(await signInFrom('/listing/abc?tab=contact')).toBe('/listing/abc?tab=contact');
    expect(await signInFrom('/shop#product-p1')).toBe('/shop#product-p1');
    expect(await signInFrom()).toBe('/');
    for (const evil of ['https://evil.example', '//evil.example', '/\\evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)', '/.//evil.example']) {
      expect(await signInFrom(evil), evil).toBe('/dashboard');
    }
    // Not a string, or too long: a clear 400, never a 500.
    for (const redirect of [42, { path: '/' }, `/${'a'.repeat(3000)}`, '/dash\u0000board']) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/social/start', payload: { provider: 'google', redirect } });
      expect(res.statusCode, JSON.stringify(redirect)).toBe(400);
    }
  });

  it('refuses a callback whose state does not belong to this browser', async () => {
    const { url } = await start();
    const back = new URL(await authorizeAsUser(url, 'g-123'));
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/social/callback',
      payload: { provider: 'google', code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses a provider that is not configured', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/social/start', payload: { provider: 'oidc' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('without social providers', async () => {
  const { app } = await buildTestApp();
  it('lists none, so the app shows no buttons', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ data: [] });
  });
});
