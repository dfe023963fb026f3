/** Error codes and their default English texts. Kept free of zod so the web can import it cheaply. */
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
  'PAYMENT_FAILED',
  'AMOUNT_MISMATCH',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** English texts for error codes, used by the API when it has nothing more specific to say. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Some fields are not filled in correctly.',
  BAD_REQUEST: 'The request could not be understood.',
  UNAUTHORIZED: 'User is not authenticated',
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This conflicts with existing data.',
  EMAIL_TAKEN: 'Email address already taken!',
  EMAIL_NOT_VERIFIED: 'Please confirm your e-mail address first.',
  USER_NOT_FOUND: 'Email address does not exist!',
  INVALID_CREDENTIALS: 'Incorrect e-mail or password.',
  INVALID_CODE: 'This code is not correct. Check the e-mail and try again.',
  CODE_EXPIRED: 'This code has expired or was used too many times. Ask for a new code.',
  ACCOUNT_LOCKED: 'Too many wrong passwords. Sign-in is locked for 15 minutes. Try again later or reset your password.',
  PAYMENT_FAILED: 'The payment did not go through.',
  AMOUNT_MISMATCH: 'The amount to pay has changed. Please review it and try again.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  RATE_LIMITED: 'Too many requests. Please wait a few minutes and try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again later.',
  INTERNAL_ERROR: 'Something went wrong on our side. Please try again later.',
};
