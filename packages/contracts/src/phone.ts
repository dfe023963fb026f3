import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * US phone numbers of a profile, checked and normalised with libphonenumber-js (its `min` metadata:
 * the number's length and the area code's shape, enough to tell a real-looking US number from a typo).
 * Stored in E.164 (`+12125550190`); shown in the national form (`(212) 555-0190`, see phone-format.ts).
 * Only the profile's code imports this module, so the metadata never lands on a public page.
 */
export const MAX_PHONE_INPUT_LENGTH = 30;

/** The E.164 form of a US number typed in any usual way ("212 555 0190", "(212) 555-0190", "+1 212…"), or null. */
export function toUsE164(input: string): string | null {
  if (input.length > MAX_PHONE_INPUT_LENGTH) return null;
  const parsed = parsePhoneNumberFromString(input, 'US');
  if (!parsed || parsed.country !== 'US' || !parsed.isValid()) return null;
  return parsed.number;
}
