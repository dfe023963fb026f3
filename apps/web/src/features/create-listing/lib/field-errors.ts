import { VALIDATION_MESSAGES, isValidationMessageKey, type ValidationMessageKey } from '@medallion/contracts/validation';
import type { TFunction } from 'i18next';

const KEY_BY_TEXT = new Map<string, ValidationMessageKey>(
  (Object.entries(VALIDATION_MESSAGES) as [ValidationMessageKey, string][]).map(([key, text]) => [text, key]),
);

/** A validation key, or an English text from the server, in the user's language (unknown texts as they are). */
export function translateValidation(t: TFunction, keyOrText: string | undefined): string | undefined {
  if (!keyOrText) return undefined;
  const key = isValidationMessageKey(keyOrText) ? keyOrText : KEY_BY_TEXT.get(keyOrText);
  return key ? t(`common:validation.${key}`) : keyOrText;
}
