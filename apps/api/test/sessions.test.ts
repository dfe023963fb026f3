import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { toMessage } from '@medallion/contracts/messages';
import type { AccountSession } from '@medallion/contracts/sessions';
import { describeUserAgent, maskIp } from '../src/modules/auth/describe-session';
import { createConfirmedUser, latestCode, sessionCookie } from './helpers/auth';
import { buildAppWithSessionsIn } from './helpers/session-storage';
import { listRedisKeys, redisReachable, TEST_REDIS_URL } from './helpers/shared-infra';

/*
 * The browsers signed in to an account (GET /api/account/sessions), signing one out and signing out
 * every other one, with the sessions in the database alone and with Redis as better-auth's secondary
 * storage (REDIS_URL): in both, a browser that was signed out is refused on its very next request.
 */

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('describing a session', () => {
  it('names the browser, its major version, the system and the kind of device', () => {
    expect(describeUserAgent(CHROME_MAC)).toEqual({ browser: 'Chrome', browser_version: '131', os: 'macOS', device: 'desktop' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari', browser_version: '17', os: 'iOS', device: 'mobile' });
    expect(describeUserAgent(FIREFOX_WINDOWS)).toEqual({ browser: 'Firefox', browser_version: '133', os: 'Windows', device: 'desktop' });
    expect(describeUserAgent('')).toEqual({ browser: null, browser_version: null, os: null, device: 'unknown' });
    expect(describeUserAgent(null)).toEqual({ browser: null, browser_version: null, os: null, device: 'unknown' });
    expect(describeUserAgent('curl/8.5.0').device).toBe('unknown');
    // A huge or odd user agent is cut, never a failure.
    expect(() => describeUserAgent('x'.repeat(100_000))).not.toThrow();
  });

  it('hides the last part of an address', () => {
    expect(maskIp('203.0.113.77')).toBe('203.0.113.x');
    expect(maskIp('::ffff:198.51.100.9')).toBe('198.51.100.x');
    expect(maskIp('2001:db8:85a3:1234::1')).toBe('2001:db8:85a3::x');
    expect(maskIp('2001:0db8:0000:0000:0000:0000:0000:0000')).toBe('2001:db8:0::x');
    expect(maskIp('::1')).toBe('0:0:0::x');
    expect(maskIp('')).toBeNull();
    expect(maskIp(null)).toBeNull();
    expect(maskIp('not-an-address')).toBeNull();
  });
});

const redisUp = await redisReachable();
if (!redisUp) console.warn(`session tests with Redis skipped: Redis at ${TEST_REDIS_URL} cannot be reached (set TEST_REDIS_URL)`);

for (const storage of ['database', 'redis'] as const) {
  describe.skipIf(storage === 'redis' && !redisUp)(
    `signed-in browsers (sessions in ${storage === 'redis' ? 'Redis and the database' : 'the database'})`,
    async () => {
      const { app, redisPrefix: prefix } = await buildAppWithSessionsIn(storage, 'sessions');

      let n = 0;
      /** A new account (its first session made by the confirmation, as a script without a browser). */
      async function account(password = 'Secret123') {
        const email = `sessions-${storage}-${++n}@example.com`;
        const created = await createConfirmedUser(app, email, password);
        return { ...created, email, password };
      }

      /** Signs in from a browser (its user agent) at an address; returns the session cookie. */
      async function signIn(who: { email: string; password: string }, userAgent: string, remoteAddress = '203.0.113.77') {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          remoteAddress,
          headers: { 'user-agent': userAgent },
          payload: { email: who.email, password: who.password },
        });
        expect(res.statusCode, res.body).toBe(200);
        return sessionCookie(res);
      }

      const sessions = async (cookie: string) => {
        const res = await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { data: { sessions: AccountSession[] } }).data.sessions;
      };
      /** Whether a browser's next request is still signed in (an API call and the session the pages read). */
      const signedIn = async (app: FastifyInstance, cookie: string) => {
        const users = await app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
        const session = (await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json() as { user: unknown };
        expect(users.statusCode === 200, 'GET /api/users and GET /api/auth/session agree').toBe(session.user !== null);
        return users.statusCode === 200;
      };
      const revoke = (cookie: string, id: string) => app.inject({ method: 'DELETE', url: `/api/account/sessions/${id}`, headers: { cookie } });
      const revokeOthers = (cookie: string) => app.inject({ method: 'POST', url: '/api/account/sessions/revoke-others', headers: { cookie } });

      it('lists both browsers, this one first and marked, with browser, system and a masked address, and no token', async () => {
        const me = await account();
        const mac = await signIn(me, CHROME_MAC, '203.0.113.77');
        const phone = await signIn(me, SAFARI_IPHONE, '198.51.100.9');
        const list = await sessions(mac);
        // The confirmation's session, the Mac and the iPhone.
        expect(list).toHaveLength(3);
        expect(list[0]).toMatchObject({ current: true, browser: 'Chrome', browser_version: '131', os: 'macOS', device: 'desktop', ip_masked: '203.0.113.x' });
        expect(list.filter((s) => s.current)).toHaveLength(1);
        expect(list).toContainEqual(expect.objectContaining({ current: false, browser: 'Safari', os: 'iOS', device: 'mobile', ip_masked: '198.51.100.x' }));
        for (const s of list) {
          expect(Date.parse(s.signed_in_at)).not.toBeNaN();
          expect(Date.parse(s.last_active_at)).not.toBeNaN();
        }
        // From the phone, the phone is the current one.
        expect((await sessions(phone))[0]).toMatchObject({ current: true, browser: 'Safari' });
        // Neither a session token nor the cookie's value is in the answer.
        const body = (await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: mac } })).body;
        for (const cookie of [mac, phone, me.cookie]) {
          const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
          expect(token.length).toBeGreaterThan(10);
          expect(body).not.toContain(token);
        }
        expect(body).not.toContain(me.token);
      });

      it('takes the address from the connection, not from an X-Forwarded-For the client wrote', async () => {
        const me = await account();
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          remoteAddress: '192.0.2.44',
          headers: { 'user-agent': FIREFOX_WINDOWS, 'x-forwarded-for': '8.8.8.8', 'x-medallion-client-ip': '9.9.9.9' },
          payload: { email: me.email, password: me.password },
        });
        expect(res.statusCode).toBe(200);
        expect((await sessions(sessionCookie(res)))[0]).toMatchObject({ current: true, browser: 'Firefox', os: 'Windows', ip_masked: '192.0.2.x' });
      });

      it('signs one other browser out: its next request is refused, the others stay signed in', async () => {
        const me = await account();
        const mac = await signIn(me, CHROME_MAC);
        const phone = await signIn(me, SAFARI_IPHONE);
        const phoneId = (await sessions(phone)).find((s) => s.current)!.id;

        const res = await revoke(mac, phoneId);
        expect(res.statusCode, res.body).toBe(200);
        const after = (res.json() as { data: { sessions: AccountSession[] } }).data.sessions;
        expect(after.map((s) => s.id)).not.toContain(phoneId);
        expect(after.find((s) => s.current)?.browser).toBe('Chrome');

        expect(await signedIn(app, phone)).toBe(false);
        expect(await signedIn(app, mac)).toBe(true);
        expect(await signedIn(app, me.cookie)).toBe(true);
        // Again: it is gone.
        const again = await revoke(mac, phoneId);
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual({ code: 'NOT_FOUND', ...toMessage('sessions.notFound') });
      });

      it('signs every other browser out and keeps this one', async () => {
        const me = await account();
        const mac = await signIn(me, CHROME_MAC);
        const phone = await signIn(me, SAFARI_IPHONE);
        const windows = await signIn(me, FIREFOX_WINDOWS);
        expect(await sessions(mac)).toHaveLength(4);

        const res = await revokeOthers(mac);
        expect(res.statusCode, res.body).toBe(200);
        const after = (res.json() as { data: { sessions: AccountSession[] } }).data.sessions;
        expect(after).toHaveLength(1);
        expect(after[0]).toMatchObject({ current: true, browser: 'Chrome' });

        for (const cookie of [phone, windows, me.cookie]) expect(await signedIn(app, cookie)).toBe(false);
        expect(await signedIn(app, mac)).toBe(true);
        expect(await sessions(mac)).toHaveLength(1);
        // Twice, or in parallel: the same answer.
        const [a, b] = await Promise.all([revokeOthers(mac), revokeOthers(mac)]);
        expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
        expect(await signedIn(app, mac)).toBe(true);
      });

      it("answers 404 for another user's session and ends nothing", async () => {
        const me = await account();
        const other = await account();
        const otherPhone = await signIn(other, SAFARI_IPHONE);
        const otherIds = (await sessions(otherPhone)).map((s) => s.id);
        for (const id of otherIds) {
          const res = await revoke(me.cookie, id);
          expect(res.statusCode).toBe(404);
          expect(res.json()).toMatchObject({ code: 'NOT_FOUND', key: 'sessions.notFound' });
        }
        expect(await signedIn(app, otherPhone)).toBe(true);
        expect(await signedIn(app, other.cookie)).toBe(true);
        expect(await sessions(otherPhone)).toHaveLength(otherIds.length);
        // Signing out my other browsers leaves the other user's alone.
        expect((await revokeOthers(me.cookie)).statusCode).toBe(200);
        expect(await signedIn(app, otherPhone)).toBe(true);
      });

      it('signs this browser out when its own session is ended', async () => {
        const me = await account();
        const mac = await signIn(me, CHROME_MAC);
        const id = (await sessions(mac)).find((s) => s.current)!.id;
        const res = await revoke(mac, id);
        expect(res.statusCode).toBe(200);
        expect((res.json() as { data: { sessions: AccountSession[] } }).data.sessions.some((s) => s.current || s.id === id)).toBe(false);
        expect(res.cookies.some((c) => c.name.includes('session_token') && c.value === '')).toBe(true);
        expect(await signedIn(app, mac)).toBe(false);
        expect(await signedIn(app, me.cookie)).toBe(true);
      });

      it('answers 401 to a guest and to a signed-out browser', async () => {
        const me = await account();
        const mac = await signIn(me, CHROME_MAC);
        await revokeOthers(me.cookie);
        for (const cookie of [undefined, mac, 'medallion.session_token=forged.value']) {
          const headers = cookie ? { cookie } : {};
          for (const res of [
            await app.inject({ method: 'GET', url: '/api/account/sessions', headers }),
            await app.inject({ method: 'DELETE', url: '/api/account/sessions/some-id', headers }),
            await app.inject({ method: 'POST', url: '/api/account/sessions/revoke-others', headers }),
          ]) {
            expect(res.statusCode).toBe(401);
            expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', key: 'error.unauthorized' });
          }
        }
      });

      it('answers 4xx, never 500, to ids that are not ids', async () => {
        const me = await account();
        for (const [id, status] of [
          ['%00', 400],
          ['abc%00def', 400],
          // Past 100 characters the router itself refuses the path (414).
          ['x'.repeat(101), 414],
          ['x'.repeat(5000), 414],
          ['no-such-session', 404],
          ['%F0%9F%9A%95', 404],
          ["1'%20or%20'1'='1", 404],
        ] as const) {
          const res = await revoke(me.cookie, id);
          expect(res.statusCode, `${id.slice(0, 20)}: ${res.body.slice(0, 200)}`).toBe(status);
        }
        expect(await signedIn(app, me.cookie)).toBe(true);
      });

      it('a password change signs the other browsers out; a reset signs every browser out', async () => {
        const me = await account('Secret123');
        const mac = await signIn(me, CHROME_MAC);
        const phone = await signIn(me, SAFARI_IPHONE);
        const changed = await app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: { cookie: mac },
          payload: { currentPassword: 'Secret123', newPassword: 'Changed123' },
        });
        expect(changed.statusCode, changed.body).toBe(200);
        // better-auth gives the browser that changed it a new session (cookie).
        const macNow = changed.cookies.some((c) => c.name.includes('session_token')) ? sessionCookie(changed) : mac;
        expect(await signedIn(app, macNow)).toBe(true);
        expect(await signedIn(app, phone)).toBe(false);
        expect(await signedIn(app, me.cookie)).toBe(false);
        expect(await sessions(macNow)).toHaveLength(1);

        const tablet = await signIn({ email: me.email, password: 'Changed123' }, FIREFOX_WINDOWS);
        expect((await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: me.email } })).statusCode).toBe(200);
        const code = await latestCode(app, me.email);
        const reset = await app.inject({
          method: 'POST',
          url: '/api/auth/confirm-forgot-password',
          headers: { 'user-agent': CHROME_MAC },
          payload: { email: me.email, code, password: 'Reset1234' },
        });
        expect(reset.statusCode, reset.body).toBe(200);
        expect(await signedIn(app, macNow)).toBe(false);
        expect(await signedIn(app, tablet)).toBe(false);
        // The reset signs in the browser that made it: the one session left.
        const list = await sessions(sessionCookie(reset));
        expect(list).toHaveLength(1);
        expect(list[0]).toMatchObject({ current: true, browser: 'Chrome' });
      });

      if (storage === 'redis') {
        it('keeps the sessions in Redis, and a signed-out browser leaves no session there', async () => {
          const me = await account();
          const phone = await signIn(me, SAFARI_IPHONE);
          const token = decodeURIComponent(phone.split('=')[1]!).split('.')[0]!;
          const keys = async () => (await listRedisKeys(`${prefix}auth:`)).filter((k) => k.endsWith(token));
          expect(await keys()).toHaveLength(1);
          expect((await revokeOthers(me.cookie)).statusCode).toBe(200);
          expect(await keys()).toHaveLength(0);
          expect(await signedIn(app, phone)).toBe(false);
        });
      }
    },
  );
}
