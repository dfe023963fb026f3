import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, type ErrorCode } from '@medallion/contracts/error-codes';
import type { ApiError } from '@medallion/contracts/errors';
import { validationText } from '@medallion/contracts/validation';
import { AppError, statusForCode } from '../lib/app-error';

const FASTIFY_CODES: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
};

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
    return {
      status: error.statusCode,
      body: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)';
      fields[path] ??= validationText(issue.message ?? '');
    }
    const first = Object.values(fields)[0] ?? ERROR_MESSAGES.VALIDATION_ERROR;
    return { status: 400, body: { code: 'VALIDATION_ERROR', message: first, fields } };
  }
  if (error.validation) {
    return { status: 400, body: { code: 'VALIDATION_ERROR', message: error.message } };
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) {
    return {
      status: statusForCode(known.code),
      body: { code: known.code, message: known.message ?? ERROR_MESSAGES[known.code] },
    };
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return { status: 400, body: { code: 'BAD_REQUEST', message: ERROR_MESSAGES.BAD_REQUEST } };
  }
  if (error.statusCode === 429) {
    return { status: 429, body: { code: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED } };
  }
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
    return { status: error.statusCode, body: { code, message: ERROR_MESSAGES[code] } };
  }
  if (error.statusCode === 503) {
    return { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE } };
  }
  const db = databaseErrorOf(error);
  const inputError = db && inputErrorOf(db);
  if (inputError) {
    return { status: statusForCode(inputError), body: { code: inputError, message: ERROR_MESSAGES[inputError] } };
  }
  return { status: 500, body: { code: 'INTERNAL_ERROR', message: ERROR_MESSAGES.INTERNAL_ERROR } };
}

/** One error model for the whole API: {code, message, fields?} with the matching status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toApiError(error);
    if (status >= 500) {
      // Under `error`, not `err`: pino's err serializer would take it for an Error and rewrite it.
      request.log.error({ error: loggableError(error) }, 'request failed');
    } else if (databaseErrorOf(error)) {
      // A bad input the validation let through to the database: worth a look, without its values.
      request.log.warn({ code: body.code, status, db: loggableError(databaseErrorOf(error)) }, 'database refused the input');
    } else {
      request.log.info({ code: body.code, status }, body.message);
    }
    return reply.status(status).send(body);
  });
}
