import { isIPv4, isIPv6 } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { ACCOUNT_BRAKE_FAILURES, LOCKOUT_MAX_FAILURES, LOCKOUT_WINDOW_MS } from '@medallion/contracts/auth';
import type { PlainMessageKey } from '@medallion/contracts/messages';
import type { Database, DbExecutor } from '@medallion/db/client';
import { knownBrowsers, signInFailures, user } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { CLIENT_IP_HEADER } from '../../lib/web-headers';
import { betterAuthCode, toAppError } from './auth-errors';
import type { Auth } from './create-auth';
import { noteStepUpOfRequest } from './step-up';
import { DEVICE_COOKIE, deviceHash } from './known-browsers';

/*
 * The one rule for wrong passwords (decision 0010). Every check of a password counts here: sign-in, and,
 * signed in, the current password of a password change, an e-mail change, two-step setup, turning it
 * off, new recovery codes, deleting the account and the step-up (reauthenticate.ts).
 *
 * 1. Per account and client address (an IPv6 address by its /64, what one client usually holds):
 *    LOCKOUT_MAX_FAILURES (10) wrong passwords within LOCKOUT_WINDOW_MS (15 minutes) lock that account
 *    for that address for 15 minutes (423 ACCOUNT_LOCKED), the right password included. Another address,
 *    the owner's, is not affected.
 * 2. Per account over all addresses (the row with address '*'): ACCOUNT_BRAKE_FAILURES (100) wrong
 *    passwords within 15 minutes brake the account for 15 minutes: only a browser that has signed in to
 *    the account before (its device cookie is in known_browsers) may still try, so a guesser with many
 *    addresses is stopped and the owner is not. Signed-in checks carry no device cookie (it is sent to
 *    /api/auth only) and wait with the others.
 *
 * A lock or brake is never extended while it holds: a locked attempt is refused before its password is
 * checked, so it is not counted, and a lock ends 15 minutes after it began whatever comes meanwhile. A
 * right password clears its address's count only; the account's count is cleared by a password reset
 * or an undone e-mail change (the mailbox proves the owner), never by one guesser's right password.
 */

/** Who is trying: the account's e-mail, the client's address, and the browser's device id when sent. */
export interface PasswordAttempt {
  email: string;
  address: string;
  deviceId?: string | undefined;
}

const ACCOUNT = '*';
const WINDOW = `${LOCKOUT_WINDOW_MS} milliseconds`;

function expandIPv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const fill = ip.includes('::') ? Array(8 - left.length - right.length).fill('0') : [];
  return [...left, ...fill, ...right];
}

