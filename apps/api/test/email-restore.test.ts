import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { mailOutbox, passkey, session, twoFactor, user, verification } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, latestCode, sessionCookie } from './helpers/auth';
import { codeAt, Jar, totpStep } from './helpers/two-factor';

/*
 * Issue #33, finding 8: a thief who knows the password and changes the e-mail leaves the owner a way
 * back. The notice to the old address carries a link (7 days, once) that puts the old address back,
 * ends every session, stops the password, and the new address can no longer sign in.
 */

const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
const ORIGIN = 'http://localhost:3000';

const signIn = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

/** The thief, signed in with the owner's password, moves the account to their own address. */
async function changeEmail(server: FastifyInstance, cookie: string, password: string, to: string) {
  const sent = await server.inject({ method: 'POST', url: '/api/account/email-change', headers: { cookie, origin: ORIGIN }, payload: { email: to, password } });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await latestCode(server, to);
  const ok = await server.inject({
    method: 'POST',
    url: '/api/account/email-change/confirm',
    headers: { cookie, origin: ORIGIN },
    payload: { email: to, code },
  });
  expect(ok.statusCode, ok.body).toBe(200);
}

/** The restore link of the newest notice to this address, and the notice's text. */
async function restoreLink(to: string): Promise<{ token: string; text: string }> {
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, 'Your Medallion e-mail address was changed%')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail?.text.match(/\/account\/restore-email\?token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!mail || !token) throw new Error(`no restore link e-mailed to ${to}: ${mail?.text}`);
  return { token, text: mail.text };
}

const restore = (token: string) => app.inject({ method: 'POST', url: '/api/account/email-restore', payload: { token } });

