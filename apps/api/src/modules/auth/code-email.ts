import { CODE_TTL_SECONDS } from '@medallion/contracts/auth';
import { inLanguages, READER_LANGUAGES } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/escape-html';

/** The e-mail with a 6-digit code, in English and Russian (we do not know the reader's language yet). */
export type CodePurpose = 'confirm' | 'reset' | 'delete' | 'email-change' | 'step-up' | 'staff-two-factor';

const KEY = {
  confirm: 'confirm',
  reset: 'reset',
  delete: 'delete',
  'email-change': 'emailChange',
  'step-up': 'stepUp',
  'staff-two-factor': 'staffTwoFactor',
} as const;

export function codeEmail({ to, code, purpose }: { to: string; code: string; purpose: CodePurpose }): OutgoingMail {
  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  const mail = inLanguages(READER_LANGUAGES, (t) => {
    const intro = t(`code.${KEY[purpose]}.intro`);
    const validity = t('code.validity', { count: minutes });
    return {
      subject: t(`code.${KEY[purpose]}.subject`),
      text: [intro, '', `    ${code}`, '', validity].join('\n'),
      html: `<p>${escapeHtml(intro)}</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>\n<p>${escapeHtml(validity)}</p>`,
    };
  });
  // The code in the subject too, so a mailbox's list shows it.
  return { to, ...mail, subject: `${mail.subject}: ${code}`, category: 'code' };
}
