import { formatDateTime } from '@medallion/contracts/formats';
import type { MailT } from '@medallion/contracts/mail-messages';
import type { Language } from '@medallion/contracts/site';
import { inLanguages, READER_LANGUAGES } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/escape-html';
import type { BrowserDescription } from './describe-browser';

/** One language's part of a notice: a sentence, a few labelled lines, and what to do if it was not the owner. */
export interface NoticeText {
  subject: string;
  intro: string;
  rows: [string, string][];
  outro: string;
}

/** "When" with the time in New York, where Medallion's drivers work. */
export const whenRow = (t: MailT, language: Language, at: Date): [string, string] => [
  t('common.when'),
  t('common.newYorkTime', { time: formatDateTime(at, language) }),
];

/** "When", "Browser" and "System" of a sign-in or reset. */
export const browserRows = (t: MailT, language: Language, at: Date, device: BrowserDescription): [string, string][] => [
  whenRow(t, language, at),
  [t('common.browser'), device.browser ?? t('common.unknownBrowser')],
  [t('common.system'), device.system ?? t('common.unknownSystem')],
];

/**
 * A security notice about the account (new sign-in, passkey added, two-step sign-in on or off...): English
 * then Russian in one mail (we do not store the reader's language), ending with a link to the dashboard's
 * Security tab, where the owner can undo it. `write` gives a language's texts.
 */
export function securityNoticeEmail({
  to,
  publicUrl,
  write,
}: {
  to: string;
  publicUrl: string;
  write: (t: MailT, language: Language) => NoticeText;
}): OutgoingMail {
  const link = new URL('/dashboard?tab=security', publicUrl).toString();
  return {
    to,
    ...inLanguages(READER_LANGUAGES, (t, language) => {
      const l = write(t, language);
      return {
        subject: l.subject,
        text: [l.intro, '', ...l.rows.map(([k, v]) => `${k}: ${v}`), '', l.outro, link].join('\n'),
        html:
          `<p>${escapeHtml(l.intro)}</p><p>${l.rows.map(([k, v]) => `<strong>${escapeHtml(k)}:</strong> ${escapeHtml(v)}`).join('<br>')}</p>` +
          `<p>${escapeHtml(l.outro)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      };
    }),
    category: 'notice',
  };
}
