import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '@medallion/contracts/auth';
import { formatMessage } from '@medallion/contracts/messages';
import type { ReauthenticateRequest, ReauthenticateResponse, StepUpStatusResponse } from '@medallion/contracts/two-factor';
import type { Database } from '@medallion/db/client';
import { account } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import { codeSentMessage } from './account-flows';
import type { Auth } from './create-auth';
import { sendMailboxCode, takeMailboxCode } from './mailbox-code';
import { checkSecondFactor } from './manage-two-factor';
import { verifyAccountPassword } from './password-lockout';
import { noteStepUp, stepUpExpiry } from './step-up';

async function hasPassword(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return rows.some((r) => !!r.password);
}

/** How this account confirms it is its owner: its password, its two-step code, or (with neither) a code e-mailed to it. */
async function methodsOf(db: Database, me: SessionUser): Promise<StepUpStatusResponse['methods']> {
  const methods: StepUpStatusResponse['methods'] = [];
  if (await hasPassword(db, me.id)) methods.push('password');
  if (me.twoFactorEnabled) methods.push('code');
  return methods.length > 0 ? methods : ['emailCode'];
}

/** GET /account/reauthenticate: the ways this account can step up, and until when this session's step-up holds. */
export async function stepUpStatus(db: Database, me: SessionUser, sessionId: string): Promise<StepUpStatusResponse> {
  const expiresAt = await stepUpExpiry(db, sessionId, me.id);
  return { methods: await methodsOf(db, me), expiresAt: expiresAt?.toISOString() ?? null };
}

/** POST /account/reauthenticate/email-code: a code to the account's address, for an account with no password nor two-step sign-in. */
export async function sendStepUpCode(db: Database, mailer: Mailer, me: SessionUser): Promise<{ message: string }> {
  if (!(await methodsOf(db, me)).includes('emailCode')) throw new AppError('BAD_REQUEST', 'auth.reauthPasswordNeeded').on('password');
  await sendMailboxCode(db, mailer, me, 'step-up');
  return { message: codeSentMessage(me.email) };
}

/**
 * The step-up: the password (a wrong one counts towards the lockout, password-lockout.ts), or a current
 * code of the authenticator app or a recovery code (counted like every code of the account), or, for an
 * account with neither, the e-mailed code. Then this session may change passkeys for 5 minutes.
 */
export async function reauthenticate(
  auth: Auth,
  db: Database,
  me: SessionUser,
  sessionId: string,
  input: ReauthenticateRequest,
  headers: Headers,
): Promise<ReauthenticateResponse> {
  const methods = await methodsOf(db, me);
  if (input.password !== undefined && methods.includes('password')) {
    await verifyAccountPassword(auth, db, me, input.password, headers, 'auth.passwordWrong', 'password');
  } else if (input.code !== undefined && methods.includes('code')) {
    await checkSecondFactor(auth, db, me, input.code, headers);
  } else if (input.emailCode !== undefined && methods.includes('emailCode')) {
    if (!(await takeMailboxCode(db, me.id, 'step-up', input.emailCode))) throw new AppError('INVALID_CODE', 'twoFactor.emailCodeWrong').on('emailCode');
  } else if (methods.includes('password')) {
    throw new AppError('VALIDATION_ERROR', 'auth.reauthPasswordNeeded').on('password');
  } else {
    throw new AppError('VALIDATION_ERROR', 'auth.reauthCodeNeeded').on('emailCode');
  }
  const expiresAt = await noteStepUp(db, sessionId, me.id);
  return { message: formatMessage('auth.reauthenticated'), expiresAt: expiresAt.toISOString() };
}
