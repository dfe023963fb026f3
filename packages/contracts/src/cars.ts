import { z } from 'zod';
import { text } from './text';
import type { MessageKey } from './messages';

/** Why a VIN is not valid, in the order the API checks: 17 characters, allowed characters, check digit. */
export const VIN_PROBLEMS = ['length', 'characters', 'check-digit'] as const;
export type VinProblem = (typeof VIN_PROBLEMS)[number];

/** The validation message key of each VIN problem (texts in MESSAGES and the locales). */
export const VIN_PROBLEM_MESSAGES = {
  length: 'vinLength',
  characters: 'vinCharacters',
  'check-digit': 'vinCheckDigit',
} as const satisfies Record<VinProblem, MessageKey>;

/**
 * GET /cars/decode-vin?vin= . The VIN is checked by the API (spaces and dashes are ignored, letters
 * may be lower-case); an invalid one answers 400 VALIDATION_ERROR with fields.vin.
 */
export const decodeVinQuerySchema = z.object({
  vin: text({ error: 'vinLength' }).max(100, 'vinLength'),
});
export type DecodeVinQuery = z.infer<typeof decodeVinQuerySchema>;

/**
 * What the offline NHTSA vPIC data says about a VIN, for pre-filling the listing form. make_id and
 * model_id are ids of GET /cars/makes and /cars/models-by-make-id (null when not in our lists);
 * body_class and fuel use vPIC's names (e.g. "Sedan/Saloon", "Gasoline", "Hybrid", "Electric").
 * seats and seat_rows are estimates (vPIC has none). A valid VIN vPIC does not know: all null.
 */
export const decodedVinSchema = z.object({
  vin: z.string(),
  make: z.string().nullable(),
  make_id: z.number().int().nullable(),
  model: z.string().nullable(),
  model_id: z.number().int().nullable(),
  year: z.number().int().nullable(),
  body_class: z.string().nullable(),
  fuel: z.string().nullable(),
  doors: z.number().int().nullable(),
  seats: z.number().int().nullable(),
  seat_rows: z.number().int().nullable(),
});
export type DecodedVin = z.infer<typeof decodedVinSchema>;

export const decodeVinResponseSchema = z.object({ data: decodedVinSchema });
export type DecodeVinResponse = z.infer<typeof decodeVinResponseSchema>;
