import { z } from 'zod';

// In the browser our CSP forbids eval, so zod's compiled fast path cannot run there; without this,
// zod's own probe (`new Function`) is reported as a CSP violation on every page that validates a form.
// The server keeps the compiled path. Every contract schema is built from this module, so it runs first.
if ('document' in globalThis) z.config({ jitless: true });

/**
 * Every text a client sends (bodies, query strings, path params) is built from these two, never from a
 * bare z.string(): they refuse control characters, which no form can type, a database may not store
 * (PostgreSQL rejects NUL) and logs and e-mails should not carry. "Control characters" are the C0 and
 * C1 controls and DEL (\p{Cc}) and lone UTF-16 surrogates (\p{Cs} under the u flag: a lone half is not
 * text). The refusal is a VALIDATION_ERROR on the field with the key `textControlCharacters`.
 *
 * - `text()`: one line (names, e-mails, ids, codes, filters): no control character at all.
 * - `freeText()`: what people write in a text area (descriptions, messages, reasons): newlines (\n, and
 *   \r of Windows line ends) and tabs are allowed, other control characters are not.
 *
 * Both return a z.string(), so the usual checks chain on (`text().trim().min(1, 'nameRequired')`).
 */
const LINE_CONTROL = /[\p{Cc}\p{Cs}]/u;
const FREE_TEXT_CONTROL = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

type StringParams = Parameters<typeof z.string>[0];

export function text(params?: StringParams) {
  return z.string(params).refine((v) => !LINE_CONTROL.test(v), 'textControlCharacters');
}

export function freeText(params?: StringParams) {
  return z.string(params).refine((v) => !FREE_TEXT_CONTROL.test(v), 'textControlCharacters');
}
