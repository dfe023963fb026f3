import { AppError } from '../../lib/app-error';
import { MAX_PASSKEYS } from '@medallion/contracts/passkeys';
import { betterAuthCode, toAppError } from './auth-errors';
import { PASSKEY_ERRORS } from './passkey-plugin';

/** Turns an error of the passkey plugin (or of better-auth's session checks) into our AppError. */
export function passkeyError(error: unknown): never {
  switch (betterAuthCode(error)) {
    case PASSKEY_ERRORS.CHALLENGE_EXPIRED:
      throw new AppError('BAD_REQUEST', 'passkey.challengeExpired');
    case PASSKEY_ERRORS.NOT_VERIFIED:
      // 401 at sign-in; a registration the signed-in user made that did not check out is a bad request.
      throw new AppError((error as { statusCode?: number }).statusCode === 401 ? 'INVALID_CREDENTIALS' : 'BAD_REQUEST', 'passkey.notVerified');
    case PASSKEY_ERRORS.UNKNOWN:
      throw new AppError('INVALID_CREDENTIALS', 'passkey.unknown');
    case PASSKEY_ERRORS.ALREADY_ADDED:
      throw new AppError('CONFLICT', 'passkey.alreadyAdded');
    case PASSKEY_ERRORS.TOO_MANY:
      throw new AppError('CONFLICT', 'passkey.tooMany', { max: MAX_PASSKEYS });
    case 'SESSION_NOT_FRESH':
      throw new AppError('FORBIDDEN', 'passkey.signInAgain');
    default:
      return toAppError(error);
  }
}
