import type { OutgoingMail } from '../../integrations/mail/mailer';
import { SITE_TIME_ZONE } from '@medallion/contracts/site';
import { escapeHtml } from '../../lib/escape-html';

export function noticeTime(at: Date, locale: 'en-US' | 'ru-RU'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: SITE_TIME_ZONE, // New York's time, where Medallion's drivers work
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(at);
}

/** One language's part of a notice: a sentence, a few labelled lines, and what to do if it was not the owner. */
export interface NoticeText {
  subject: string;
  intro: string;
  rows: [string, string][];
  outro: string;
}

/**
 * A security notice about the account (new sign-in, passkey added, two-step sign-in on or off...): English
 * then Russian in one mail (we do not store the reader's language), ending with a link to the dashboard's
 * Security tab, where the owner can undo it.
 */
export function securityNoticeEmail({ to, publicUrl, en, ru }: { to: string; publicUrl: string; en: NoticeText; ru: NoticeText }): OutgoingMail {
  const link = new URL('/dashboard?tab=security', publicUrl).toString();
  const textPart = (l: NoticeText) => [l.intro, '', ...l.rows.map(([k, v]) => `${k}: ${v}`), '', l.outro, link];
  const htmlPart = (l: NoticeText) =>
    `<p>${escapeHtml(l.intro)}</p><p>${l.rows.map(([k, v]) => `<strong>${escapeHtml(k)}:</strong> ${escapeHtml(v)}`).join('<br>')}</p>` +
    `<p>${escapeHtml(l.outro)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  return {
    to,
    subject: `${en.subject} / ${ru.subject}`,
    text: [...textPart(en), '', '---', ...textPart(ru)].join('\n'),
    html: `${htmlPart(en)}<hr>${htmlPart(ru)}`,
    category: 'notice',
  };
}
