import { eq } from 'drizzle-orm';
import type { DeleteAccountRequest } from '@medallion/contracts/auth';
import type { Database } from '@medallion/db/client';
import { account, contactMessages, mailOutbox, signInFailures, user } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { betterAuthCode, toAppError } from '../auth/auth-errors';
import type { Auth } from '../auth/create-auth';
import { codeSentMessage } from '../auth/account-flows';
import { assertCodeQuota } from '../auth/code-quota';

async function hasPassword(db: Database, userId: string): Promise<boolean> {
  const rows = await db.select({ password: account.password }).from(account).where(eq(account.userId, userId));
  return rows.some((r) => !!r.password);
}

/** E-mails a one-time code that confirms deleting an account without a password. */
export async function sendDeleteAccountCode(auth: Auth, db: Database, email: string): Promise<{ message: string }> {
  await assertCodeQuota(db, email);
  try {
    await auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' } });
  } catch (error) {
    toAppError(error);
  }
  return { message: codeSentMessage(email) };
}

/**
 * Deletes the caller's account after checking the password (or, without one, the e-mailed code):
 * the user row goes (sessions and sign-in methods with it), contact messages are anonymised and
 * mail addressed to the user is removed. Features that store user data add their part here.
 */
export async function deleteAccount(
  auth: Auth,
  db: Database,
  me: { id: string; email: string },
  input: DeleteAccountRequest,
  headers: Headers,
): Promise<{ message: string }> {
  if (await hasPassword(db, me.id)) {
    if (!input.password) throw new AppError('VALIDATION_ERROR', 'PASSWORD parameter is required', { password: 'PASSWORD parameter is required' });
    try {
      await auth.api.verifyPassword({ body: { password: input.password }, headers });
    } catch (error) {
      if (betterAuthCode(error) === 'INVALID_PASSWORD') throw new AppError('INVALID_CREDENTIALS', 'The password is not correct.');
      toAppError(error);
    }
  } else {
    if (!input.code) throw new AppError('VALIDATION_ERROR', 'Invalid Confirmation Code', { code: 'Invalid Confirmation Code' });
    try {
      // Consumes the code (single use, 5 tries, 10 minutes) through better-auth's own checks.
      await auth.api.signInEmailOTP({ body: { email: me.email, otp: input.code } });
    } catch (error) {
      toAppError(error);
    }
  }

  await db.transaction(async (tx) => {
    await tx
      .update(contactMessages)
      .set({ name: 'Deleted user', email: 'deleted@medallion.invalid' })
      .where(eq(contactMessages.email, me.email));
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, me.email));
    await tx.delete(signInFailures).where(eq(signInFailures.email, me.email));
    await tx.delete(user).where(eq(user.id, me.id));
  });
  return { message: 'Your account has been deleted.' };
}
