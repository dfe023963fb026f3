import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The reminder e-mail's unsubscribe link works without signing in: its token is the user's id signed
 * with a key derived from the auth secret (HMAC-SHA-256), so nothing is stored and a token names one
 * account only. `<base64url(user id)>.<base64url(hmac)>`.
 */
const PURPOSE = 'license-reminders-unsubscribe';

export function reminderKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('medallion license reminder links').digest();
}

function signature(key: Buffer, userId: string): Buffer {
  return createHmac('sha256', key).update(`${PURPOSE}:${userId}`).digest();
}

export function signReminderToken(key: Buffer, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signature(key, userId).toString('base64url')}`;
}

/** The user id of a valid token, else null. */
export function verifyReminderToken(key: Buffer, token: string): string | null {
  const [id, sig, extra] = token.split('.');
  if (!id || !sig || extra !== undefined) return null;
  const userId = Buffer.from(id, 'base64url').toString();
  if (!userId || Buffer.from(userId).toString('base64url') !== id) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(key, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
