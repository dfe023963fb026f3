import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, user, verification } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, latestCode, sessionCookie } from './helpers/auth';

describe('sign up, confirm, sign in, sign out', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });

  it('signs up, e-mails a 6-digit code, confirms, and signs in', async () => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Nodira Yusupova', email: 'Nodira@Example.com', password: 'Taxi2024' },
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toEqual({ message: 'Code sent to nodira@example.com' });

    const [row] = await app.db.select().from(user).where(eq(user.email, 'nodira@example.com'));
    expect(row).toMatchObject({ name: 'Nodira Yusupova', emailVerified: false, status: 'UNCONFIRMED', role: 'user' });
    const [credential] = await app.db.select().from(account).where(eq(account.userId, row!.id));
    expect(credential?.password).toBeTruthy();
    expect(credential?.password).not.toContain('Taxi2024');

    const code = await latestCode(app, 'nodira@example.com');
    expect(code).toMatch(/^\d{6}$/);

    // Signing in before confirming sends a new code and says so.
    const early = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'nodira@example.com', password: 'Taxi2024' } });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      key: 'auth.codeSent',
      params: { email: 'nodira@example.com' },
      message: 'Code sent to nodira@example.com',
    });
    const resent = await latestCode(app, 'nodira@example.com');

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/confirm-sign-up',
      payload: { email: 'nodira@example.com', code: resent === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_CODE');

    const confirm = await app.inject({ method: 'POST', url: '/api/auth/confirm-sign-up', payload: { email: 'nodira@example.com', code: resent } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().user).toMatchObject({ email: 'nodira@example.com', status: 'CONFIRMED', role: 'user' });
    const cookie = confirm.cookies.find((c) => c.name.includes('session_token'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // The code is single-use.
    const again = await app.inject({ method: 'POST', url: '/api/auth/confirm-sign-up', payload: { email: 'nodira@example.com', code: resent } });
    expect(again.statusCode).toBe(400);

    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: sessionCookie(confirm) } });
    expect(session.json().user).toMatchObject({ email: 'nodira@example.com', name: 'Nodira Yusupova' });

    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'nodira@example.com', password: 'Taxi2024' } });
    expect(signIn.statusCode).toBe(200);
    const signedIn = sessionCookie(signIn);

    const out = await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: signedIn } });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: signedIn } });
    expect(after.json()).toEqual({ user: null, token: null });
  });

  it('refuses a taken e-mail with the spec message', async () => {
    await createConfirmedUser(app, 'taken@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Other', email: 'TAKEN@example.com', password: 'Taxi2024' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'EMAIL_TAKEN', key: 'auth.emailTaken', message: 'Email address already taken!' });
  });

  it.each([
    [{ name: 'A', email: 'a@example.com', password: 'Taxi2024' }, 'name', 'Name must be at least 2 characters.'],
    [{ name: 'Ann', email: 'ann@example', password: 'Taxi2024' }, 'email', 'Invalid Email'],
    [{ name: 'Ann', email: 'ann+x@example.com', password: 'Taxi2024' }, 'email', 'Invalid Email'],
    [{ name: 'Ann', email: 'ann@example.com', password: 'taxi2024' }, 'password', 'Password should contain numbers, upper and lower characters.'],
    [{ name: 'Ann', email: 'ann@example.com', password: 'Tax1!' }, 'password', 'Password should contain numbers, upper and lower characters.'],
    [{ name: 'Ann', email: 'ann@example.com', password: 'Taxi 2024' }, 'password', 'Password should contain numbers, upper and lower characters.'],
  ])('validates sign-up %#', async (payload, field, message) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field].message).toBe(message);
  });

  it('validates the confirmation code format', async () => {
    for (const code of ['12a456', '1234567', '']) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/confirm-sign-up', payload: { email: 'x@example.com', code } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.code.message).toBe('Invalid Confirmation Code');
    }
  });

  it('answers a wrong password with 401 and a missing one with the spec message', async () => {
    await createConfirmedUser(app, 'pw@example.com');
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'pw@example.com', password: 'Wrong1234' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', key: 'auth.invalidCredentials', message: 'Incorrect e-mail or password.' });
    const missing = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'pw@example.com' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.password.message).toBe('PASSWORD parameter is required');
  });

  it('tells GET /auth/session the token only when the request itself came with it as a bearer token', async () => {
    const { cookie, token } = await createConfirmedUser(app, 'no-token@example.com');
    expect(token).toEqual(expect.any(String));
    const byCookie = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(byCookie.json()).toMatchObject({ user: { email: 'no-token@example.com' }, token: null });
    const byBearer = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { authorization: `Bearer ${token}` } });
    expect(byBearer.json()).toMatchObject({ user: { email: 'no-token@example.com' }, token });
    const other = await createConfirmedUser(app, 'other-token@example.com');
    const both = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie, authorization: `Bearer ${other.token}` } });
    expect(both.json().token === null || both.json().token === other.token).toBe(true);
  });

  it('accepts the session as a bearer token', async () => {
    const { token } = await createConfirmedUser(app, 'bearer@example.com');
    const res = await app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('bearer@example.com');
  });
});

