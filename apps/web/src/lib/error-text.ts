import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { formatLongDate } from '@medallion/contracts/formats';
import { ApiClientError, type ApiMessage } from './api-client';
import { currentI18n } from './i18n';

/** A param that is a day (YYYY-MM-DD, as the API sends days) reads as one: "November 28, 2026", "28 ноября 2026 г.". */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function paramText(value: unknown, language: string): unknown {
  return typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? formatLongDate(new Date(`${value}T12:00:00Z`), language) : value;
}

/**
 * A server message in the user's language: the translation of its key (locales: common.json →
 * messages.<key>) with its params filled in (a day as a long date in that language). A key the
 * locales do not know (a newer server) shows the server's English text.
 */
export function messageText(message: Pick<ApiMessage, 'key' | 'params' | 'message'>): string {
  const i18n = currentI18n();
  const params = Object.fromEntries(Object.entries(message.params ?? {}).map(([k, v]) => [k, paramText(v, i18n.language)]));
  return i18n.t(`common:messages.${message.key}`, { ...params, defaultValue: message.message });
}

/**
 * What to tell the user about a failed call, in their language: the server's message by its key, "we
 * could not reach the server" for a call without an answer, and "something went wrong" for anything
 * else (a bug in the page, a lost chunk).
 */
export function errorText(error: unknown): string {
  const i18n = currentI18n();
  if (error instanceof ApiClientError) {
    if (error.code === 'NETWORK_ERROR') return i18n.t('common:errors.network');
    if (error.key) return messageText({ key: error.key, params: error.params, message: error.message });
  }
  return i18n.t('common:errors.unexpected');
}

/** The translated text of the server's problem with one field, if it named that field. */
export function fieldErrorText(error: unknown, field: string): string | undefined {
  const problem = error instanceof ApiClientError ? error.fields?.[field] : undefined;
  return problem ? messageText(problem) : undefined;
}

/**
 * Shows the server's field problems on a react-hook-form form (setError with the translated text,
 * type "server"; the first one gets the focus), for the fields the form has: `fields` lists them (by default every field the server
 * named), or maps the server's path of a field to the form's (undefined: the form has no such field).
 * Answers whether any field got a message, so the caller can show the error elsewhere when none did.
 */
export function applyFieldErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  fields?: readonly Path<T>[] | ((serverPath: string) => Path<T> | undefined),
): boolean {
  if (!(error instanceof ApiClientError) || !error.fields) return false;
  const formPath = typeof fields === 'function' ? fields : (path: string) => (!fields || fields.includes(path as Path<T>) ? (path as Path<T>) : undefined);
  let applied = false;
  for (const [path, problem] of Object.entries(error.fields)) {
    const field = formPath(path);
    if (field === undefined) continue;
    form.setError(field, { type: 'server', message: messageText(problem) }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** Every field problem the server named, translated, by field path (for forms that map paths themselves). */
export function fieldErrorTexts(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiClientError) || !error.fields) return undefined;
  return Object.fromEntries(Object.entries(error.fields).map(([path, problem]) => [path, messageText(problem)]));
}

/**
 * A form's own problem in the user's language: its zod message is a key of the contracts' catalogue
 * (messages.<key> in the locales); a text that is not a key is shown as it is.
 */
export function keyText(key: string | undefined): string | undefined {
  return key ? currentI18n().t(`common:messages.${key}`, { defaultValue: key }) : undefined;
}