describe('the way back after an e-mail change (finding 8)', () => {
  it('e-mails the old address a link that restores it, ends every session, stops the password and the new address', async () => {
    const owner = await createConfirmedUser(app, 'owner-a@example.com', 'Owner1234');
    // The thief signs in with the stolen password in a browser of their own and moves the account.
    const thief = sessionCookie(await signIn('owner-a@example.com', 'Owner1234'));
    await changeEmail(app, thief, 'Owner1234', 'thief@example.com');

    // Before: the notice said "reset your password with the new address", and had no link.
    const { token, text } = await restoreLink('owner-a@example.com');
    expect(text).toContain('within 7 days');
    expect(text).toContain('в течение 7 дней');
    expect(text).toContain(`http://localhost:3000/account/restore-email?token=${token}`);
    // The notice to the new address has no such link.
    const [toThief] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'thief@example.com'), eq(mailOutbox.category, 'notice')));
    expect(toThief?.text).not.toContain('restore-email');

    const done = await restore(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email: 'owner-a@example.com', message: expect.stringContaining('owner-a@example.com') });
    const [row] = await app.db.select().from(user).where(eq(user.id, owner.id));
    expect(row).toMatchObject({ email: 'owner-a@example.com', emailVerified: true });
    // Every session ended (the thief's and the owner's).
    expect(await app.db.select().from(session).where(eq(session.userId, owner.id))).toHaveLength(0);
    for (const cookie of [thief, owner.cookie]) {
      expect((await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user).toBeNull();
    }
    // The new address no longer signs in, and neither does the password the thief knows.
    expect((await signIn('thief@example.com', 'Owner1234')).statusCode).toBe(401);
    expect((await signIn('owner-a@example.com', 'Owner1234')).statusCode).toBe(401);
    // The owner sets a new password with a code to the restored address, and is in.
    expect((await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'owner-a@example.com' } })).statusCode).toBe(200);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/confirm-forgot-password',
      payload: { email: 'owner-a@example.com', code: await latestCode(app, 'owner-a@example.com'), password: 'Mine5678x' },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    // The link works once.
    const again = await restore(token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', key: 'account.emailRestoreInvalid' });
  });

  it('refuses an expired, unknown or malformed link', async () => {
    await createConfirmedUser(app, 'owner-b@example.com', 'Owner1234');
    const thief = sessionCookie(await signIn('owner-b@example.com', 'Owner1234'));
    await changeEmail(app, thief, 'Owner1234', 'thief-b@example.com');
    const { token } = await restoreLink('owner-b@example.com');
    const [link] = await app.db
      .select()
      .from(verification)
      .where(like(verification.identifier, 'email-restore-%'))
      .orderBy(desc(verification.createdAt))
      .limit(1);
    expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBe(7 * 24 * 3600_000);
    // 7 days later.
    await app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, link!.id));
    expect((await restore(token)).statusCode).toBe(404);
    expect((await restore('A'.repeat(43))).statusCode).toBe(404);
    const malformed = await restore('not a token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { token: { key: 'account.emailRestoreInvalid' } } });
    const [row] = await app.db.select().from(user).where(eq(user.email, 'thief-b@example.com'));
    expect(row).toBeTruthy();
  });

  it("lets the owner's older address win over a second change by the thief, and removes the passkeys", async () => {
    const owner = await createConfirmedUser(app, 'owner-c@example.com', 'Owner1234');
    // A passkey the thief added (the step-up took the stolen password).
    await app.db.insert(passkey).values({ id: 'pk-thief', userId: owner.id, publicKey: 'x', credentialId: 'cred-thief', deviceType: 'singleDevice' });
    const thief = sessionCookie(await signIn('owner-c@example.com', 'Owner1234'));
    await changeEmail(app, thief, 'Owner1234', 'thief-c1@example.com');
    await changeEmail(app, thief, 'Owner1234', 'thief-c2@example.com');
    const mine = await restoreLink('owner-c@example.com');
    const theirs = await restoreLink('thief-c1@example.com');
    expect((await restore(mine.token)).statusCode).toBe(200);
    // The link the thief's first address got was made after the owner's: it no longer works.
    expect((await restore(theirs.token)).statusCode).toBe(404);
    const [row] = await app.db.select().from(user).where(eq(user.id, owner.id));
    expect(row?.email).toBe('owner-c@example.com');
    expect(await app.db.select().from(passkey).where(eq(passkey.userId, owner.id))).toHaveLength(0);
  });

  it('does not restore an address another account has taken since', async () => {
    await createConfirmedUser(app, 'owner-d@example.com', 'Owner1234');
    const thief = sessionCookie(await signIn('owner-d@example.com', 'Owner1234'));
    await changeEmail(app, thief, 'Owner1234', 'thief-d@example.com');
    const { token } = await restoreLink('owner-d@example.com');
    await createConfirmedUser(app, 'owner-d@example.com', 'Someone12');
    const taken = await restore(token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN', key: 'account.emailRestoreTaken' });
  });
  it('is not blocked by a sign-up on the old address that was never confirmed (anyone can start one)', async () => {
    await createConfirmedUser(app, 'owner-u@example.com', 'Owner1234');
    const thief = sessionCookie(await signIn('owner-u@example.com', 'Owner1234'));
    await changeEmail(app, thief, 'Owner1234', 'thief-u@example.com');
    const { token } = await restoreLink('owner-u@example.com');
    // The thief starts a sign-up with the owner's old address: its code goes to the owner's mailbox, so
    // it stays unconfirmed. Before: the restore answered 409 EMAIL_TAKEN and the owner had no way back.
    const squat = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Squatter', email: 'owner-u@example.com', password: 'Squat1234' },
    });
    expect(squat.statusCode, squat.body).toBe(200);
    const done = await restore(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email: 'owner-u@example.com' });
    const holders = await app.db.select({ name: user.name }).from(user).where(eq(user.email, 'owner-u@example.com'));
    expect(holders).toEqual([{ name: 'Test Driver' }]);
  });
  it('turns off a two-step sign-in the thief turned on after the change, and keeps the one the owner had', async () => {
    /** Turns two-step sign-in on in this browser, as the Security tab does (password, then a code of the app). */
    async function turnOnTwoFactor(jar: Jar, password: string) {
      const post = async (url: string, payload: object) =>
        jar.take(await app.inject({ method: 'POST', url, headers: { cookie: jar.header, origin: ORIGIN }, payload }));
      const setup = await app.inject({
        method: 'POST',
        url: '/api/account/two-factor/setup',
        headers: { cookie: jar.header, origin: ORIGIN },
        payload: { password },
      });
      expect(setup.statusCode, setup.body).toBe(200);
      jar.take(setup);
      await post('/api/account/two-factor/confirm', { code: await codeAt((setup.json() as { secret: string }).secret, totpStep()) });
    }
    const twoFactorOf = async (id: string) => {
      const [row] = await app.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, id));
      return { on: row?.on, keys: (await app.db.select().from(twoFactor).where(eq(twoFactor.userId, id))).length };
    };

    // The thief moves the account, then turns two-step sign-in on with their own authenticator: after
    // the restore and a password reset, the owner would still need the thief's codes.
    const victim = await createConfirmedUser(app, 'owner-e@example.com', 'Owner1234');
    const thiefJar = new Jar().take(await signIn('owner-e@example.com', 'Owner1234'));
    await changeEmail(app, thiefJar.header, 'Owner1234', 'thief-e@example.com');
    await turnOnTwoFactor(thiefJar, 'Owner1234');
    expect(await twoFactorOf(victim.id)).toEqual({ on: true, keys: 1 });
    expect((await restore((await restoreLink('owner-e@example.com')).token)).statusCode).toBe(200);
    expect(await twoFactorOf(victim.id)).toEqual({ on: false, keys: 0 });

    // An owner who had it on before keeps it: the thief (with a stolen session) never touched it.
    const careful = await createConfirmedUser(app, 'owner-f@example.com', 'Owner1234');
    const ownerJar = new Jar().take(await signIn('owner-f@example.com', 'Owner1234'));
    await turnOnTwoFactor(ownerJar, 'Owner1234');
    await changeEmail(app, ownerJar.header, 'Owner1234', 'thief-f@example.com');
    expect((await restore((await restoreLink('owner-f@example.com')).token)).statusCode).toBe(200);
    expect(await twoFactorOf(careful.id)).toEqual({ on: true, keys: 1 });
  });
});
