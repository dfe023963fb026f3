import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

/** Every error the API returns has this shape (plus the HTTP status). */
export const errorCodeSchema = z.enum(ERROR_CODES);

export const apiErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  /** For VALIDATION_ERROR: the first problem of each field, keyed by field path. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
