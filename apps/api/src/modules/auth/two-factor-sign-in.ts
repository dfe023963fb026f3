import type { SessionResponse } from '@medallion/contracts/auth';
import type { Database } from '@medallion/db/client';
import { AppError } from '../../lib/app-error';
import { betterAuthCode, toAppError } from './auth-errors';
import type { Auth } from './create-auth';
import { publicUrlOf, toSessionUser, type FlowResult } from './account-flows';
import { claimTwoFactorCode } from './claim-two-factor-code';

/** better-auth's answers of the second step, in our messages. */
export function twoFactorError(error: unknown, wrongCode: 'twoFactor.codeWrong' | 'twoFactor.recoveryCodeWrong'): never {
  switch (betterAuthCode(error)) {
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
    case 'CONFLICT':
      throw new AppError('INVALID_CODE', wrongCode);
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
    case 'INVALID_TWO_FACTOR_COOKIE':
      throw new AppError('CODE_EXPIRED', 'twoFactor.challengeExpired');
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      throw new AppError('RATE_LIMITED', 'twoFactor.locked');
    case 'TOTP_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
    case 'TWO_FACTOR_NOT_ENABLED':
      throw new AppError('BAD_REQUEST', 'twoFactor.notOn');
  }
  // A concurrent use of the same recovery code loses better-auth's compare-and-set (409 without a code).
  if ((error as { statusCode?: number } | null)?.statusCode === 409) throw new AppError('INVALID_CODE', wrongCode);
  return toAppError(error);
}

/**
 * The request's headers without a session cookie: the second step of sign-in is about the challenge
 * cookie alone (with a session, better-auth's verify would check the code for that session instead).
 */
function withoutSession(headers: Headers): Headers {
  const out = new Headers(headers);
  const cookie = headers.get('cookie');
  if (cookie) {
    const kept = cookie
      .split(';')
      .map((c) => c.trim())
      .filter((c) => c && !/^[^=]*session_(token|data)=/.test(c));
    out.set('cookie', kept.join('; '));
  }
  out.delete('authorization');
  return out;
}

interface VerifiedUser {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  status?: string | null;
  twoFactorEnabled?: boolean | null;
  twoFactorExempt?: boolean | null;
}

/**
 * The second step of sign-in: the authenticator's code (or a recovery code) with the challenge cookie
 * that sign-in set. better-auth checks the code (5 tries per challenge, 10 wrong codes in a row lock the
 * account's second step for 15 minutes) and creates the session; we then claim the code, and when it
 * was already used (a replay, or a parallel request with the same code) the new session is ended at
 * once and its cookies are not sent.
 */
export async function verifyTwoFactorSignIn(
  auth: Auth,
  db: Database,
  kind: 'totp' | 'recovery',
  input: { code: string; trustBrowser: boolean },
  requestHeaders: Headers,
): Promise<FlowResult<SessionResponse>> {
  const headers = withoutSession(requestHeaders);
  let result: { headers: Headers; response: { token?: string | undefined; user: unknown } };
  try {
    result =
      kind === 'totp'
        ? await auth.api.verifyTOTP({ body: { code: input.code, trustDevice: input.trustBrowser }, headers, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body: { code: input.code, trustDevice: input.trustBrowser }, headers, returnHeaders: true });
  } catch (error) {
    return twoFactorError(error, kind === 'totp' ? 'twoFactor.codeWrong' : 'twoFactor.recoveryCodeWrong');
  }
  const user = result.response.user as VerifiedUser;
  const token = result.response.token;
  if (!token) throw new AppError('CODE_EXPIRED', 'twoFactor.challengeExpired');
  if (!(await claimTwoFactorCode(db, user.id, `${kind}:${input.code}`))) {
    const context = await auth.$context;
    await context.internalAdapter.deleteSession(token);
    throw new AppError('UNAUTHORIZED', kind === 'totp' ? 'twoFactor.codeUsed' : 'twoFactor.recoveryCodeWrong');
  }
  return {
    body: { user: toSessionUser(user, publicUrlOf(auth)), token },
    headers: result.headers,
    signedIn: { id: user.id, email: user.email },
  };
}
