import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGE_KEYS, type ErrorCode } from '@medallion/contracts/error-codes';
import type { ApiError } from '@medallion/contracts/errors';
import { isMessageKey, MESSAGES, toMessage, type Message, type PlainMessageKey } from '@medallion/contracts/messages';
import { AppError, statusForCode } from '../lib/app-error';

const FASTIFY_CODES: Record<string, { code: ErrorCode; key?: PlainMessageKey }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', key: 'error.emptyBody' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', key: 'error.invalidJson' },
};

/** An answer with the code's default message. */
function answer(status: number, code: ErrorCode): { status: number; body: ApiError } {
  return { status, body: { code, ...toMessage(ERROR_MESSAGE_KEYS[code]) } };
}

/**
 * The message of a validation problem: the contracts' schemas use catalogue keys as their zod
 * messages; any other text (a zod default, which a schema should not leave) goes out as written.
 */
function problemMessage(text: string | undefined): Message {
  if (text !== undefined && isMessageKey(text)) return { key: text, message: MESSAGES[text] };
  return toMessage('error.untranslated', { text: text ?? '' });
}

/** A PostgreSQL error as both drivers report it (pg's and PGlite's DatabaseError have the same fields). */
interface DatabaseError extends Error {
  code: string;
  severity: string;
  routine?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

function isDatabaseError(value: unknown): value is DatabaseError {
  return value instanceof Error && typeof (value as Partial<DatabaseError>).code === 'string' && typeof (value as Partial<DatabaseError>).severity === 'string';
}

/**
 * The database's own error behind `error`: drizzle wraps the driver's error in a DrizzleQueryError
 * (`cause`), and better-auth or our code may wrap that again.
 */
function databaseErrorOf(error: unknown): DatabaseError | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (isDatabaseError(e)) return e;
  }
  return undefined;
}

/**
 * Database errors that a bad input causes (the request slipped past validation), by SQLSTATE: class 22
 * "data exception" (22P02 invalid text representation, 22003 numeric out of range, 22021 invalid byte
 * sequence, 22001 string too long, …) and class 23 "integrity constraint violation". A foreign key
 * that points nowhere is a reference to something that does not exist (404); a row still referenced or
 * a duplicate is a conflict (409). Anything else (connection lost, a bug in a query) stays a 500.
 */
function inputErrorOf(db: DatabaseError): ErrorCode | undefined {
  const sqlClass = db.code.slice(0, 2);
  if (sqlClass === '22') return 'BAD_REQUEST';
  if (sqlClass !== '23') return undefined;
  if (db.code === '23505') return 'CONFLICT';
  if (db.code === '23503') return db.message.startsWith('insert or update') ? 'NOT_FOUND' : 'CONFLICT';
  return 'BAD_REQUEST';
}

/** drizzle's DrizzleQueryError message is "Failed query: <sql>\nparams: <values>": the values go. */
function withoutParams(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, '');
}

/**
 * What the log may say about an unexpected error: its type, code, message and stack, and for a
 * database error its SQLSTATE and where it happened, but never the values of the request: no query
 * parameters (drizzle's message and its `params`), no database message or detail (PostgreSQL quotes
 * the offending value there: 'invalid input syntax for type uuid: "…"', 'Key (email)=(…)').
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  if (isDatabaseError(error)) {
    const { code, severity, routine, table, column, constraint } = error;
    return { type: 'DatabaseError', code, severity, routine, table, column, constraint };
  }
  const message = withoutParams(error.message);
  // The stack starts with the message (so with drizzle's params too): keep only the frames after it.
  const stack = error.stack ?? '';
  const end = stack.indexOf(error.message);
  const frames = end >= 0 ? stack.slice(end + error.message.length) : stack.slice(Math.max(stack.indexOf('\n    at '), 0));
  const code = (error as { code?: unknown }).code;
  return {
    type: error.constructor.name,
    ...(typeof code === 'string' ? { code } : {}),
    message,
    stack: `${error.name}: ${message}${frames}`,
    ...(error.cause !== undefined && depth < 4 ? { cause: loggableError(error.cause, depth + 1) } : {}),
  };
}

function toApiError(error: FastifyError): { status: number; body: ApiError } {
  if (error instanceof AppError) {
    const { code, key, params, message, fields } = error;
    return { status: error.statusCode, body: { code, key, ...(params ? { params } : {}), message, ...(fields ? { fields } : {}) } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, Message> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)';
      fields[path] ??= problemMessage(issue.message);
    }
    const first = Object.values(fields)[0] ?? toMessage('error.validation');
    return { status: 400, body: { code: 'VALIDATION_ERROR', ...first, fields } };
  }
  if (error.validation) {
    return { status: 400, body: { code: 'VALIDATION_ERROR', ...problemMessage(error.message) } };
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) {
    return { status: statusForCode(known.code), body: { code: known.code, ...toMessage(known.key ?? ERROR_MESSAGE_KEYS[known.code]) } };
  }
  if (error instanceof SyntaxError || error.statusCode === 400) return answer(400, 'BAD_REQUEST');
  if (error.statusCode === 429) return answer(429, 'RATE_LIMITED');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const code: ErrorCode =
      error.statusCode === 401
        ? 'UNAUTHORIZED'
        : error.statusCode === 403
          ? 'FORBIDDEN'
          : error.statusCode === 404
            ? 'NOT_FOUND'
            : error.statusCode === 413
              ? 'PAYLOAD_TOO_LARGE'
              : error.statusCode === 415
                ? 'UNSUPPORTED_MEDIA_TYPE'
                : 'BAD_REQUEST';
    return answer(error.statusCode, code);
  }
  if (error.statusCode === 503) return answer(503, 'SERVICE_UNAVAILABLE');
  const db = databaseErrorOf(error);
  const inputError = db && inputErrorOf(db);
  if (inputError) return answer(statusForCode(inputError), inputError);
  return answer(500, 'INTERNAL_ERROR');
}

/** One error model for the whole API: {code, key, params?, message, fields?} with the matching status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toApiError(error);
    const retryAfter = error instanceof AppError ? error.retryAfterSeconds : undefined;
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    if (status === 503 && retryAfter !== undefined) {
      // Shed load (a bounded queue was full): expected under a flood, not a fault of the server.
      request.log.warn({ code: body.code, key: body.key, status }, body.message);
    } else if (status >= 500) {
      // Under `error`, not `err`: pino's err serializer would take it for an Error and rewrite it.
      request.log.error({ error: loggableError(error) }, 'request failed');
    } else if (databaseErrorOf(error)) {
      // A bad input the validation let through to the database: worth a look, without its values.
      request.log.warn({ code: body.code, status, db: loggableError(databaseErrorOf(error)) }, 'database refused the input');
    } else {
      request.log.info({ code: body.code, key: body.key, status }, body.message);
    }
    return reply.status(status).send(body);
  });
}
