import { mailTranslator, type MailT } from '@medallion/contracts/mail-messages';
import { LANGUAGES, type Language } from '@medallion/contracts/site';
import type { OutgoingMail } from './mailer';

/**
 * The languages of an e-mail. We do not store an account's language, so a mail to a user is written in
 * English then Russian (the digest alone knows its reader's: the language a search was saved in); the
 * staff mailbox reads English.
 */
export const READER_LANGUAGES: readonly Language[] = LANGUAGES;
export const STAFF_LANGUAGES: readonly Language[] = ['en'];

/** What separates the languages of a mail's text (a test splits on it). */
export const LANGUAGE_SEPARATOR = '\n\n---\n\n';

/** One language's part of an e-mail. */
export interface MailPart {
  subject: string;
  text: string;
  html?: string;
}

/**
 * An e-mail in each of `languages`, one after the other: the subjects joined by " / ", the texts by a
 * "---" line, the HTML parts (`lang` set) by a rule. `write` gets the language's `t` (texts of
 * contracts/mail-messages.ts) and whether its part is the first.
 */
export function inLanguages(
  languages: readonly Language[],
  write: (t: MailT, language: Language, first: boolean) => MailPart,
): Pick<OutgoingMail, 'subject' | 'text' | 'html'> {
  const parts = languages.map((language, i) => ({ language, ...write(mailTranslator(language), language, i === 0) }));
  const html = parts.every((p) => p.html !== undefined) ? parts.map((p) => `<div lang="${p.language}">${p.html}</div>`).join('\n<hr>\n') : undefined;
  return {
    subject: parts.map((p) => p.subject).join(' / '),
    text: parts.map((p) => p.text).join(LANGUAGE_SEPARATOR),
    ...(html === undefined ? {} : { html }),
  };
}

/** "Label: value" lines. */
export const labelled = (rows: Array<[string, string]>) => rows.map(([label, value]) => `${label}: ${value}`);
