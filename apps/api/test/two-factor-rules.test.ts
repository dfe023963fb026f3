import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { verification } from '@medallion/db/schema';
import { createConfirmedUser, latestCode, signedInStaff } from './helpers/auth';
import { buildAppWithSessionsIn } from './helpers/session-storage';
import { insertListing } from './helpers/listings';
import { redisReachable } from './helpers/shared-infra';
import { codeAt, Jar, totpStep } from './helpers/two-factor';

/*
 * Two-step sign-in (issue #21), the rules around it: every staff-only power obeys the staff rule (a
 * staff account without two-factor gets nothing a normal user would not), turning two-factor off or
 * resetting the password forgets every browser the account trusted for 30 days, and a trusted browser's
 * trust ends with its session (signed out from the Security tab, by "Sign out of all other browsers" or
 * by a password change).
 */

const REMOTE = '203.0.113.9';
const redisUp = await redisReachable();

for (const storage of ['database', 'redis'] as const) {
  describe.skipIf(storage === 'redis' && !redisUp)(`two-step sign-in rules (sessions in ${storage})`, async () => {
    const { app } = await buildAppWithSessionsIn(storage, 'two-factor-rules');

    let n = 0;
    const password = 'Secret123';
    const post = (url: string, payload: unknown, jar?: Jar) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers: jar ? { cookie: jar.header } : {} });

    /** Turns two-step sign-in on for the account signed in in `jar` (confirmed with the current step's code). */
    async function turnOn(jar: Jar) {
      const setup = await post('/api/account/two-factor/setup', { password }, jar);
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret, recoveryCodes } = setup.json() as { secret: string; recoveryCodes: string[] };
      const step = totpStep();
      const confirm = await post('/api/account/two-factor/confirm', { code: await codeAt(secret, step) }, jar);
      expect(confirm.statusCode, confirm.body).toBe(200);
      jar.take(confirm);
      return { secret, recoveryCodes, step };
    }

    async function accountWithTwoFactor() {
      const email = `2fa-rules-${storage}-${++n}@example.com`;
      const { id } = await createConfirmedUser(app, email, password);
      const jar = new Jar().take(await post('/api/auth/sign-in', { email, password }));
      return { email, id, jar, ...(await turnOn(jar)) };
    }

    /** A new browser that signs in with the password and a code, ticking "Trust this browser". */
    async function trustedBrowser(email: string, code: string, kind: 'verify' | 'recovery' = 'verify') {
      const jar = new Jar();
      const first = await post('/api/auth/sign-in', { email, password }, jar);
      expect(first.json()).toMatchObject({ twoFactorRequired: true });
      jar.take(first);
      const verified = await post(`/api/auth/two-factor/${kind}`, { code, trustBrowser: true }, jar);
      expect(verified.statusCode, verified.body).toBe(200);
      jar.take(verified);
      expect(jar.has('trust_device')).toBe(true);
      return jar;
    }

    const trustRows = async (userId: string) =>
      (
        await app.db
          .select({ id: verification.id })
          .from(verification)
          .where(and(like(verification.identifier, 'trust-device-%'), eq(verification.value, userId)))
      ).length;

    it('turning two-step sign-in off forgets every trusted browser, so on again it asks everywhere', async () => {
      const { email, id, jar, secret, recoveryCodes, step } = await accountWithTwoFactor();
      const browserB = await trustedBrowser(email, await codeAt(secret, step + 1));
      const browserC = await trustedBrowser(email, recoveryCodes[0]!, 'recovery');
      expect(await trustRows(id)).toBe(2);

      // Browser B is trusted: the password alone signs in.
      browserB.take(await post('/api/auth/sign-out', {}, browserB));
      const trusted = await post('/api/auth/sign-in', { email, password }, browserB.without('session'));
      expect(trusted.json()).toMatchObject({ user: { email } });

      // Off in the first browser (which trusted nothing), then on again. A recovery code, not the app's:
      // both app codes of this step are used, and the one before it would end with the step, which a
      // busy run can cross between making the code and the server checking it.
      const off = await post('/api/account/two-factor/disable', { password, code: recoveryCodes[1]! }, jar);
      expect(off.statusCode, off.body).toBe(200);
      jar.take(off);
      expect(await trustRows(id)).toBe(0);
      await turnOn(jar);

      // Every browser that was trusted is asked for the code again.
      for (const browser of [browserB, browserC]) {
        const res = await post('/api/auth/sign-in', { email, password }, browser.without('session'));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ user: null, twoFactorRequired: true });
      }
    });

    it('a password reset forgets every trusted browser', async () => {
      const { email, id, secret, step } = await accountWithTwoFactor();
      const browser = await trustedBrowser(email, await codeAt(secret, step + 1));
      expect(await trustRows(id)).toBe(1);

      expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
      const code = await latestCode(app, email);
      const reset = await post('/api/auth/confirm-forgot-password', { email, code, password: 'Another456' }, browser.without('session'));
      expect(reset.statusCode, reset.body).toBe(200);
      // Even the browser the reset came from needs the code now.
      expect(reset.json()).toMatchObject({ user: null, twoFactorRequired: true });
      expect(await trustRows(id)).toBe(0);
      const again = await post('/api/auth/sign-in', { email, password: 'Another456' }, browser.without('session'));
      expect(again.json()).toMatchObject({ twoFactorRequired: true });
    });

    /** The id of the session a browser is signed in with (its own "this browser" in the Security tab). */
    async function ownSessionId(browser: Jar): Promise<string> {
      const res = await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: browser.header } });
      expect(res.statusCode, res.body).toBe(200);
      const current = (res.json() as { data: { sessions: { id: string; current: boolean }[] } }).data.sessions.find((s) => s.current);
      if (!current) throw new Error('no current session');
      return current.id;
    }

    /** The browser signs itself out, then in with the password: 'code' when it is asked for the code, 'trusted' when signed in at once. */
    async function signInAgain(browser: Jar, email: string, pass = password): Promise<'code' | 'trusted'> {
      if (browser.has('session_token')) browser.take(await post('/api/auth/sign-out', {}, browser));
      const res = await post('/api/auth/sign-in', { email, password: pass }, browser.without('session'));
      expect(res.statusCode, res.body).toBe(200);
      browser.take(res);
      const body = res.json() as { user: unknown; twoFactorRequired?: boolean };
      return body.twoFactorRequired ? 'code' : body.user ? 'trusted' : ('neither' as never);
    }

    it('signing a trusted browser out from another browser forgets its trust; the other trusted browsers keep theirs', async () => {
      const { email, id, jar, recoveryCodes } = await accountWithTwoFactor();
      const browserB = await trustedBrowser(email, recoveryCodes[0]!, 'recovery');
      const browserC = await trustedBrowser(email, recoveryCodes[1]!, 'recovery');
      expect(await trustRows(id)).toBe(2);

      // Browser B is signed out from the first browser's Security tab: its next password sign-in asks for the code.
      const out = await app.inject({ method: 'DELETE', url: `/api/account/sessions/${await ownSessionId(browserB)}`, headers: { cookie: jar.header } });
      expect(out.statusCode, out.body).toBe(200);
      expect(await trustRows(id)).toBe(1);
      expect(await signInAgain(browserB.without('session'), email)).toBe('code');

      // Browser C is still trusted; its sign-in renews the trust, and that renewed trust ends with the new session too.
      expect(await signInAgain(browserC, email)).toBe('trusted');
      const renewedSession = await ownSessionId(browserC);
      const again = await app.inject({ method: 'DELETE', url: `/api/account/sessions/${renewedSession}`, headers: { cookie: jar.header } });
      expect(again.statusCode, again.body).toBe(200);
      expect(await trustRows(id)).toBe(0);
      expect(await signInAgain(browserC.without('session'), email)).toBe('code');
    });

    it('signing this browser out in its own Security tab forgets its trust too', async () => {
      const { email, recoveryCodes } = await accountWithTwoFactor();
      const browser = await trustedBrowser(email, recoveryCodes[0]!, 'recovery');
      const out = await app.inject({ method: 'DELETE', url: `/api/account/sessions/${await ownSessionId(browser)}`, headers: { cookie: browser.header } });
      expect(out.statusCode, out.body).toBe(200);
      expect(await signInAgain(browser.take(out).without('session'), email)).toBe('code');
    });

    it('"Sign out of all other browsers" and a password change forget every other trusted browser; this one keeps its trust', async () => {
      const { email, id, recoveryCodes } = await accountWithTwoFactor();
      const mine = await trustedBrowser(email, recoveryCodes[0]!, 'recovery');
      const other = await trustedBrowser(email, recoveryCodes[1]!, 'recovery');
      // Trusted, but no longer signed in: forgotten as well.
      const signedOut = await trustedBrowser(email, recoveryCodes[2]!, 'recovery');
      signedOut.take(await post('/api/auth/sign-out', {}, signedOut));
      expect(await trustRows(id)).toBe(3);

      const revoke = await post('/api/account/sessions/revoke-others', {}, mine);
      expect(revoke.statusCode, revoke.body).toBe(200);
      expect(await trustRows(id)).toBe(1);
      expect(await signInAgain(other.without('session'), email)).toBe('code');
      expect(await signInAgain(signedOut, email)).toBe('code');
      expect(await signInAgain(mine, email)).toBe('trusted');

      // A password change ends the other sessions, and with them the other browsers' trust.
      const another = await trustedBrowser(email, recoveryCodes[3]!, 'recovery');
      expect(await trustRows(id)).toBe(2);
      const change = await post('/api/auth/change-password', { currentPassword: password, newPassword: 'Changed789' }, mine);
      expect(change.statusCode, change.body).toBe(200);
      mine.take(change);
      expect(await trustRows(id)).toBe(1);
      expect(await signInAgain(another.without('session'), email, 'Changed789')).toBe('code');
      expect(await signInAgain(mine, email, 'Changed789')).toBe('trusted');
    });

    it('gives staff without two-factor nothing a normal user would not get', async () => {
      const owner = await createConfirmedUser(app, `owner-rules-${storage}@example.com`, password);
      const draft = await insertListing(app, owner.id, { status: 'DRAFT', publishedAt: null });
      const strict = await signedInStaff(app, `staff-rules-${storage}@example.com`, 'Staff', { twoFactorExempt: false });
      const exempt = await signedInStaff(app, `staff-rules-exempt-${storage}@example.com`);
      const driver = await createConfirmedUser(app, `driver-rules-${storage}@example.com`, password);

      const listing = (headers: Record<string, string>) => app.inject({ method: 'GET', url: `/api/listing/${draft}`, headers });
      const mailbox = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress: REMOTE, headers });
      const overview = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/admin/overview', headers });

      // A normal user: the draft is not found, the dev mailbox is private, the console is forbidden.
      expect((await listing({ cookie: driver.cookie })).statusCode).toBe(404);
      expect((await mailbox({ cookie: driver.cookie })).statusCode).toBe(403);
      expect((await overview({ cookie: driver.cookie })).statusCode).toBe(403);

      // Staff without two-factor: the same, by cookie and by bearer token.
      for (const headers of [{ cookie: strict.cookie }, { authorization: `Bearer ${strict.token}` }] as Record<string, string>[]) {
        const seen = await listing(headers);
        expect(seen.statusCode, seen.body).toBe(404);
        expect(seen.json()).toMatchObject({ key: 'listingNotFound' });
        const mail = await mailbox(headers);
        expect(mail.statusCode).toBe(403);
        expect(mail.json()).toMatchObject({ key: 'devMail.private' });
        const console = await overview(headers);
        expect(console.statusCode).toBe(403);
        expect(console.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
      }

      // Staff with two-factor on (and the exempt demo staff) keep their powers.
      const jar = new Jar().take(await post('/api/auth/sign-in', { email: `staff-rules-${storage}@example.com`, password: 'Staff2024' }));
      // Staff enroll with a code sent to their mailbox too (issue #33).
      await post('/api/account/two-factor/email-code', {}, jar);
      const emailCode = await latestCode(app, `staff-rules-${storage}@example.com`);
      const setup = await post('/api/account/two-factor/setup', { password: 'Staff2024', emailCode }, jar);
      const { secret } = setup.json() as { secret: string };
      jar.take(await post('/api/account/two-factor/confirm', { code: await codeAt(secret, totpStep()) }, jar));
      for (const headers of [{ cookie: jar.header }, { cookie: exempt.cookie }]) {
        expect((await listing(headers)).statusCode).toBe(200);
        expect((await mailbox(headers)).statusCode).toBe(200);
        expect((await overview(headers)).statusCode).toBe(200);
      }
    });
  });
}
