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
  return { status: 500, body: { code: 'INTERNAL_ERROR', message: ERROR_MESSAGES.INTERNAL_ERROR } };
}

/** One error model for the whole API: {code, message, fields?} with the matching status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toApiError(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: body.code, status }, body.message);
    }
    return reply.status(status).send(body);
  });
}
