import { VALIDATION_MESSAGES, isValidationMessageKey, type ValidationMessageKey } from '@medallion/contracts/validation';
import { i18n } from './i18n';

const KEY_BY_TEXT = new Map<string, ValidationMessageKey>(
  (Object.entries(VALIDATION_MESSAGES) as [ValidationMessageKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * The API answers in English. This shows its messages in the user's language: a validation message
 * (or its key) through `common:validation`, any other fixed message through the `common:serverMessages`
 * catalogue (English text → translation). Texts with details in them (a product's title, an amount)
 * are not in the catalogue and stay as the server wrote them; the pages that show them say it their own way.
 */
export function localizeMessage(keyOrText: string): string {
  const key = isValidationMessageKey(keyOrText) ? keyOrText : KEY_BY_TEXT.get(keyOrText);
  if (key) return i18n.t(`common:validation.${key}`);
  const catalogue = i18n.getResource(i18n.language, 'common', 'serverMessages') as Record<string, string> | undefined;
  return catalogue?.[keyOrText] ?? keyOrText;
}
