import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, like, lte } from 'drizzle-orm';
import type { Database, DbExecutor } from '@medallion/db/client';
import { knownBrowsers, user, verification } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { describeBrowser } from './describe-browser';
import { newBrowserEmail, passwordUsedEmail } from './new-browser-email';

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

/**
 * Whether the browser of this device cookie has signed in to the account of this e-mail before (one
 * indexed read, no password work): its sign-ins get the priority lane of the password queue
 * (password-hashing.ts), so a flood of strangers' wrong passwords does not keep the owner out.
 */
export async function isKnownBrowserOf(db: Database, email: string, cookie: string | undefined): Promise<boolean> {
  if (!cookie || !DEVICE_ID.test(cookie)) return false;
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  if (!owner) return false;
  const [known] = await db
    .select({ hash: knownBrowsers.deviceHash })
    .from(knownBrowsers)
    .where(and(eq(knownBrowsers.userId, owner.id), eq(knownBrowsers.deviceHash, deviceHash(owner.id, cookie))))
    .limit(1);
  return Boolean(known);
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
    await cancelPasswordNotice(tx, mailer, input.user.id, hash);
    const [another] = await tx.select({ hash: knownBrowsers.deviceHash }).from(knownBrowsers).where(eq(knownBrowsers.userId, input.user.id)).limit(1);
    await tx.insert(knownBrowsers).values({ userId: input.user.id, deviceHash: hash, firstSeenAt: now, lastSeenAt: now }).onConflictDoNothing();
    if (!another) return false;
    await mailer.send(newBrowserEmail({ to: input.user.email, at: now, device: describeBrowser(input.userAgent), publicUrl }), tx);
    return true;
  });
  if (notified) mailer.deliverSoon();
  return notified;
}

/**
 * "Your password was used…" waits this long in the outbox: when the code signs the same browser in before
 * then, "New sign-in" replaces it (one sign-in, one e-mail). Configurable (PASSWORD_NOTICE_DELAY_MS).
 */
export const PASSWORD_NOTICE_DELAY_MS = 5 * 60 * 1000;
/** "Your password was used…" goes out once per browser in this window. */
export const PASSWORD_NOTICE_WINDOW_MS = 60 * 60 * 1000;
/** …and to one account at most this many times per window (a client without cookies is a new browser each time). */
export const PASSWORD_NOTICES_PER_WINDOW = 5;
/** Verification rows `password-notice-<device hash>` (value: the user id) mark the notices sent in the window. */
const PASSWORD_NOTICE_PREFIX = 'password-notice-';

/** Removes the account's "Your password was used…" marks (account deletion). */
export async function forgetPasswordNotices(db: DbExecutor, userId: string): Promise<void> {
  await db.delete(verification).where(and(like(verification.identifier, `${PASSWORD_NOTICE_PREFIX}%`), eq(verification.value, userId)));
}

/**
 * Drops the browser's "Your password was used…" still waiting in the outbox (the code has signed that
 * browser in: "New sign-in" tells the owner instead). The mail's outbox id is its mark's id.
 */
async function cancelPasswordNotice(tx: DbExecutor, mailer: Mailer, userId: string, hash: string): Promise<void> {
  const marks = await tx
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, `${PASSWORD_NOTICE_PREFIX}${hash}`), eq(verification.value, userId)));
  for (const mark of marks) await mailer.cancel(mark.id, tx);
}

/**
 * A correct password that stops at the two-step code: when the account has not used this browser, the
 * owner is e-mailed "Your password was used to sign in from a new browser" (the second step may stop the
 * thief; the owner should still change the password). The mail waits delayMs in the outbox (any server
 * sends it then, after a restart too); when the code signs this browser in before that, noteSignInBrowser
 * drops it and "New sign-in" is the one e-mail. The browser is not remembered yet: that happens when the
 * code signs it in. Once per browser per hour and at most PASSWORD_NOTICES_PER_WINDOW per account per
 * hour; the account's row is locked, so parallel attempts send one notice. Answers whether a notice was
 * queued.
 */
export async function notePasswordStep(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  input: SignInBrowser,
  now = new Date(),
  delayMs = PASSWORD_NOTICE_DELAY_MS,
): Promise<boolean> {
  const hash = deviceHash(input.user.id, input.deviceId);
  const notified = await db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.user.id)).for('update');
    if (!owner) return false;
    const [known] = await tx
      .select({ hash: knownBrowsers.deviceHash })
      .from(knownBrowsers)
      .where(and(eq(knownBrowsers.userId, input.user.id), eq(knownBrowsers.deviceHash, hash)));
    if (known) return false;
    const marks = and(like(verification.identifier, `${PASSWORD_NOTICE_PREFIX}%`), eq(verification.value, input.user.id));
    await tx.delete(verification).where(and(marks, lte(verification.expiresAt, now)));
    const recent = await tx
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(and(marks, gt(verification.expiresAt, now)));
    if (recent.length >= PASSWORD_NOTICES_PER_WINDOW || recent.some((r) => r.identifier === `${PASSWORD_NOTICE_PREFIX}${hash}`)) return false;
    const id = randomUUID();
    await tx.insert(verification).values({
      id,
      identifier: `${PASSWORD_NOTICE_PREFIX}${hash}`,
      value: input.user.id,
      expiresAt: new Date(now.getTime() + PASSWORD_NOTICE_WINDOW_MS),
      createdAt: now,
      updatedAt: now,
    });
    await mailer.send(passwordUsedEmail({ to: input.user.email, at: now, device: describeBrowser(input.userAgent), publicUrl }), tx, {
      id,
      notBefore: new Date(now.getTime() + delayMs),
    });
    return true;
  });
  if (notified) mailer.deliverSoon();
  return notified;
}
