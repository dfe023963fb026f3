import { translateMessage, type MessageCatalogue } from '@medallion/contracts/message-catalogue';
import { VALIDATION_MESSAGES, isValidationMessageKey, type ValidationMessageKey } from '@medallion/contracts/validation';
import { currentI18n } from './i18n';

const KEY_BY_TEXT = new Map<string, ValidationMessageKey>(
  (Object.entries(VALIDATION_MESSAGES) as [ValidationMessageKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * The API answers in English. This shows its messages in the user's language: a validation message
 * (or its key) through `common:validation`, any other fixed message through the `common:serverMessages`
 * catalogue (English text → translation; {{placeholders}} stand for the parts that vary, such as a
 * product's title or an amount). Texts the catalogue does not know stay as the server wrote them.
 */
export function localizeMessage(keyOrText: string): string;
export function localizeMessage(keyOrText: string | undefined): string | undefined;
export function localizeMessage(keyOrText: string | undefined): string | undefined {
  if (keyOrText === undefined) return undefined;
  const i18n = currentI18n();
  const key = isValidationMessageKey(keyOrText) ? keyOrText : KEY_BY_TEXT.get(keyOrText);
  if (key) return i18n.t(`common:validation.${key}`);
  const catalogue = i18n.getResource(i18n.language, 'common', 'serverMessages') as MessageCatalogue | undefined;
  return translateMessage(catalogue, keyOrText) ?? keyOrText;
}
