import type { VinProblem } from '@medallion/contracts/cars';

/**
 * VIN checks (ISO 3779, 49 CFR 565): pure functions, no database. A VIN has 17 characters, digits
 * and capital letters except I, O and Q; position 9 is a check digit over the other 16.
 */

export const VIN_LENGTH = 17;

export type VinValidation = { ok: true } | { ok: false; reason: VinProblem };

/** Position weights of the check-digit sum; position 9 (the check digit itself) weighs 0. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Transliteration of letters to numbers (I, O and Q do not occur in VINs). */
const LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

const VIN_CHARACTERS = /^[0-9A-HJ-NPR-Z]*$/;

/** What a person typed, as a VIN: trimmed, upper-case, without spaces and dashes. */
export function normaliseVin(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s\-‐‑‒–—]+/g, '');
}

/**
 * The check digit a VIN should carry at position 9: '0'–'9', or 'X' for 10. Expects 17 valid VIN
 * characters (see validateVin); throws otherwise.
 */
export function vinCheckDigit(vin: string): string {
  if (vin.length !== VIN_LENGTH || !VIN_CHARACTERS.test(vin)) throw new RangeError(`Not a 17-character VIN: ${vin}`);
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin[i]!;
    const value = c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : LETTER_VALUES[c]!;
    sum += value * WEIGHTS[i]!;
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** Checks a normalised VIN: length first, then the characters, then the check digit. */
export function validateVin(vin: string): VinValidation {
  if (vin.length !== VIN_LENGTH) return { ok: false, reason: 'length' };
  if (!VIN_CHARACTERS.test(vin)) return { ok: false, reason: 'characters' };
  if (vin[8] !== vinCheckDigit(vin)) return { ok: false, reason: 'check-digit' };
  return { ok: true };
}
