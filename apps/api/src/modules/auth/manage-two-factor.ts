import { eq } from 'drizzle-orm';
import type { SessionUser } from '@medallion/contracts/auth';
import { formatMessage } from '@medallion/contracts/messages';
import type { TwoFactorSetupRequest, TwoFactorStatusResponse, TwoFactorSetupResponse } from '@medallion/contracts/two-factor';
import { TOTP_CODE_PATTERN } from '@medallion/contracts/two-factor';
import type { Database } from '@medallion/db/client';
import { account, user } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { betterAuthCode, toAppError } from './auth-errors';
import type { Auth } from './create-auth';
import { codeSentMessage, publicUrlOf, toSessionUser, type FlowResult } from './account-flows';
import { sendMailboxCode, takeMailboxCode } from './mailbox-code';
import type { Mailer } from '../../integrations/mail/mailer';
import { claimTwoFactorCode, releaseTwoFactorCode } from './claim-two-factor-code';
import { forgetTrustedBrowsers } from './trusted-browsers';
import { notifyTwoFactorChange, type TwoFactorNotice } from './two-factor-email';
import { refreshCachedSessions } from './session-cache';
import { twoFactorError } from './two-factor-sign-in';
import { checkPasswordCounted, isWrongPassword, passwordAttempt, verifyAccountPassword } from './password-lockout';
import { noteStepUpOfRequest } from './step-up';
import { assertTwoFactorNotLocked, clearTwoFactorFailures, findTwoFactor, recordTwoFactorFailure, type TwoFactorRow } from './two-factor-failures';

/*
 * Turning two-step sign-in on and off for the signed-in user (the Security tab), over better-auth's
 * two-factor plugin: setup (password → key and recovery codes), confirm (one code turns it on),
 * disable (password and a code), new recovery codes (password).
 */

async function hasPassword(db: Database, userId: string): Promise<boolean> {
  const rows = await db.select({ password: account.password }).from(account).where(eq(account.userId, userId));
  return rows.some((r) => !!r.password);
}

/** The user as stored now (after better-auth changed two_factor_enabled). */
async function storedUser(auth: Auth, db: Database, userId: string): Promise<SessionUser> {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      status: user.status,
      twoFactorEnabled: user.twoFactorEnabled,
      twoFactorExempt: user.twoFactorExempt,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw new AppError('UNAUTHORIZED');
  return toSessionUser(row, publicUrlOf(auth));
}

/** A new key and recovery codes (it stays off until confirmed); starting again replaces an unconfirmed key. */
export async function setUpTwoFactor(
  auth: Auth,
  db: Database,
  me: SessionUser,
  { password, emailCode }: TwoFactorSetupRequest,
  headers: Headers,
): Promise<TwoFactorSetupResponse> {
  if (me.twoFactorEnabled) throw new AppError('CONFLICT', 'twoFactor.alreadyOn');
  if (!(await hasPassword(db, me.id))) throw new AppError('BAD_REQUEST', 'twoFactor.needsPassword');
  // A staff account (the staff console needs two-step sign-in) also proves its mailbox: someone with its
  // session and password must not enroll an authenticator of their own (issue #33, finding 8).
  if (me.role === 'staff') {
    await verifyAccountPassword(auth, db, me, password, headers);
    if (!emailCode) throw new AppError('VALIDATION_ERROR', 'twoFactor.emailCodeNeeded').on('emailCode');
    if (!(await takeMailboxCode(db, me.id, 'staff-two-factor', emailCode))) throw new AppError('INVALID_CODE', 'twoFactor.emailCodeWrong').on('emailCode');
  }
  let enabled: { method: string; totpURI?: string; backupCodes?: string[] };
  try {
    // better-auth checks the password itself: counted towards the lockout (password-lockout.ts).
    enabled = await checkPasswordCounted(db, passwordAttempt(me.email, headers), () => auth.api.enableTwoFactor({ body: { password }, headers }), {
      isWrong: isWrongPassword,
      key: 'auth.passwordWrong',
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (betterAuthCode(error) === 'TOTP_ALREADY_ENABLED') throw new AppError('CONFLICT', 'twoFactor.alreadyOn');
    return toAppError(error);
  }
  // The right password counts as a step-up of this session (step-up.ts), as verifyAccountPassword's does.
  await noteStepUpOfRequest(auth, db, headers, me.id);
  const totpUri = enabled.totpURI ?? '';
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return { totpUri, secret, recoveryCodes: enabled.backupCodes ?? [] };
}

/** Claims the code, checks it with `check`, and counts a wrong one against the account. */
async function useCode(db: Database, userId: string, row: TwoFactorRow, claimKey: string, check: () => Promise<void>): Promise<void> {
  await assertTwoFactorNotLocked(db, row);
  if (!(await claimTwoFactorCode(db, userId, claimKey))) {
    throw new AppError('INVALID_CODE', claimKey.startsWith('totp:') ? 'twoFactor.codeUsedSignedIn' : 'twoFactor.recoveryCodeWrong');
  }
  try {
    await check();
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_CODE') {
      await releaseTwoFactorCode(db, userId, claimKey);
      await recordTwoFactorFailure(db, row);
    }
    throw error;
  }
  await clearTwoFactorFailures(db, row);
}

/** A current code of the app or a recovery code (used up), counted like every code of the account. */
async function checkCode(auth: Auth, db: Database, userId: string, row: TwoFactorRow, code: string, headers: Headers): Promise<void> {
  const totp = TOTP_CODE_PATTERN.test(code);
  await useCode(db, userId, row, `${totp ? 'totp' : 'recovery'}:${code}`, async () => {
    try {
      if (totp) await auth.api.verifyTOTP({ body: { code }, headers });
      else await auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers });
    } catch (error) {
      twoFactorError(error, totp ? 'twoFactor.codeWrong' : 'twoFactor.recoveryCodeWrong');
    }
  });
}