/** The key of a client address: an IPv4 address as it is, an IPv6 address by its /64 (a mapped IPv4 as the IPv4). */
export function addressKey(ip: string | null | undefined): string {
  const value = (ip ?? '').trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(value)) return value;
  if (isIPv6(value) && !value.includes('.')) {
    return `${expandIPv6(value)
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return value || 'unknown';
}

function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The attempt of a request (the headers toWebHeaders made: the client's address and its cookies). */
export function passwordAttempt(email: string, headers: Headers): PasswordAttempt {
  return { email: email.toLowerCase(), address: addressKey(headers.get(CLIENT_IP_HEADER)), deviceId: cookieValue(headers.get('cookie'), DEVICE_COOKIE) };
}

async function browserSignedInBefore(db: DbExecutor, attempt: PasswordAttempt): Promise<boolean> {
  if (!attempt.deviceId) return false;
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, attempt.email));
  if (!owner) return false;
  const [known] = await db
    .select({ hash: knownBrowsers.deviceHash })
    .from(knownBrowsers)
    .where(and(eq(knownBrowsers.userId, owner.id), eq(knownBrowsers.deviceHash, deviceHash(owner.id, attempt.deviceId))));
  return !!known;
}

/** Throws 423 ACCOUNT_LOCKED while this address is locked out of the account, or the account is braked for this browser. */
export async function assertPasswordAllowed(db: Database, attempt: PasswordAttempt, now = new Date()): Promise<void> {
  const rows = await db
    .select({ address: signInFailures.address, lockedUntil: signInFailures.lockedUntil })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, attempt.email), sql`${signInFailures.address} in (${attempt.address}, ${ACCOUNT})`));
  const holds = (address: string) => rows.some((r) => r.address === address && r.lockedUntil && r.lockedUntil.getTime() > now.getTime());
  if (holds(attempt.address)) throw new AppError('ACCOUNT_LOCKED');
  if (holds(ACCOUNT) && !(await browserSignedInBefore(db, attempt))) throw new AppError('ACCOUNT_LOCKED', 'auth.accountBraked');
}

/** Adds one failure to a row; the threshold-th within the window locks it for the window's length (and starts a new count). */
async function countFailure(db: Database, email: string, address: string, threshold: number): Promise<boolean> {
  const stale = sql`${signInFailures.windowStartedAt} < now() - ${WINDOW}::interval`;
  const [row] = await db
    .insert(signInFailures)
    .values({ email, address, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [signInFailures.email, signInFailures.address],
      set: {
        failures: sql`case when ${stale} then 1 else ${signInFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${stale} then now() else ${signInFailures.windowStartedAt} end`,
      },
    })
    .returning({ failures: signInFailures.failures });
  if (!row || row.failures < threshold) return false;
  await db
    .update(signInFailures)
    .set({ lockedUntil: sql`now() + ${WINDOW}::interval`, failures: 0, windowStartedAt: sql`now()` })
    .where(and(eq(signInFailures.email, email), eq(signInFailures.address, address)));
  return true;
}

/** Counts a wrong password for the address and the account; answers whether this one locked the address out. */
export async function recordPasswordFailure(db: Database, attempt: PasswordAttempt): Promise<boolean> {
  await countFailure(db, attempt.email, ACCOUNT, ACCOUNT_BRAKE_FAILURES);
  return countFailure(db, attempt.email, attempt.address, LOCKOUT_MAX_FAILURES);
}

/** A right password: this address starts again (the account's count stays; see above). */
export async function clearPasswordFailures(db: Database, attempt: PasswordAttempt): Promise<void> {
  if (attempt.address === ACCOUNT) return;
  await db.delete(signInFailures).where(and(eq(signInFailures.email, attempt.email), eq(signInFailures.address, attempt.address)));
}

/** Every count of the account (a password reset, a deleted account, an address given back). */
export async function forgetPasswordFailures(db: DbExecutor, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, email.toLowerCase()));
}

/**
 * Runs a check of a password under the rule: refused while locked, a wrong password (`isWrong` says so
 * of the check's error) counted and answered with `wrongKey` (401) or, the one that locks, 423; a right
 * one clears the address's count. Other errors pass through.
 */
export async function checkPasswordCounted<T>(
  db: Database,
  attempt: PasswordAttempt,
  check: () => Promise<T>,
  wrong: { isWrong: (error: unknown) => boolean; key: PlainMessageKey; field?: string },
): Promise<T> {
  await assertPasswordAllowed(db, attempt);
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (!wrong.isWrong(error)) throw error;
    if (await recordPasswordFailure(db, attempt)) throw new AppError('ACCOUNT_LOCKED');
    const refused = new AppError('INVALID_CREDENTIALS', wrong.key);
    throw wrong.field ? refused.on(wrong.field) : refused;
  }
  await clearPasswordFailures(db, attempt);
  return result;
}

/** better-auth's "wrong password" of its signed-in calls (verifyPassword, changePassword, enableTwoFactor…). */
export const isWrongPassword = (error: unknown) => betterAuthCode(error) === 'INVALID_PASSWORD';

/**
 * The signed-in user's password, checked under the rule (better-auth's verifyPassword with the session);
 * a right one is also a step-up of the session (step-up.ts).
 */
export async function verifyAccountPassword(
  auth: Auth,
  db: Database,
  { id: userId, email }: { id: string; email: string },
  password: string,
  headers: Headers,
  key: PlainMessageKey = 'auth.passwordWrong',
  field?: string,
): Promise<void> {
  await checkPasswordCounted(
    db,
    passwordAttempt(email, headers),
    async () => {
      try {
        await auth.api.verifyPassword({ body: { password }, headers });
      } catch (error) {
        if (isWrongPassword(error)) throw error;
        toAppError(error);
      }
    },
    { isWrong: isWrongPassword, key, ...(field ? { field } : {}) },
  );
  // The owner just typed it: this session need not confirm it again to change its passkeys (step-up.ts).
  await noteStepUpOfRequest(auth, db, headers, userId);
}
