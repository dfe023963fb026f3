import type { MessageKey } from './messages';

/** Error codes and their default message keys. Kept free of zod so the web can import it cheaply. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'EMAIL_NOT_VERIFIED',
  'USER_NOT_FOUND',
  'INVALID_CREDENTIALS',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'ACCOUNT_LOCKED',
  'TWO_FACTOR_REQUIRED',
  'REAUTH_REQUIRED',
  'PAYMENT_FAILED',
  'AMOUNT_MISMATCH',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The message of an error code when the API has nothing more specific to say (its text is in MESSAGES). */
export const ERROR_MESSAGE_KEYS = {
  VALIDATION_ERROR: 'error.validation',
  BAD_REQUEST: 'error.badRequest',
  UNAUTHORIZED: 'error.unauthorized',
  FORBIDDEN: 'error.forbidden',
  NOT_FOUND: 'error.notFound',
  CONFLICT: 'error.conflict',
  EMAIL_TAKEN: 'auth.emailTaken',
  EMAIL_NOT_VERIFIED: 'auth.emailNotVerified',
  USER_NOT_FOUND: 'auth.userNotFound',
  INVALID_CREDENTIALS: 'auth.invalidCredentials',
  INVALID_CODE: 'auth.invalidCode',
  CODE_EXPIRED: 'auth.codeExpired',
  ACCOUNT_LOCKED: 'auth.accountLocked',
  TWO_FACTOR_REQUIRED: 'twoFactor.required',
  REAUTH_REQUIRED: 'auth.reauthRequired',
  PAYMENT_FAILED: 'payment.failed',
  AMOUNT_MISMATCH: 'payment.amountChanged',
  PAYLOAD_TOO_LARGE: 'error.payloadTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'error.unsupportedMediaType',
  RATE_LIMITED: 'error.rateLimited',
  SERVICE_UNAVAILABLE: 'error.serviceUnavailable',
  INTERNAL_ERROR: 'error.internal',
} as const satisfies Record<ErrorCode, MessageKey>;
