import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatMessage } from '@medallion/contracts/messages';
import type { DeleteAccountRequest } from '@medallion/contracts/auth';
import type { Database } from '@medallion/db/client';
import { account, contactMessages, listings, mailOutbox, user } from '@medallion/db/schema';
import type { Storage } from '../../integrations/storage/storage';
import { AppError } from '../../lib/app-error';
import { toAppError } from '../auth/auth-errors';
import { forgetPasswordFailures, verifyAccountPassword } from '../auth/password-lockout';
import type { Auth } from '../auth/create-auth';
import { codeSentMessage } from '../auth/account-flows';
import { forgetCachedSessions } from '../auth/session-cache';
import { assertCodeQuota } from '../auth/code-quota';
import { forgetPasswordNotices } from '../auth/known-browsers';
import { assertNoRentalInProgress, privateFilesOfRentals } from '../rentals/rentals-of-deleted-account';

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
 * the user row goes (sessions, sign-in methods and listings with it), contact messages are anonymised,
 * mail addressed to the user is removed, and the pictures of their listings are removed from the
 * storage, so their /media (or bucket) URLs stop answering. Features that store user data add their
 * part here.
 */
export async function deleteAccount(
  auth: Auth,
  db: Database,
  storage: Storage,
  log: FastifyBaseLogger,
  me: { id: string; email: string },
  input: DeleteAccountRequest,
  headers: Headers,
): Promise<{ message: string }> {
  if (await hasPassword(db, me.id)) {
    if (!input.password) throw new AppError('VALIDATION_ERROR', 'passwordRequired').on('password');
    // Counted towards the lockout like a wrong sign-in (password-lockout.ts).
    await verifyAccountPassword(auth, db, me, input.password, headers);
  } else {
    if (!input.code) throw new AppError('VALIDATION_ERROR', 'codeInvalid').on('code');
    try {
      // Consumes the code (single use, 5 tries, 10 minutes) through better-auth's own checks.
      await auth.api.signInEmailOTP({ body: { email: me.email, otp: input.code } });
    } catch (error) {
      toAppError(error);
    }
  }

  const { listingIds, privateFiles } = await db.transaction(async (tx) => {
    // Its rows are locked by the delete below; a rental picked up meanwhile waits for it, then finds no rental.
    await assertNoRentalInProgress(tx, me.id);
    const privateFiles = await privateFilesOfRentals(tx, me.id);
    await tx.update(contactMessages).set({ name: 'Deleted user', email: 'deleted@medallion.invalid' }).where(eq(contactMessages.email, me.email));
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, me.email));
    await forgetPasswordFailures(tx, me.email);
    await forgetPasswordNotices(tx, me.id);
    // The listings go with the user (ON DELETE CASCADE); their ids name the picture folders.
    const owned = await tx.delete(listings).where(eq(listings.userId, me.id)).returning({ id: listings.id });
    await tx.delete(user).where(eq(user.id, me.id));
    return { listingIds: owned.map((l) => l.id), privateFiles };
  });
  // Sessions cached in Redis (REDIS_URL) end too; the database rows went with the user.
  await forgetCachedSessions(auth, me.id);
  // Files after the rows are gone (a failed transaction keeps both). A whole folder per listing, so
  // pictures a crashed save left behind go too. A step-2 save racing with this finds no row and
  // removes what it wrote. The account is deleted either way: a storage failure is logged, not answered.
  const removed = await Promise.allSettled(listingIds.map((id) => storage.deleteFolder(id)));
  for (const [i, result] of removed.entries()) {
    if (result.status === 'rejected') log.error({ err: result.reason, listingId: listingIds[i] }, 'could not delete the pictures of a deleted account');
  }
  // The rentals' agreements and photos (private storage): no file of a deleted account is left behind.
  const removedPrivate = await Promise.allSettled(privateFiles.map((key) => storage.deletePrivate(key)));
  for (const [i, result] of removedPrivate.entries()) {
    if (result.status === 'rejected') log.error({ err: result.reason, key: privateFiles[i] }, 'could not delete a rental file of a deleted account');
  }
  return { message: formatMessage('user.accountDeleted') };
}
