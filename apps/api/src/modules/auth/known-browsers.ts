import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { knownBrowsers, user } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { describeBrowser } from './describe-browser';
import { newBrowserEmail } from './new-browser-email';

/**
 * The browser's device cookie: a random id (32 bytes, base64url) that stays for a year, sent only to
 * /api/auth. The server keeps only a hash of it per account (known_browsers).
 */
export const DEVICE_COOKIE = 'medallion.device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The browser's device id from its cookie, or a new one (with `fresh`, for the caller to set the cookie). */
export function deviceIdFromCookie(value: string | undefined): { id: string; fresh: boolean } {
  if (value && DEVICE_ID.test(value)) return { id: value, fresh: false };
  return { id: randomBytes(32).toString('base64url'), fresh: true };
}

/** Per account, so one browser's rows in two accounts are not linkable, and a copied value is new for anyone else. */
export function deviceHash(userId: string, deviceId: string): string {
  return createHash('sha256').update(`${userId}:${deviceId}`).digest('hex');
}

export interface SignInBrowser {
  user: { id: string; email: string };
  deviceId: string;
  userAgent: string | undefined;
}

/**
 * Remembers the browser an account has just signed in from, and e-mails "New sign-in" when the account
 * had not used it before. The account's first browser (right after sign-up, or the first sign-in of an
 * account from before known_browsers) is remembered without a notice. The account's row is locked, so
 * parallel sign-ins from one browser send one notice at most. Answers whether a notice was queued.
 */
export async function noteSignInBrowser(db: Database, mailer: Mailer, publicUrl: string, input: SignInBrowser, now = new Date()): Promise<boolean> {
  const hash = deviceHash(input.user.id, input.deviceId);
  const notified = await db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.user.id)).for('update');
    if (!owner) return false;
    const mine = and(eq(knownBrowsers.userId, input.user.id), eq(knownBrowsers.deviceHash, hash));
    const updated = await tx.update(knownBrowsers).set({ lastSeenAt: now }).where(mine).returning({ hash: knownBrowsers.deviceHash });
    if (updated.length > 0) return false;
    const [another] = await tx.select({ hash: knownBrowsers.deviceHash }).from(knownBrowsers).where(eq(knownBrowsers.userId, input.user.id)).limit(1);
    await tx.insert(knownBrowsers).values({ userId: input.user.id, deviceHash: hash, firstSeenAt: now, lastSeenAt: now }).onConflictDoNothing();
    if (!another) return false;
    await mailer.send(newBrowserEmail({ to: input.user.email, at: now, device: describeBrowser(input.userAgent), publicUrl }), tx);
    return true;
  });
  if (notified) mailer.deliverSoon();
  return notified;
}
