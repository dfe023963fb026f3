import type { ErrorCode } from '@medallion/contracts/error-codes';
import { AppError } from '../../lib/app-error';

const BY_BETTER_AUTH_CODE: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  USER_ALREADY_EXISTS: 'EMAIL_TAKEN',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_TAKEN',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  INVALID_OTP: 'INVALID_CODE',
  OTP_EXPIRED: 'CODE_EXPIRED',
  TOO_MANY_ATTEMPTS: 'CODE_EXPIRED',
};

/** better-auth's code of an error it threw (APIError body.code), if any. */
export function betterAuthCode(error: unknown): string | undefined {
  const body = (error as { body?: { code?: unknown } } | null)?.body;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** Turns a better-auth APIError into our AppError; anything else is rethrown untouched. */
export function toAppError(error: unknown): never {
  const code = betterAuthCode(error);
  if (code) {
    const mapped = BY_BETTER_AUTH_CODE[code];
    if (mapped) throw new AppError(mapped);
    const status = (error as { statusCode?: number }).statusCode ?? 400;
    const text = (error as { body?: { message?: string } }).body?.message;
    const ours = status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : 'BAD_REQUEST';
    // better-auth's own English text has no key of ours: it goes out as written.
    if (status < 500) throw text ? new AppError(ours, 'error.untranslated', { text }) : new AppError(ours, 'auth.requestFailed');
  }
  throw error;
}
