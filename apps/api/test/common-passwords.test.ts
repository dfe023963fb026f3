import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, user } from '@medallion/db/schema';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from '../src/modules/auth/common-passwords';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, latestCode } from './helpers/auth';

const COMMON = {
  key: 'passwordCommon',
  message: 'This password is one of the most common ones and easy to guess. Choose another.',
};

describe('the common-password list', () => {
  it('holds the 10,000 most common passwords and ignores case', async () => {
    expect(COMMON_PASSWORD_COUNT).toBe(10_000);
    for (const p of ['Password1', 'PASSWORD1', 'password1', 'Qwerty123', 'Abc123']) expect(await isCommonPassword(p), p).toBe(true);
    for (const p of ['Secret123x', 'Driver2024', 'Staff2024', 'Tz8kLw2Qp']) expect(await isCommonPassword(p), p).toBe(false);
  });

  it('answers fast once loaded (a Set)', async () => {
    await isCommonPassword('warm');
    const start = performance.now();
    for (let i = 0; i < 10_000; i++) await isCommonPassword(`Pass${i}word`);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('common passwords are refused', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });

  it('at sign-up, on the password field, and no account is made', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Common', email: 'common@example.com', password: 'Password1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', ...COMMON, fields: { password: COMMON } });
    expect(await app.db.select().from(user).where(eq(user.email, 'common@example.com'))).toHaveLength(0);
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'common@example.com'))).toHaveLength(0);

    // Any case of it, too; the spec's rule still comes first.
    const upper = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Common', email: 'common@example.com', password: 'PASSWORD1a' },
    });
    expect(upper.statusCode).toBe(200);
    const rule = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Common', email: 'rule@example.com', password: 'password' } });
    expect(rule.json().fields.password.key).toBe('passwordRule');
    const mixed = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Common', email: 'mixed@example.com', password: 'QwErTy123' },
    });
    expect(mixed.json().fields.password.key).toBe('passwordCommon');
  });

  it('at password reset, before the code is used (the same code then works with a better password)', async () => {
    await createConfirmedUser(app, 'reset-common@example.com', 'Original9x');
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'reset-common@example.com' } });
    const code = await latestCode(app, 'reset-common@example.com');
    const url = '/api/auth/confirm-forgot-password';
    const common = await app.inject({ method: 'POST', url, payload: { email: 'reset-common@example.com', code, password: 'Password1' } });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ code: 'VALIDATION_ERROR', ...COMMON, fields: { password: COMMON } });
    const signInOld = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'reset-common@example.com', password: 'Original9x' } });
    expect(signInOld.statusCode).toBe(200);

    const ok = await app.inject({ method: 'POST', url, payload: { email: 'reset-common@example.com', code, password: 'Unusual7Kz' } });
    expect(ok.statusCode).toBe(200);
  });

  it('at password change, which also needs the current password', async () => {
    const me = await createConfirmedUser(app, 'change-common@example.com', 'Original9x');
    const url = '/api/auth/change-password';
    const headers = { cookie: me.cookie };

    const common = await app.inject({ method: 'POST', url, headers, payload: { currentPassword: 'Original9x', newPassword: 'Password1' } });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ code: 'VALIDATION_ERROR', ...COMMON, fields: { newPassword: COMMON } });

    const noCurrent = await app.inject({ method: 'POST', url, headers, payload: { newPassword: 'Unusual7Kz' } });
    expect(noCurrent.statusCode).toBe(400);
    expect(noCurrent.json().fields.currentPassword.key).toBe('passwordRequired');
    const wrongCurrent = await app.inject({ method: 'POST', url, headers, payload: { currentPassword: 'Wrong9xyz', newPassword: 'Unusual7Kz' } });
    expect(wrongCurrent.statusCode).toBe(401);
    expect(wrongCurrent.json().key).toBe('auth.currentPasswordWrong');

    // Nothing changed so far: the old password still signs in, the refused ones do not.
    for (const [password, status] of [
      ['Original9x', 200],
      ['Password1', 401],
      ['Unusual7Kz', 401],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'change-common@example.com', password } });
      expect(res.statusCode, password).toBe(status);
    }

    const ok = await app.inject({ method: 'POST', url, headers, payload: { currentPassword: 'Original9x', newPassword: 'Unusual7Kz' } });
    expect(ok.statusCode).toBe(200);
  });
});
