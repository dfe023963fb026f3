import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '@medallion/db/schema';
import { RECOVERY_CODE_COUNT } from '@medallion/contracts/auth';
import { createConfirmedUser, latestCode, signedInStaff } from './helpers/auth';
import { codeAt, Jar, totpStep } from './helpers/two-factor';
import { buildAppWithSessionsIn } from './helpers/session-storage';
import { redisReachable } from './helpers/shared-infra';

/*
 * Two-step sign-in with an authenticator app (issue #21): setup and confirm, the second step of
 * sign-in, replay refusal (also two parallel requests with one code), recovery codes used once, the
 * wrong-code limits, "trust this browser", turning it off, and the staff rule (403 TWO_FACTOR_REQUIRED).
 * Codes are computed from the key as an authenticator app computes them, each for an explicit 30-second
 * step: a code of the current step or the next one stays valid for at least 30 seconds (the server
 * accepts one step either side), so a test near a step boundary still holds.
 */

const step = totpStep;

const redisUp = await redisReachable();

for (const storage of ['database', 'redis'] as const) {
  describe.skipIf(storage === 'redis' && !redisUp)(`two-step sign-in (sessions in ${storage})`, async () => {
    const { app } = await buildAppWithSessionsIn(storage, 'two-factor');

    let n = 0;
    const password = 'Secret123';

    function post(url: string, payload: unknown, jar?: Jar) {
      return app.inject({ method: 'POST', url, payload: payload as object, headers: jar ? { cookie: jar.header } : {} });
    }

    async function sessionOf(jar: Jar) {
      const res = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: jar.header } });
      return res.json() as { user: { twoFactorEnabled: boolean; twoFactorSetupRequired: boolean } | null };
    }

    /** A confirmed account with two-step sign-in on (confirmed with the current step's code). */
    async function accountWithTwoFactor() {
      const email = `2fa-${storage}-${++n}@example.com`;
      const created = await createConfirmedUser(app, email, password);
      const jar = new Jar();
      jar.take(await post('/api/auth/sign-in', { email, password }));
      const setup = await post('/api/account/two-factor/setup', { password }, jar);
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret, recoveryCodes } = setup.json() as { secret: string; recoveryCodes: string[] };
      const confirmStep = step();
      const confirm = await post('/api/account/two-factor/confirm', { code: await codeAt(secret, confirmStep) }, jar);
      expect(confirm.statusCode, confirm.body).toBe(200);
      jar.take(confirm);
      return { email, id: created.id, secret, recoveryCodes, jar, confirmStep };
    }

    /** Password step: answers the jar holding the challenge cookie. */
    async function passwordStep(email: string, jar = new Jar()) {
      const res = await post('/api/auth/sign-in', { email, password }, jar);
      expect(res.statusCode, res.body).toBe(200);
      return { res, jar: jar.take(res) };
    }

    it('is set up with the password, shown as a key and 10 recovery codes, and on only after one correct code', async () => {
      const email = `2fa-${storage}-${++n}@example.com`;
      await createConfirmedUser(app, email, password);
      const jar = new Jar().take(await post('/api/auth/sign-in', { email, password }));

      const wrongPassword = await post('/api/account/two-factor/setup', { password: 'Wrong123' }, jar);
      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongPassword.json()).toMatchObject({ key: 'auth.passwordWrong' });
      expect((await post('/api/account/two-factor/confirm', { code: '123456' }, jar)).json()).toMatchObject({ key: 'twoFactor.notStarted' });
      expect((await post('/api/account/two-factor/setup', { password })).statusCode).toBe(401);

      const setup = await post('/api/account/two-factor/setup', { password }, jar);
      expect(setup.statusCode, setup.body).toBe(200);
      const body = setup.json() as { totpUri: string; secret: string; recoveryCodes: string[] };
      expect(body.totpUri).toMatch(/^otpauth:\/\/totp\/Medallion:/);
      expect(body.totpUri).toContain(`secret=${body.secret}`);
      expect(body.secret).toMatch(/^[A-Z2-7]{32,}$/);
      expect(body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);

      // Not on yet: sign-in still needs only the password.
      expect((await sessionOf(jar)).user?.twoFactorEnabled).toBe(false);
      const other = await post('/api/auth/sign-in', { email, password });
      expect(other.json()).toMatchObject({ user: { email } });

      const bad = await post('/api/account/two-factor/confirm', { code: 'abc' }, jar);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { code: { key: 'twoFactorCodeFormat' } } });
      const good = await codeAt(body.secret, step());
      const wrong = await post('/api/account/two-factor/confirm', { code: good === '000000' ? '111111' : '000000' }, jar);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', key: 'twoFactor.codeWrong' });

      const confirm = await post('/api/account/two-factor/confirm', { code: good }, jar);
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect(confirm.json()).toMatchObject({ user: { twoFactorEnabled: true, twoFactorSetupRequired: false }, message: 'Two-step sign-in is on.' });
      jar.take(confirm);
      // The session (a new one, with the new cookie) sees it at once, also when sessions are cached in Redis.
      expect((await sessionOf(jar)).user?.twoFactorEnabled).toBe(true);
      expect((await post('/api/account/two-factor/setup', { password }, jar)).json()).toMatchObject({ key: 'twoFactor.alreadyOn' });
    });

    it('asks for the code after the password, and refuses the same code a second time', async () => {
      const { email, secret, confirmStep } = await accountWithTwoFactor();

      const { res, jar } = await passwordStep(email);
      expect(res.json()).toEqual({ user: null, token: null, twoFactorRequired: true });
      expect(jar.has('session_token')).toBe(false);
      expect(jar.has('two_factor')).toBe(true);
      expect((await sessionOf(jar)).user).toBeNull();

      // The code used to turn it on is used already.
      const confirmCode = await codeAt(secret, confirmStep);
      const reused = await post('/api/auth/two-factor/verify', { code: confirmCode, trustBrowser: false }, jar);
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toMatchObject({ key: 'twoFactor.codeUsed' });
      expect(reused.cookies.some((c) => c.name.includes('session_token') && c.value)).toBe(false);

      const code = await codeAt(secret, confirmStep + 1);
      const again = await passwordStep(email);
      const verified = await post('/api/auth/two-factor/verify', { code, trustBrowser: false }, again.jar);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toMatchObject({ user: { email, twoFactorEnabled: true } });
      again.jar.take(verified);
      expect((await sessionOf(again.jar)).user?.twoFactorEnabled).toBe(true);

      // A replay of that code (another challenge, another browser) is refused and signs nobody in.
      const third = await passwordStep(email);
      const replay = await post('/api/auth/two-factor/verify', { code, trustBrowser: false }, third.jar);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ code: 'UNAUTHORIZED', key: 'twoFactor.codeUsed' });
      expect(third.jar.take(replay).has('session_token')).toBe(false);

      // Without a challenge (no password step) there is nothing to verify.
      const noChallenge = await post('/api/auth/two-factor/verify', { code, trustBrowser: false });
      expect(noChallenge.statusCode).toBe(400);
      expect(noChallenge.json()).toMatchObject({ key: 'twoFactor.challengeExpired' });
      const malformed = await post('/api/auth/two-factor/verify', { code: '12345x', trustBrowser: false }, third.jar);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    });

    it('accepts exactly one of two parallel requests with the same code', async () => {
      const { email, secret, confirmStep } = await accountWithTwoFactor();
      const a = await passwordStep(email);
      const b = await passwordStep(email);
      const code = await codeAt(secret, confirmStep + 1);
      const answers = await Promise.all([
        post('/api/auth/two-factor/verify', { code, trustBrowser: false }, a.jar),
        post('/api/auth/two-factor/verify', { code, trustBrowser: false }, b.jar),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      // The loser's session was ended: only one browser is signed in.
      const signedIn = await Promise.all(answers.map(async (r, i) => (await sessionOf((i === 0 ? a.jar : b.jar).take(r))).user !== null));
      expect(signedIn.filter(Boolean)).toHaveLength(1);
    });

    it('accepts each recovery code once, and only once', async () => {
      const { email, recoveryCodes, jar } = await accountWithTwoFactor();
      const [first, second] = recoveryCodes as [string, string];

      const one = await passwordStep(email);
      const ok = await post('/api/auth/two-factor/recovery', { code: first, trustBrowser: false }, one.jar);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ user: { email } });

      const two = await passwordStep(email);
      const again = await post('/api/auth/two-factor/recovery', { code: first, trustBrowser: false }, two.jar);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ key: 'twoFactor.recoveryCodeWrong' });
      // Typed without the hyphen, another code still works in the same challenge.
      const other = await post('/api/auth/two-factor/recovery', { code: second.replace('-', ''), trustBrowser: false }, two.jar);
      expect(other.statusCode, other.body).toBe(200);

      // Two parallel uses of one code: one wins.
      const third = recoveryCodes[2]!;
      const a = await passwordStep(email);
      const b = await passwordStep(email);
      const both = await Promise.all([
        post('/api/auth/two-factor/recovery', { code: third, trustBrowser: false }, a.jar),
        post('/api/auth/two-factor/recovery', { code: third, trustBrowser: false }, b.jar),
      ]);
      expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);

      // A recovery code also turns two-step sign-in off (here typed without its hyphen).
      const off = await post('/api/account/two-factor/disable', { password, code: recoveryCodes[3]!.replace('-', '') }, jar);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ user: { twoFactorEnabled: false } });
    });

    it('refuses a sixth wrong code in a row, and locks the second step after ten', async () => {
      const { email, secret, confirmStep } = await accountWithTwoFactor();
      const right = await codeAt(secret, confirmStep + 1);
      const wrongCode = right === '000000' ? '111111' : '000000';

      const { jar } = await passwordStep(email);
      for (let i = 0; i < 5; i++) {
        const res = await post('/api/auth/two-factor/verify', { code: wrongCode, trustBrowser: false }, jar);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'INVALID_CODE', key: 'twoFactor.codeWrong' });
      }
      // The sixth, even the right code, is refused: this sign-in is over.
      const sixth = await post('/api/auth/two-factor/verify', { code: right, trustBrowser: false }, jar);
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json()).toMatchObject({ key: 'twoFactor.challengeExpired' });
      expect(jar.take(sixth).has('session_token')).toBe(false);

      // Five more wrong codes after a new password step: ten in a row lock the account's second step.
      const next = await passwordStep(email);
      for (let i = 0; i < 5; i++) await post('/api/auth/two-factor/verify', { code: wrongCode, trustBrowser: false }, next.jar);
      const locked = await passwordStep(email);
      const refused = await post('/api/auth/two-factor/verify', { code: right, trustBrowser: false }, locked.jar);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', key: 'twoFactor.locked' });
    });

    it('skips the code in a browser trusted for 30 days', async () => {
      const { email, secret, confirmStep } = await accountWithTwoFactor();
      const { jar } = await passwordStep(email);
      const verified = await post('/api/auth/two-factor/verify', { code: await codeAt(secret, confirmStep + 1), trustBrowser: true }, jar);
      expect(verified.statusCode, verified.body).toBe(200);
      const trust = verified.cookies.find((c) => c.name.includes('trust_device'));
      expect(trust?.maxAge).toBe(30 * 24 * 60 * 60);
      jar.take(verified);

      // Signed out, then in again in this browser: the password is enough.
      await post('/api/auth/sign-out', {}, jar).then((r) => jar.take(r));
      const again = await post('/api/auth/sign-in', { email, password }, jar.without('session'));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ user: { email } });
      // Another browser still needs the code.
      expect((await post('/api/auth/sign-in', { email, password })).json()).toMatchObject({ twoFactorRequired: true });
    });

    it('is turned off only with the password and a current code', async () => {
      const { email, secret, jar, confirmStep, recoveryCodes } = await accountWithTwoFactor();
      const code = await codeAt(secret, confirmStep + 1);

      const noPassword = await post('/api/account/two-factor/disable', { password: 'Wrong123', code }, jar);
      expect(noPassword.statusCode).toBe(401);
      expect(noPassword.json()).toMatchObject({ key: 'auth.passwordWrong' });
      const wrong = await post('/api/account/two-factor/disable', { password, code: code === '000000' ? '111111' : '000000' }, jar);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ key: 'twoFactor.codeWrong' });
      const used = await post('/api/account/two-factor/disable', { password, code: await codeAt(secret, confirmStep) }, jar);
      expect(used.json()).toMatchObject({ key: 'twoFactor.codeUsedSignedIn' });
      const badRecovery = await post('/api/account/two-factor/disable', { password, code: 'zzzzz-zzzzz' }, jar);
      expect(badRecovery.json()).toMatchObject({ key: 'twoFactor.recoveryCodeWrong' });
      expect((await sessionOf(jar)).user?.twoFactorEnabled).toBe(true);

      // New recovery codes: the old ones stop working.
      const renewed = await post('/api/account/two-factor/recovery-codes', { password }, jar);
      expect(renewed.statusCode, renewed.body).toBe(200);
      const fresh = (renewed.json() as { recoveryCodes: string[] }).recoveryCodes;
      expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
      expect(fresh).not.toContain(recoveryCodes[0]);

      const off = await post('/api/account/two-factor/disable', { password, code }, jar);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ user: { twoFactorEnabled: false } });
      jar.take(off);
      expect((await sessionOf(jar)).user?.twoFactorEnabled).toBe(false);
      expect((await post('/api/auth/sign-in', { email, password })).json()).toMatchObject({ user: { email } });
      expect((await post('/api/account/two-factor/disable', { password, code }, jar)).json()).toMatchObject({ key: 'twoFactor.notOn' });
    });

    it('e-mails the owner when it is turned on, gets new recovery codes, and is turned off', async () => {
      const { email, secret, jar, confirmStep } = await accountWithTwoFactor();
      const subjects = async () =>
        (await app.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.subject);
      expect(await subjects()).toContainEqual(expect.stringContaining('Two-step sign-in is on for your Medallion account'));
      expect(await subjects()).not.toContainEqual(expect.stringContaining('Two-step sign-in is off'));

      expect((await post('/api/account/two-factor/recovery-codes', { password }, jar)).statusCode).toBe(200);
      expect(await subjects()).toContainEqual(expect.stringContaining('New recovery codes for your Medallion account'));

      const off = await post('/api/account/two-factor/disable', { password, code: await codeAt(secret, confirmStep + 1) }, jar);
      expect(off.statusCode, off.body).toBe(200);
      expect(await subjects()).toContainEqual(expect.stringContaining('Two-step sign-in is off for your Medallion account'));
    });

    it('keeps staff without two-step sign-in out of staff calls (403 TWO_FACTOR_REQUIRED) until it is on', async () => {
      const email = `staff-2fa-${storage}@example.com`;
      const staffPassword = 'Staff2024';
      const staff = await signedInStaff(app, email, 'Staff', { twoFactorExempt: false });
      const jar = new Jar().take(await post('/api/auth/sign-in', { email, password: staffPassword }));
      expect((await sessionOf(jar)).user).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true });

      const overview = () => app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: jar.header } });
      const refused = await overview();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', key: 'twoFactor.required' });
      // Also by bearer token.
      const byToken = await app.inject({ method: 'GET', url: '/api/admin/overview', headers: { authorization: `Bearer ${staff.token}` } });
      expect(byToken.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });

      // Issue #33: a staff account's enrollment also needs a code sent to its mailbox, so a thief with its
      // session and password cannot enroll an authenticator of their own. Before: 200 and a key.
      const noCode = await post('/api/account/two-factor/setup', { password: staffPassword }, jar);
      expect(noCode.statusCode).toBe(400);
      expect(noCode.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { emailCode: { key: 'twoFactor.emailCodeNeeded' } } });
      const guessed = await post('/api/account/two-factor/setup', { password: staffPassword, emailCode: '000000' }, jar);
      expect(guessed.statusCode).toBe(400);
      expect(guessed.json()).toMatchObject({ code: 'INVALID_CODE', key: 'twoFactor.emailCodeWrong' });
      expect((await post('/api/account/two-factor/email-code', {}, jar)).statusCode).toBe(200);
      const emailCode = await latestCode(app, email);
      const wrongPassword = await post('/api/account/two-factor/setup', { password: 'Wrong2024', emailCode }, jar);
      expect(wrongPassword.statusCode).toBe(401);
      const setup = await post('/api/account/two-factor/setup', { password: staffPassword, emailCode }, jar);
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret } = setup.json() as { secret: string };
      // The code works once.
      expect((await post('/api/account/two-factor/setup', { password: staffPassword, emailCode }, jar)).statusCode).toBe(400);
      // A user who is not staff gets no such code.
      const driverAccount = await createConfirmedUser(app, `driver-code-${storage}@example.com`);
      const notStaff = await app.inject({ method: 'POST', url: '/api/account/two-factor/email-code', headers: { cookie: driverAccount.cookie } });
      expect(notStaff.statusCode).toBe(400);
      // Started but not confirmed: still refused.
      expect((await overview()).statusCode).toBe(403);
      const confirm = await post('/api/account/two-factor/confirm', { code: await codeAt(secret, step()) }, jar);
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect(confirm.json()).toMatchObject({ user: { role: 'staff', twoFactorEnabled: true, twoFactorSetupRequired: false } });
      jar.take(confirm);
      expect((await overview()).statusCode).toBe(200);

      // An exempt staff account (as the demo one) and ordinary users are not affected.
      const exempt = await signedInStaff(app, `staff-exempt-${storage}@example.com`);
      const exemptOverview = await app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: exempt.cookie } });
      expect(exemptOverview.statusCode).toBe(200);
      const driver = await createConfirmedUser(app, `driver-2fa-${storage}@example.com`);
      const forbidden = await app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: driver.cookie } });
      expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    });
  });
}