/** The second factor of the signed-in user (the step-up, reauthenticate.ts): its two-step sign-in must be on. */
export async function checkSecondFactor(auth: Auth, db: Database, me: SessionUser, code: string, headers: Headers): Promise<void> {
  const row = await findTwoFactor(db, me.id);
  if (!me.twoFactorEnabled || !row?.verified) throw new AppError('BAD_REQUEST', 'twoFactor.notOn').on('code');
  await checkCode(auth, db, me.id, row, code, headers);
}

/** One current code of the app turns two-step sign-in on (better-auth replaces the session: new cookie). */
export async function confirmTwoFactor(
  auth: Auth,
  db: Database,
  me: SessionUser,
  code: string,
  headers: Headers,
  notice: TwoFactorNotice,
): Promise<FlowResult<TwoFactorStatusResponse>> {
  if (me.twoFactorEnabled) throw new AppError('CONFLICT', 'twoFactor.alreadyOn');
  const row = await findTwoFactor(db, me.id);
  if (!row) throw new AppError('BAD_REQUEST', 'twoFactor.notStarted');
  let out: Headers | null = null;
  await useCode(db, me.id, row, `totp:${code}`, async () => {
    try {
      ({ headers: out } = await auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true }));
    } catch (error) {
      twoFactorError(error, 'twoFactor.codeWrong');
    }
  });
  await refreshCachedSessions(auth, me.id);
  await notifyTwoFactorChange(notice, me.email, 'on');
  return { body: { user: await storedUser(auth, db, me.id), message: formatMessage('twoFactor.turnedOn') }, headers: out };
}

/**
 * Turns two-step sign-in off: the password, then a current code of the app or a recovery code (which
 * is used up). better-auth removes the key and codes and replaces the session (new cookie). Every
 * browser the account trusted is forgotten, not only this one: turned on again, it asks everywhere.
 */
export async function disableTwoFactor(
  auth: Auth,
  db: Database,
  me: SessionUser,
  input: { password: string; code: string },
  headers: Headers,
  notice: TwoFactorNotice,
): Promise<FlowResult<TwoFactorStatusResponse>> {
  const row = await findTwoFactor(db, me.id);
  if (!me.twoFactorEnabled || !row?.verified) throw new AppError('BAD_REQUEST', 'twoFactor.notOn');
  await verifyAccountPassword(auth, db, me, input.password, headers);
  await checkCode(auth, db, me.id, row, input.code, headers);
  let out: Headers;
  try {
    ({ headers: out } = await auth.api.disableTwoFactor({ body: { password: input.password }, headers, returnHeaders: true }));
  } catch (error) {
    if (betterAuthCode(error) === 'INVALID_PASSWORD') throw new AppError('INVALID_CREDENTIALS', 'auth.passwordWrong');
    return toAppError(error);
  }
  await forgetTrustedBrowsers(auth, db, me.id);
  await refreshCachedSessions(auth, me.id);
  await notifyTwoFactorChange(notice, me.email, 'off');
  return { body: { user: await storedUser(auth, db, me.id), message: formatMessage('twoFactor.turnedOff') }, headers: out };
}

/** A new set of recovery codes (the old ones stop working), after the password. */
export async function renewRecoveryCodes(
  auth: Auth,
  db: Database,
  me: SessionUser,
  password: string,
  headers: Headers,
  notice: TwoFactorNotice,
): Promise<{ recoveryCodes: string[] }> {
  if (!me.twoFactorEnabled) throw new AppError('BAD_REQUEST', 'twoFactor.notOn');
  await verifyAccountPassword(auth, db, me, password, headers);
  try {
    const { backupCodes } = await auth.api.generateBackupCodes({ body: { password }, headers });
    await notifyTwoFactorChange(notice, me.email, 'recoveryCodes');
    return { recoveryCodes: backupCodes };
  } catch (error) {
    return twoFactorError(error, 'twoFactor.codeWrong');
  }
}

/** POST /account/two-factor/email-code: the code a staff account's enrollment needs, to its own address. */
export async function sendStaffEnrollmentCode(db: Database, mailer: Mailer, me: SessionUser): Promise<{ message: string }> {
  if (me.role !== 'staff') throw new AppError('BAD_REQUEST', 'error.badRequest');
  if (me.twoFactorEnabled) throw new AppError('CONFLICT', 'twoFactor.alreadyOn');
  await sendMailboxCode(db, mailer, me, 'staff-two-factor');
  return { message: codeSentMessage(me.email) };
}
