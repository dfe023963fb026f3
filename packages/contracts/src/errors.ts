import { z } from 'zod';
import { ERROR_CODES } from './error-codes';
import { MESSAGES, type MessageKey } from './messages';

/** Every error the API returns has this shape (plus the HTTP status). */
export const errorCodeSchema = z.enum(ERROR_CODES);

export const messageKeySchema = z.enum(Object.keys(MESSAGES) as [MessageKey, ...MessageKey[]]);

/** The values of a message's {{placeholders}}. */
export const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** One message: its key (what the web translates), its params and its English text (for other clients and logs). */
export const apiMessageSchema = z.object({
  key: messageKeySchema,
  params: messageParamsSchema.optional(),
  message: z.string(),
});

export const apiErrorSchema = apiMessageSchema.extend({
  code: errorCodeSchema,
  /** For VALIDATION_ERROR (and a few others): the first problem of each field, keyed by field path. */
  fields: z.record(z.string(), apiMessageSchema).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
