import { formatLongDate } from '@medallion/contracts/formats';
import { STALL_DAYS, type LicenseStep } from '@medallion/contracts/license-tracker';
import type { MailT } from '@medallion/contracts/mail-messages';
import type { Language } from '@medallion/contracts/site';
import { inLanguages, READER_LANGUAGES } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/escape-html';

export interface ReminderFacts {
  to: string;
  userName: string;
  /** The language of the user's last change on the tracker; unknown: English and Russian. */
  language: Language | undefined;
  publicUrl: string;
  kind: 'deadline' | 'stalled';
  filedOn: string;
  deadline: string;
  daysLeft: number;
  openSteps: LicenseStep[];
  /** The signed unsubscribe token (reminder-token.ts). */
  token: string;
}

const link = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();
/** The reminder's unsubscribe link: the guide page, which turns reminders off with the token. */
export const reminderUnsubscribeUrl = (publicUrl: string, token: string) => link(publicUrl, `/steps?unsubscribe=${encodeURIComponent(token)}`);
const day = (iso: string, language: Language) => formatLongDate(new Date(`${iso}T12:00:00Z`), language);

function texts(f: ReminderFacts, t: MailT, language: Language) {
  const filed = day(f.filedOn, language);
  const deadline = day(f.deadline, language);
  return {
    subject: f.kind === 'deadline' ? t('reminder.deadlineSubject', { count: f.daysLeft }) : t('reminder.stalledSubject'),
    intro:
      f.kind === 'deadline' ? t('reminder.deadlineIntro', { filed, deadline }) : t('reminder.stalledIntro', { days: STALL_DAYS, count: f.daysLeft, deadline }),
    steps: f.openSteps.map((s) => t(`reminder.step.${s}`)),
  };
}

/** A reminder before the 90-day deadline or after a stall: what is left, the guide, the unsubscribe link. */
export function licenseReminderEmail(f: ReminderFacts): OutgoingMail {
  const stepsUrl = link(f.publicUrl, '/steps');
  const stopUrl = reminderUnsubscribeUrl(f.publicUrl, f.token);
  return {
    to: f.to,
    ...inLanguages(f.language ? [f.language] : READER_LANGUAGES, (t, language) => {
      const x = texts(f, t, language);
      const a = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
      return {
        subject: x.subject,
        text: [
          t('common.hello', { name: f.userName }),
          '',
          x.intro,
          '',
          `${t('reminder.open')}:`,
          ...x.steps.map((s) => `- ${s}`),
          '',
          `${t('reminder.see')}: ${stepsUrl}`,
          `${t('reminder.stop')}: ${stopUrl}`,
          '',
          t('reminder.why'),
        ].join('\n'),
        html: [
          `<p>${escapeHtml(t('common.hello', { name: f.userName }))}</p>`,
          `<p>${escapeHtml(x.intro)}</p>`,
          `<p>${escapeHtml(t('reminder.open'))}:</p>`,
          `<ul>${x.steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`,
          `<p>${a(stepsUrl, t('reminder.see'))}</p>`,
          `<p><small>${a(stopUrl, t('reminder.stop'))} · ${escapeHtml(t('reminder.why'))}</small></p>`,
        ].join('\n'),
      };
    }),
    category: 'reminder',
  };
}

/**
 * The List-Unsubscribe headers of a reminder (RFC 2369, one-click POST of RFC 8058), found from its
 * unsubscribe link (the outbox keeps no headers): the same token on the API's unsubscribe URL.
 */
export function reminderMailHeaders(message: { category: string | null; text: string }): Record<string, string> | undefined {
  if (message.category !== 'reminder') return undefined;
  const match = /https?:\/\/\S+\/steps\?unsubscribe=\S+/.exec(message.text);
  if (!match) return undefined;
  const url = new URL(match[0]);
  const api = new URL(`/api/license-tracker/unsubscribe?${new URLSearchParams({ token: url.searchParams.get('unsubscribe') ?? '' }).toString()}`, url.origin);
  return { 'List-Unsubscribe': `<${api.toString()}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
