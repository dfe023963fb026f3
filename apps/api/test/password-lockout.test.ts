import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_BRAKE_FAILURES, LOCKOUT_MAX_FAILURES } from '@medallion/contracts/auth';
import { signInFailures } from '@medallion/db/schema';
import { addressKey } from '../src/modules/auth/password-lockout';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';

/*
 * Issue #33, findings 2 and 3: every check of a password counts towards one lockout
 * (modules/auth/password-lockout.ts, decision 0010), and that lockout is per account and address, with
 * an account-wide brake that a browser which signed in before passes.
 */

const ORIGIN = 'http://localhost:3000';

function signIn(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1', cookie?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress, payload: { email, password }, headers: cookie ? { cookie } : {} });
}

/** The statuses of n calls, in order. */
async function statuses(n: number, call: (i: number) => Promise<LightMyRequestResponse>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call(i)).statusCode);
  return out;
}

describe('every password check counts towards the lockout (finding 2)', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  const remoteAddress = '203.0.113.40';

  const checks: { name: string; call: (cookie: string, password: string) => Promise<LightMyRequestResponse> }[] = [
    {
      name: 'change-password',
      call: (cookie, password) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          remoteAddress,
          headers: { cookie, origin: ORIGIN },
          payload: { currentPassword: password, newPassword: 'Brand9new' },
        }),
    },
    {
      name: 'account delete',
      call: (cookie, password) =>
        app.inject({ method: 'DELETE', url: '/api/users', remoteAddress, headers: { cookie, origin: ORIGIN }, payload: { password } }),
    },
    {
      name: 'two-step setup',
      call: (cookie, password) =>
        app.inject({ method: 'POST', url: '/api/account/two-factor/setup', remoteAddress, headers: { cookie, origin: ORIGIN }, payload: { password } }),
    },
    {
      name: 'step-up',
      call: (cookie, password) =>
        app.inject({ method: 'POST', url: '/api/account/reauthenticate', remoteAddress, headers: { cookie, origin: ORIGIN }, payload: { password } }),
    },
  ];

  for (const [i, check] of checks.entries()) {
    it(`locks after ${LOCKOUT_MAX_FAILURES} wrong passwords on ${check.name}, and sign-in from that address with it`, async () => {
      const email = `counted-${i}@example.com`;
      const { cookie } = await createConfirmedUser(app, email, 'Right1234');
      const wrong = await statuses(LOCKOUT_MAX_FAILURES + 5, () => check.call(cookie, 'Wrong1234'));
      // Before: 15 × 401 (never locked). After: 9 × 401, then 423 (and 423 while it holds).
      expect(wrong).toEqual([...Array(LOCKOUT_MAX_FAILURES - 1).fill(401), ...Array(6).fill(423)]);
      const right = await check.call(cookie, 'Right1234');
      expect(right.statusCode).toBe(423);
      expect(right.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', key: 'auth.accountLocked' });
      expect((await signIn(app, email, 'Right1234', remoteAddress)).statusCode).toBe(423);
    });
  }

  it('counts sign-in and signed-in checks together', async () => {
    const email = 'together@example.com';
    const { cookie } = await createConfirmedUser(app, email, 'Right1234');
    const half = LOCKOUT_MAX_FAILURES / 2;
    expect(await statuses(half, () => signIn(app, email, 'Wrong1234', remoteAddress))).toEqual(Array(half).fill(401));
    const changes = await statuses(half, () => checks[0]!.call(cookie, 'Wrong1234'));
    expect(changes.at(-1)).toBe(423);
  });
});

describe('a lockout per account and address, with an account-wide brake (finding 3)', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '100000' });

  it("locks the guesser's address only: the owner signs in from another", async () => {
    await createConfirmedUser(app, 'owner@example.com', 'Right1234');
    const attacker = '203.0.113.66';
    const tries = await statuses(LOCKOUT_MAX_FAILURES, () => signIn(app, 'owner@example.com', 'Wrong1234', attacker));
    expect(tries.at(-1)).toBe(423);
    expect((await signIn(app, 'owner@example.com', 'Right1234', attacker)).statusCode).toBe(423);
    // Before: 423 for the owner too. After: 200.
    expect((await signIn(app, 'owner@example.com', 'Right1234', '198.51.100.7')).statusCode).toBe(200);
  });

  it('does not extend a lock with the attempts made while it holds, and the lock ends', async () => {
    await createConfirmedUser(app, 'bounded@example.com', 'Right1234');
    const attacker = '203.0.113.67';
    await statuses(LOCKOUT_MAX_FAILURES, () => signIn(app, 'bounded@example.com', 'Wrong1234', attacker));
    const row = async () =>
      (
        await app.db
          .select()
          .from(signInFailures)
          .where(and(eq(signInFailures.email, 'bounded@example.com'), eq(signInFailures.address, attacker)))
      )[0]!;
    const lockedUntil = (await row()).lockedUntil!;
    expect(lockedUntil.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    await statuses(20, () => signIn(app, 'bounded@example.com', 'Wrong1234', attacker));
    expect((await row()).lockedUntil).toEqual(lockedUntil);
    // 15 minutes later (the row's end moved into the past): the right password signs in.
    await app.db
      .update(signInFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(and(eq(signInFailures.email, 'bounded@example.com'), eq(signInFailures.address, attacker)));
    expect((await signIn(app, 'bounded@example.com', 'Right1234', attacker)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    await createConfirmedUser(app, 'six@example.com', 'Right1234');
    const tries = await statuses(LOCKOUT_MAX_FAILURES, (i) => signIn(app, 'six@example.com', 'Wrong1234', `2001:db8:5:6::${i + 1}`));
    expect(tries.at(-1)).toBe(423);
    expect((await signIn(app, 'six@example.com', 'Right1234', '2001:db8:5:6:ffff::9')).statusCode).toBe(423);
    expect((await signIn(app, 'six@example.com', 'Right1234', '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it(`brakes the account after ${ACCOUNT_BRAKE_FAILURES} wrong passwords from many addresses, except for a browser that signed in before`, async () => {
    await createConfirmedUser(app, 'brake@example.com', 'Right1234');
    // The owner's browser signs in once (its device cookie is remembered) and out.
    const before = await signIn(app, 'brake@example.com', 'Right1234', '198.51.100.20');
    expect(before.statusCode).toBe(200);
    const device = before.cookies.find((c) => c.name === 'medallion.device')!;
    // Guesses from many addresses, each under its own limit.
    const tries = await statuses(ACCOUNT_BRAKE_FAILURES, (i) => signIn(app, 'brake@example.com', 'Wrong1234', `10.9.${Math.floor(i / 5)}.${i % 5}`));
    expect(tries.every((s) => s === 401)).toBe(true);
    // A browser the account has not seen, from a fresh address: braked, right password or not.
    const stranger = await signIn(app, 'brake@example.com', 'Right1234', '198.51.100.99');
    expect(stranger.statusCode).toBe(423);
    expect(stranger.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', key: 'auth.accountBraked' });
    // The owner's browser, from yet another address: in.
    const owner = await signIn(app, 'brake@example.com', 'Right1234', '198.51.100.21', `medallion.device=${device.value}`);
    expect(owner.statusCode).toBe(200);
    // The brake ends after its 15 minutes and is not renewed by the refused attempts meanwhile.
    const [brake] = await app.db
      .select()
      .from(signInFailures)
      .where(and(eq(signInFailures.email, 'brake@example.com'), eq(signInFailures.address, '*')));
    expect(brake!.lockedUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(brake!.failures).toBe(0);
  });
});
