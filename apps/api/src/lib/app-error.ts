import { ERROR_MESSAGE_KEYS, type ErrorCode } from '@medallion/contracts/error-codes';
import { toMessage, type Message, type MessageArgs, type MessageKey } from '@medallion/contracts/messages';

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
  TWO_FACTOR_REQUIRED: 403,
  REAUTH_REQUIRED: 403,
  PAYMENT_FAILED: 402,
  AMOUNT_MISMATCH: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

/**
 * The one error type service functions throw; the error handler turns it into {code, key, params?,
 * message, fields?}. The message is a catalogue key with its params (the key of the code's default
 * message when none is given): `new AppError('CONFLICT', 'cart.outOfStock', { title })`.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly key: MessageKey;
  readonly params: Record<string, string | number> | undefined;
  /** Field paths the problem is about, each with this same message. */
  fields: Record<string, Message> | undefined;
  /** Seconds the client should wait before trying again (the Retry-After header of a 429 or 503). */
  retryAfterSeconds: number | undefined;

  constructor(
    public readonly code: ErrorCode,
    ...message: [] | MessageArgs
  ) {
    const { key, params, message: text } = message.length === 0 ? toMessage(ERROR_MESSAGE_KEYS[code]) : toMessage(...message);
    super(text);
    this.name = 'AppError';
    this.statusCode = STATUS[code];
    this.key = key;
    this.params = params;
  }

  /** Answers with `Retry-After: seconds` (a refusal that passes: busy, rate-limited). */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = seconds;
    return this;
  }

  /** Reports this message on the given fields too (fields.<path> of the answer). */
  on(...paths: string[]): this {
    const message: Message = { key: this.key, ...(this.params ? { params: this.params } : {}), message: this.message };
    this.fields = { ...this.fields, ...Object.fromEntries(paths.map((path) => [path, message])) };
    return this;
  }
}

/** A VALIDATION_ERROR about one field, with the field's message as the answer's message too. */
export function invalidField(field: string, ...message: MessageArgs): AppError {
  return new AppError('VALIDATION_ERROR', ...message).on(field);
}

export function statusForCode(code: ErrorCode): number {
  return STATUS[code];
}
