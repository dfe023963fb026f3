import { eq } from 'drizzle-orm';
import type {
  ChangePasswordRequest,
  ConfirmForgotPasswordRequest,
  ConfirmSignUpRequest,
  SessionResponse,
  SessionUser,
  SignInRequest,
  SignUpRequest,
} from '@medallion/contracts/auth';
import { formatMessage } from '@medallion/contracts/messages';
import type { Database } from '@medallion/db/client';
import { user } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import { betterAuthCode, toAppError } from './auth-errors';
import type { Auth } from './create-auth';
import { forgetTrustedBrowsers, requestTrustId } from './trusted-browsers';
import { deleteAllPasskeys } from './delete-passkey';
import { describeBrowser } from './describe-browser';
import { passwordResetEmail } from './password-reset-email';
import { refreshCachedSessions } from './session-cache';
import { twoFactorSetupRequired } from './two-factor-policy';
import { assertCodeQuota } from './code-quota';
import { assertNotCommonPassword } from './common-passwords';
import { checkPasswordCounted, forgetPasswordFailures, isWrongPassword, passwordAttempt } from './password-lockout';

/** What a flow answers: the JSON body and the headers (Set-Cookie) better-auth produced. */
export interface FlowResult<T> {
  body: T;
  headers?: Headers | null;
  /** Who a sign-in signed in, when the body does not say (social sign-in). */
  signedIn?: { id: string; email: string };
  /** Whose password was right when the sign-in stopped at the two-step code (no session yet). */
  challenged?: { id: string; email: string };
}

interface BetterAuthUser {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  status?: string | null;
  twoFactorEnabled?: boolean | null;
  twoFactorExempt?: boolean | null;
}

/** The site's address as better-auth knows it (PUBLIC_URL), for the staff rule's demo exemption. */
export function publicUrlOf(auth: Auth): string {
  const base = auth.options.baseURL;
  return typeof base === 'string' ? base : '';
}

/** The user as the app sees it; `publicUrl` decides whether the demo staff exemption holds (two-factor-policy.ts). */
export function toSessionUser(u: BetterAuthUser, publicUrl: string): SessionUser {
  const role = u.role === 'staff' ? 'staff' : 'user';
  const twoFactorEnabled = u.twoFactorEnabled === true;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role,
    status: u.status === 'CONFIRMED' ? 'CONFIRMED' : 'UNCONFIRMED',
    twoFactorEnabled,
    twoFactorSetupRequired: twoFactorSetupRequired({ role, twoFactorEnabled, twoFactorExempt: u.twoFactorExempt === true }, publicUrl),
  };
}

export function codeSentMessage(email: string): string {
  return formatMessage('auth.codeSent', { email });
}

export async function emailExists(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  return !!row;
}

async function markConfirmed(auth: Auth, db: Database, userId: string): Promise<void> {
  await db.update(user).set({ status: 'CONFIRMED', updatedAt: new Date() }).where(eq(user.id, userId));
  await refreshCachedSessions(auth, userId);
}

/**
 * Creates the account and e-mails a 6-digit code. The account cannot sign in before confirming. A
 * common password is refused (as are reset and change: common-passwords.ts).
 */
export async function signUpUser(auth: Auth, db: Database, input: SignUpRequest): Promise<FlowResult<{ message: string }>> {
  await assertNotCommonPassword(input.password, 'password');
  if (await emailExists(db, input.email)) throw new AppError('EMAIL_TAKEN');
  try {
    await auth.api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password } });
  } catch (error) {
    toAppError(error);
  }
  return { body: { message: codeSentMessage(input.email) } };
}

/** Checks the code, marks the e-mail verified and the user CONFIRMED, and signs in. */
export async function confirmSignUp(auth: Auth, db: Database, input: ConfirmSignUpRequest, requestHeaders?: Headers): Promise<FlowResult<SessionResponse>> {
  try {
    // The request's headers: the new session records its browser and address (the Security tab's list).
    const { headers, response } = await auth.api.verifyEmailOTP({
      body: { email: input.email, otp: input.code },
      headers: requestHeaders,
      returnHeaders: true,
    });
    await markConfirmed(auth, db, response.user.id);
    return {
      body: { user: toSessionUser({ ...response.user, status: 'CONFIRMED' }, publicUrlOf(auth)), token: response.token ?? null },
      headers,
    };
  } catch (error) {
    return toAppError(error);
  }
}

export async function resendConfirmationCode(auth: Auth, db: Database, input: { email: string }): Promise<FlowResult<{ message: string }>> {
  await assertCodeQuota(db, input.email);
  try {
    await auth.api.sendVerificationOTP({ body: { email: input.email, type: 'email-verification' } });
  } catch (error) {
    toAppError(error);
  }
  return { body: { message: codeSentMessage(input.email) } };
}

/**
 * Signs in with e-mail and password. Wrong passwords count towards the lockout; an unconfirmed account
 * gets a new code and EMAIL_NOT_VERIFIED ("Code sent to {email}"), so the app can switch to confirm mode.
 */
