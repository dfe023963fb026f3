import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { account, contactMessages, session, user } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, googleEnv, latestCode, sessionCookie, startSocial } from './helpers/auth';
import { authorizeAsUser, startOidcProvider } from '../../../test-support/oidc-provider';

describe('change password', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });

  it('needs a session, the current password and a valid new one', async () => {
    const me = await createConfirmedUser(app, 'change@example.com', 'OldPass1');
    const url = '/api/auth/change-password';
    expect((await app.inject({ method: 'POST', url, payload: { currentPassword: 'OldPass1', newPassword: 'NewPass2' } })).statusCode).toBe(401);

    const wrong = await app.inject({ method: 'POST', url, headers: { cookie: me.cookie }, payload: { currentPassword: 'Nope1234', newPassword: 'NewPass2' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', key: 'auth.currentPasswordWrong', message: 'The current password is not correct.' });

    const weak = await app.inject({ method: 'POST', url, headers: { cookie: me.cookie }, payload: { currentPassword: 'OldPass1', newPassword: 'weak' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.newPassword.message).toBe('Password should contain numbers, upper and lower characters.');

    const ok = await app.inject({ method: 'POST', url, headers: { cookie: me.cookie }, payload: { currentPassword: 'OldPass1', newPassword: 'NewPass2' } });
    expect(ok.statusCode).toBe(200);
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'change@example.com', password: 'NewPass2' } });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('account deletion', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });

  it('is refused without a session or with a wrong password, and deletes with the right one', async () => {
    const me = await createConfirmedUser(app, 'leaving@example.com', 'Leave123');
    await app.inject({ method: 'POST', url: '/api/contact-us', payload: { name: 'Leaving', email: 'leaving@example.com', message: 'Bye' } });

    expect((await app.inject({ method: 'DELETE', url: '/api/users', payload: { password: 'Leave123' } })).statusCode).toBe(401);
    const wrong = await app.inject({ method: 'DELETE', url: '/api/users', headers: { cookie: me.cookie }, payload: { password: 'Wrong123' } });
    expect(wrong.statusCode).toBe(401);
    const missing = await app.inject({ method: 'DELETE', url: '/api/users', headers: { cookie: me.cookie }, payload: {} });
    expect(missing.statusCode).toBe(400);

    const res = await app.inject({ method: 'DELETE', url: '/api/users', headers: { cookie: me.cookie }, payload: { password: 'Leave123' } });
    expect(res.statusCode).toBe(200);
    expect(await app.db.select().from(user).where(eq(user.id, me.id))).toHaveLength(0);
    expect(await app.db.select().from(session).where(eq(session.userId, me.id))).toHaveLength(0);
    expect(await app.db.select().from(account).where(eq(account.userId, me.id))).toHaveLength(0);
    expect(await app.db.select().from(contactMessages).where(eq(contactMessages.email, 'leaving@example.com'))).toHaveLength(0);
    expect(await app.db.select().from(contactMessages).where(eq(contactMessages.name, 'Deleted user'))).toHaveLength(1);

    const after = await app.inject({ method: 'GET', url: '/api/users', headers: { cookie: me.cookie } });
    expect(after.statusCode).toBe(401);
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'leaving@example.com', password: 'Leave123' } });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('account deletion without a password (social sign-in)', async () => {
  const client = { clientId: 'del-test', clientSecret: 'secret', redirectUris: ['http://localhost:3000/auth'] };
  const provider = await startOidcProvider({ clients: [client], accounts: [{ sub: 's-1', email: 'social@example.com', name: 'Social User' }] });
  afterAll(() => provider.close());
  const { app } = await buildTestApp(googleEnv(client, provider.discoveryUrl));

  it('is confirmed by an e-mailed code', async () => {
    const start = await startSocial(app);
    const stateCookie = start.cookie;
    const back = new URL(await authorizeAsUser(start.url, 's-1'));
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/social/callback',
      headers: { cookie: stateCookie },
      payload: { provider: 'google', code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    const cookie = sessionCookie(done);

    const noCode = await app.inject({ method: 'DELETE', url: '/api/users', headers: { cookie }, payload: { password: 'x' } });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fields.code.message).toBe('Invalid Confirmation Code');

    const sent = await app.inject({ method: 'POST', url: '/api/users/delete-code', headers: { cookie } });
    expect(sent.json()).toEqual({ message: 'Code sent to social@example.com' });
    const code = await latestCode(app, 'social@example.com');
    const wrong = await app.inject({ method: 'DELETE', url: '/api/users', headers: { cookie }, payload: { code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.statusCode).toBe(400);
    const res = await app.inject({ method: 'DELETE', url: '/api/users', headers: { cookie }, payload: { code } });
    expect(res.statusCode).toBe(200);
    expect(await app.db.select().from(user).where(eq(user.email, 'social@example.com'))).toHaveLength(0);
  });
});
