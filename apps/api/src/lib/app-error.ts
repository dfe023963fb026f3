import { ERROR_MESSAGES, type ErrorCode } from '@medallion/contracts/error-codes';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  EMAIL_NOT_VERIFIED: 403,
  USER_NOT_FOUND: 404,
  INVALID_CREDENTIALS: 401,
  INVALID_CODE: 400,
  CODE_EXPIRED: 400,
  ACCOUNT_LOCKED: 423,
  PAYMENT_FAILED: 402,
  AMOUNT_MISMATCH: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

/** The one error type service functions throw; the error handler turns it into {code, message}. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    public readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS[code];
  }
}

export function statusForCode(code: ErrorCode): number {
  return STATUS[code];
}