describe('forgot password', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  /** POST /api/auth/confirm-forgot-password: the e-mailed code and the new password. */
  const confirmForgot = (email: string, code: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/confirm-forgot-password', payload: { email, code, password } });

  it('says an unknown e-mail does not exist', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.com' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'USER_NOT_FOUND', key: 'auth.userNotFound', message: 'Email address does not exist!' });
  });

  it('resets the password with the e-mailed code and signs in', async () => {
    await createConfirmedUser(app, 'forgot@example.com', 'OldPass1');
    const req = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'forgot@example.com' } });
    expect(req.statusCode).toBe(200);
    const code = await latestCode(app, 'forgot@example.com');
    const bad = await confirmForgot('forgot@example.com', code, 'weak');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.password.message).toBe('Password should contain numbers, upper and lower characters.');

    const res = await confirmForgot('forgot@example.com', code, 'NewPass2');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('forgot@example.com');
    expect(sessionCookie(res)).toBeTruthy();

    const old = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'forgot@example.com', password: 'OldPass1' } });
    expect(old.statusCode).toBe(401);
    const fresh = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'forgot@example.com', password: 'NewPass2' } });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a code older than 10 minutes', async () => {
    await createConfirmedUser(app, 'late@example.com');
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'late@example.com' } });
    const code = await latestCode(app, 'late@example.com');
    await app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, '%late@example.com%'));
    const res = await confirmForgot('late@example.com', code, 'NewPass2');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_EXPIRED');
  });

  it('issues codes that expire 10 minutes after they are sent', async () => {
    await createConfirmedUser(app, 'ttl@example.com');
    const before = Date.now();
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ttl@example.com' } });
    const [row] = await app.db.select().from(verification).where(like(verification.identifier, '%ttl@example.com%'));
    const ttl = row!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(9.9 * 60_000);
    expect(ttl).toBeLessThan(10.1 * 60_000);
  });

  it('kills a code after 5 wrong tries', async () => {
    await createConfirmedUser(app, 'guess@example.com');
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'guess@example.com' } });
    const code = await latestCode(app, 'guess@example.com');
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      const res = await confirmForgot('guess@example.com', wrongCode, 'NewPass2');
      expect(res.statusCode).toBe(400);
    }
    const right = await confirmForgot('guess@example.com', code, 'NewPass2');
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('CODE_EXPIRED');
  });
});

describe('lockout and rate limits', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });

  it('locks sign-in for 15 minutes after 10 wrong passwords, even with the right one', async () => {
    await createConfirmedUser(app, 'lock@example.com', 'Right1234');
    for (let i = 0; i < 9; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'lock@example.com', password: 'Wrong1234' } });
      expect(res.statusCode).toBe(401);
    }
    const tenth = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'lock@example.com', password: 'Wrong1234' } });
    expect(tenth.statusCode).toBe(423);
    const right = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'lock@example.com', password: 'Right1234' } });
    expect(right.statusCode).toBe(423);
    expect(right.json()).toEqual({
      code: 'ACCOUNT_LOCKED',
      key: 'auth.accountLocked',
      message: 'Too many wrong passwords. Sign-in is locked for 15 minutes. Try again later or reset your password.',
    });
  });
});

describe('per-account limit on e-mailed codes', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });

  it('sends at most 5 codes to one address in 15 minutes', async () => {
    await createConfirmedUser(app, 'flood@example.com'); // 1 code (sign-up)
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'flood@example.com' } });
      expect(res.statusCode).toBe(200);
    }
    const limited = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'flood@example.com' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many codes were sent to this address. Please wait 15 minutes and try again.');
    const resend = await app.inject({ method: 'POST', url: '/api/auth/resend-code', payload: { email: 'flood@example.com' } });
    expect(resend.statusCode).toBe(429);
  });
});

describe('per-IP rate limit on auth calls', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3' });

  it('answers 429 after the limit', async () => {
    const call = () => app.inject({ method: 'POST', url: '/api/users/email-check', payload: { email: 'x@example.com' } });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});