export async function signInUser(auth: Auth, db: Database, input: SignInRequest, headers: Headers): Promise<FlowResult<SessionResponse>> {
  try {
    // The lockout (password-lockout.ts): per account and address, and the account's brake.
    const { headers: out, response } = await checkPasswordCounted(
      db,
      passwordAttempt(input.email, headers),
      () => auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers, returnHeaders: true }),
      { isWrong: (error) => betterAuthCode(error) === 'INVALID_EMAIL_OR_PASSWORD', key: 'auth.invalidCredentials' },
    );
    // Two-step sign-in: no session yet, only the challenge cookie (10 minutes) for the code's step.
    if ('twoFactorRedirect' in response) {
      const [row] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, input.email.toLowerCase()));
      return { body: { user: null, token: null, twoFactorRequired: true }, headers: out, ...(row ? { challenged: row } : {}) };
    }
    return { body: { user: toSessionUser(response.user as BetterAuthUser, publicUrlOf(auth)), token: response.token }, headers: out };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = betterAuthCode(error);
    if (code === 'EMAIL_NOT_VERIFIED') {
      await resendConfirmationCode(auth, db, input);
      throw new AppError('EMAIL_NOT_VERIFIED', 'auth.codeSent', { email: input.email });
    }
    return toAppError(error);
  }
}

/** E-mails a password-reset code; an unknown e-mail is answered as the spec says. */
export async function requestPasswordReset(auth: Auth, db: Database, input: { email: string }): Promise<FlowResult<{ message: string }>> {
  if (!(await emailExists(db, input.email))) throw new AppError('USER_NOT_FOUND');
  await assertCodeQuota(db, input.email);
  try {
    await auth.api.requestPasswordResetEmailOTP({ body: { email: input.email } });
  } catch (error) {
    toAppError(error);
  }
  return { body: { message: codeSentMessage(input.email) } };
}

/**
 * Sets the new password with the code, then signs in (automatic sign-in after reset). A reset is the way
 * back after losing control of the account, so nothing an intruder may have left survives it: every
 * session ends (better-auth), every browser trusted for two-step sign-in is forgotten (whoever reset the
 * password still needs the code) and the account's passkeys are removed. The owner is e-mailed that the
 * password was reset, and that the passkeys must be added again.
 */
export async function resetPassword(
  auth: Auth,
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  input: ConfirmForgotPasswordRequest,
  headers: Headers,
  now = new Date(),
): Promise<FlowResult<SessionResponse>> {
  // Before the code is used, so the same code still works with a better password.
  await assertNotCommonPassword(input.password, 'password');
  try {
    await auth.api.resetPasswordEmailOTP({ body: { email: input.email, otp: input.code, password: input.password } });
  } catch (error) {
    toAppError(error);
  }
  await forgetPasswordFailures(db, input.email);
  const [row] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, input.email.toLowerCase()));
  if (row) {
    await forgetTrustedBrowsers(auth, db, row.id);
    await db.transaction(async (tx) => {
      const passkeysRemoved = await deleteAllPasskeys(tx, row.id);
      const device = describeBrowser(headers.get('user-agent') ?? undefined);
      await mailer.send(passwordResetEmail({ to: row.email, at: now, device, passkeysRemoved, publicUrl }), tx);
    });
    mailer.deliverSoon();
    await markConfirmed(auth, db, row.id);
  }
  return signInUser(auth, db, { email: input.email, password: input.password }, headers);
}

/** The signed-in user of a request, with its session's token (for bearer clients) and row (id, last use). */
export async function getSessionUser(
  auth: Auth,
  headers: Headers,
): Promise<{ user: SessionUser; token: string; session: { id: string; updatedAt: Date } } | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  return {
    user: toSessionUser(result.user as BetterAuthUser, publicUrlOf(auth)),
    token: result.session.token,
    session: { id: result.session.id, updatedAt: new Date(result.session.updatedAt) },
  };
}

export async function signOutUser(auth: Auth, headers: Headers): Promise<FlowResult<{ message: string }>> {
  try {
    const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
    return { body: { message: formatMessage('auth.signedOut') }, headers: out };
  } catch {
    // No valid session: signing out is already done.
    return { body: { message: formatMessage('auth.signedOut') } };
  }
}

/**
 * Changes the password of the signed-in user and signs out their other devices; every browser the
 * account trusted for two-step sign-in but this one is forgotten with them (trusted-browsers.ts).
 */
export async function changePassword(
  auth: Auth,
  db: Database,
  me: { id: string; email: string },
  input: ChangePasswordRequest,
  headers: Headers,
): Promise<FlowResult<{ message: string }>> {
  await assertNotCommonPassword(input.newPassword, 'newPassword');
  let out: Headers;
  try {
    // A wrong current password counts towards the lockout like a wrong sign-in (password-lockout.ts).
    ({ headers: out } = await checkPasswordCounted(
      db,
      passwordAttempt(me.email, headers),
      () =>
        auth.api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        }),
      { isWrong: isWrongPassword, key: 'auth.currentPasswordWrong' },
    ));
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = betterAuthCode(error);
    if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
      throw new AppError('BAD_REQUEST', 'auth.noPasswordToChange');
    }
    return toAppError(error);
  }
  await forgetTrustedBrowsers(auth, db, me.id, await requestTrustId(auth, headers));
  return { body: { message: formatMessage('auth.passwordChanged') }, headers: out };
}
