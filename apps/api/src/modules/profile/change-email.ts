import { and, count, eq, gt, like, ne, sql } from 'drizzle-orm';
import type { EmailChangeConfirmRequest, EmailChangeRequest } from '@medallion/contracts/account';
import type { SessionUser } from '@medallion/contracts/auth';
import type { Database } from '@medallion/db/client';
import { account, user, verification } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import { codeSentMessage, type FlowResult } from '../auth/account-flows';
import { toAppError } from '../auth/auth-errors';
import { CODE_MAIL_WINDOW_MS, CODE_MAILS_PER_WINDOW, assertCodeQuota } from '../auth/code-quota';
import type { Auth } from '../auth/create-auth';
import { revokeOtherSessions } from '../auth/revoke-sessions';
import { forgetPasswordFailures, verifyAccountPassword } from '../auth/password-lockout';
import { emailChangedNotice } from './profile-emails';
import { createEmailRestoreToken, emailRestoreUrl } from './restore-email';

/** better-auth's key of a pending change: `change-email-otp-<user id>:<new address>` (email-otp plugin). */
const pendingPrefix = (userId: string) => `change-email-otp-${userId}:`;

/**
 * At most 5 change codes per account in 15 minutes, whatever the addresses: the per-address quota
 * (assertCodeQuota) alone would let one account send codes to many strangers.
 */
async function assertAccountQuota(db: Database, userId: string): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(verification)
    .where(
      and(
        like(verification.identifier, `${pendingPrefix(userId).replace(/[\\%_]/g, '\\$&')}%`),
        gt(verification.createdAt, sql`now() - ${`${CODE_MAIL_WINDOW_MS} milliseconds`}::interval`),
      ),
    );
  if ((row?.n ?? 0) >= CODE_MAILS_PER_WINDOW) throw new AppError('RATE_LIMITED', 'auth.tooManyCodes');
}

/** Whether another account has this address. */
async function takenByAnother(db: Database, userId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, email), ne(user.id, userId)));
  return !!row;
}

async function assertNewAddress(db: Database, me: SessionUser, email: string): Promise<void> {
  if (email === me.email.toLowerCase()) throw new AppError('BAD_REQUEST', 'account.emailSame').on('email');
  // Sign-up already tells whether an address is taken (EMAIL_TAKEN): saying so here reveals nothing more.
  if (await takenByAnother(db, me.id, email)) throw new AppError('EMAIL_TAKEN', 'account.emailInUse').on('email');
}

/**
 * Step 1 of an e-mail change: the current password again (wrong ones count towards the sign-in
 * lockout), then a 6-digit code to the new address (single use, 10 minutes, 5 tries; at most 5 codes
 * per address and per account in 15 minutes). Nothing changes yet: the old address stays until the
 * code is confirmed.
 */
export async function requestEmailChange(auth: Auth, db: Database, me: SessionUser, input: EmailChangeRequest, headers: Headers): Promise<{ message: string }> {
  const credential = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, me.id), eq(account.providerId, 'credential')));
  if (!credential.some((c) => !!c.password)) throw new AppError('BAD_REQUEST', 'account.emailNeedsPassword');
  await verifyAccountPassword(auth, db, me, input.password, headers, 'auth.currentPasswordWrong', 'password');
  await assertNewAddress(db, me, input.email);
  await assertCodeQuota(db, input.email);
  await assertAccountQuota(db, me.id);
  try {
    await auth.api.requestEmailChangeEmailOTP({ body: { newEmail: input.email }, headers });
  } catch (error) {
    toAppError(error);
  }
  return { message: codeSentMessage(input.email) };
}

/**
 * Step 2: the code sent to the new address. A wrong code counts a try (5 at most, then a new code is
 * needed); a used or expired one is refused. Then the address changes (better-auth updates the user,
 * marks it verified and rewrites the sessions' cached user; the password sign-in method is keyed by the
 * user id, so it keeps working with the new address), the account's other browsers are signed out
 * (as after a password change; this one stays signed in), and both addresses get a notice; the old
 * address's carries the link that undoes the change (restore-email.ts).
 */
export async function confirmEmailChange(
  auth: Auth,
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  me: SessionUser,
  input: EmailChangeConfirmRequest,
  headers: Headers,
): Promise<FlowResult<null>> {
  await assertNewAddress(db, me, input.email);
  let out: Headers | null = null;
  try {
    const result = await auth.api.changeEmailEmailOTP({ body: { newEmail: input.email, otp: input.code }, headers, returnHeaders: true });
    out = result.headers;
  } catch (error) {
    // Another account took the address between the code and now (the code was right).
    if (await takenByAnother(db, me.id, input.email)) throw new AppError('EMAIL_TAKEN', 'account.emailInUse').on('email');
    toAppError(error);
  }
  await revokeOtherSessions(auth, db, me.id, headers);
  const oldEmail = me.email;
  await forgetPasswordFailures(db, oldEmail);
  // The old address gets the way back (restore-email.ts: 7 days, once); the new one the plain notice.
  await db.transaction(async (tx) => {
    const token = await createEmailRestoreToken(tx, { userId: me.id, oldEmail, newEmail: input.email });
    await mailer.send(emailChangedNotice({ to: oldEmail, oldEmail, newEmail: input.email, publicUrl, restoreUrl: emailRestoreUrl(publicUrl, token) }), tx);
    await mailer.send(emailChangedNotice({ to: input.email, oldEmail, newEmail: input.email, publicUrl }), tx);
  });
  mailer.deliverSoon();
  return { body: null, headers: out };
}
