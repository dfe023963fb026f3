import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, like, ne } from 'drizzle-orm';
import { EMAIL_RESTORE_TTL_DAYS } from '@medallion/contracts/auth';
import { formatMessage } from '@medallion/contracts/messages';
import type { EmailRestoreResponse } from '@medallion/contracts/account';
import type { Database, DbExecutor } from '@medallion/db/client';
import { account, session, twoFactor, user, verification } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import type { Auth } from '../auth/create-auth';
import { deleteAllPasskeys } from '../auth/delete-passkey';
import { forgetPasswordFailures } from '../auth/password-lockout';
import { forgetCachedSessions, refreshCachedSessions } from '../auth/session-cache';
import { forgetTrustedBrowsers } from '../auth/trusted-browsers';

/*
 * The way back after an e-mail change (issue #33, finding 8). A thief who knows the password can change
 * the address; the notice to the old address carries a link (/account/restore-email?token=…, 7 days,
 * once) that puts the old address back and shuts the thief out: every session ends, every trusted
 * browser and passkey is forgotten, a two-step sign-in turned on (or re-enrolled) since the change is
 * turned off, the password stops working (the owner sets a new one with "Forgot
 * password", a code to the restored address), and a pending e-mail change is dropped. The new address
 * can no longer sign in: no account has it any more.
 *
 * The token is 32 random bytes; only its SHA-256 is kept, as a `verification` row
 * `email-restore-<hash>` whose value names the account and both addresses. When a thief changes the
 * address twice (A → B → C), B gets a link too: using A's link drops every link made after it, so the
 * owner's older address wins, and B's link cannot take the account back from A.
 */

const PREFIX = 'email-restore-';
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

interface RestoreLink {
  userId: string;
  oldEmail: string;
  newEmail: string;
  /**
   * The account's two-step sign-in when the address was changed: a SHA-256 of its key, or null when it
   * was off (set by createEmailRestoreToken). A restore turns off a two-step sign-in that differs from
   * it: one the thief turned on, or re-enrolled with their own authenticator.
   */
  twoFactor?: string | null;
}

/** The account's two-step sign-in now: a fingerprint of its key, or null when it is off or not confirmed. */
async function twoFactorFingerprint(db: DbExecutor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: twoFactor.secret, verified: twoFactor.verified, enabled: user.twoFactorEnabled })
    .from(user)
    .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
    .where(eq(user.id, userId));
  if (!row?.enabled || !row.secret || !row.verified) return null;
  return hashOf(row.secret);
}

/** Makes the link's token for an e-mail change (in the change's transaction when given); answers the token. */
export async function createEmailRestoreToken(db: DbExecutor, link: Omit<RestoreLink, 'twoFactor'>, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const twoFactorThen = await twoFactorFingerprint(db, link.userId);
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: `${PREFIX}${hashOf(token)}`,
    value: JSON.stringify({ ...link, twoFactor: twoFactorThen } satisfies RestoreLink),
    expiresAt: new Date(now.getTime() + EMAIL_RESTORE_TTL_DAYS * 24 * 3600_000),
    createdAt: now,
    updatedAt: now,
  });
  return token;
}

/** The page's link, for the notice to the old address. */
export function emailRestoreUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/account/restore-email?token=${token}`;
}

/** Uses the link: the old address back, every way in the thief may hold closed. 404 when unknown, used or expired; 409 when another account took the address. */
export async function restoreEmail(auth: Auth, db: Database, token: string, now = new Date()): Promise<EmailRestoreResponse> {
  const restored = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(verification)
      .where(and(eq(verification.identifier, `${PREFIX}${hashOf(token)}`), gt(verification.expiresAt, now)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'account.emailRestoreInvalid');
    const link = JSON.parse(row.value) as RestoreLink;
    const [owner] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, link.userId)).for('update');
    if (!owner) throw new AppError('NOT_FOUND', 'account.emailRestoreInvalid');
    const [taken] = await tx
      .select({ id: user.id, emailVerified: user.emailVerified })
      .from(user)
      .where(and(eq(user.email, link.oldEmail), ne(user.id, link.userId)));
    // A sign-up never confirmed proves nothing (anyone can start one, its code went to this mailbox):
    // it does not keep the owner out, it goes. A confirmed account on the address does.
    if (taken && !taken.emailVerified) await tx.delete(user).where(eq(user.id, taken.id));
    else if (taken) throw new AppError('EMAIL_TAKEN', 'account.emailRestoreTaken');

    await tx.update(user).set({ email: link.oldEmail, emailVerified: true, updatedAt: now }).where(eq(user.id, link.userId));
    // Links made after this one (a second change by the same hand) go; this older address wins.
    const later = await tx
      .select({ id: verification.id, value: verification.value })
      .from(verification)
      .where(and(like(verification.identifier, `${PREFIX}%`), gt(verification.createdAt, row.createdAt)));
    for (const other of later) {
      if ((JSON.parse(other.value) as RestoreLink).userId === link.userId) await tx.delete(verification).where(eq(verification.id, other.id));
    }
    // A pending change of address (better-auth's change-email-otp-<user id>:<address>) is dropped.
    await tx.delete(verification).where(like(verification.identifier, `change-email-otp-${link.userId}:%`));
    await deleteAllPasskeys(tx, link.userId);
    // A two-step sign-in the thief turned on (or re-enrolled with their own authenticator) after the
    // change would keep the owner out after the password reset: it goes. The owner's own, unchanged, stays.
    if ((await twoFactorFingerprint(tx, link.userId)) !== (link.twoFactor ?? null)) {
      await tx.delete(twoFactor).where(eq(twoFactor.userId, link.userId));
      await tx.update(user).set({ twoFactorEnabled: false, updatedAt: now }).where(eq(user.id, link.userId));
    }
    await tx.delete(session).where(eq(session.userId, link.userId));
    // The password the thief knows stops working: a random one nobody knows, until the owner resets it.
    const context = await auth.$context;
    const unknown = await context.password.hash(randomBytes(32).toString('base64url'));
    await tx
      .update(account)
      .set({ password: unknown, updatedAt: now })
      .where(and(eq(account.userId, link.userId), eq(account.providerId, 'credential')));
    await forgetPasswordFailures(tx, link.oldEmail);
    await forgetPasswordFailures(tx, owner.email);
    return link;
  });
  // Sessions kept in Redis too (REDIS_URL); the rows are gone already.
  await forgetCachedSessions(auth, restored.userId);
  await forgetTrustedBrowsers(auth, db, restored.userId);
  await refreshCachedSessions(auth, restored.userId);
  return { message: formatMessage('account.emailRestored', { email: restored.oldEmail }), email: restored.oldEmail };
}
