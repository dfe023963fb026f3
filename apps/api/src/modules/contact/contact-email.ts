import type { Language } from '@medallion/contracts/site';
import { inLanguages, STAFF_LANGUAGES } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/escape-html';

/** A Contact us message, to the support mailbox (in English), Reply-To the writer. */
export function contactEmail(
  m: { to: string; name: string; email: string; locale: string | null; message: string; id: string; receivedAt: Date },
  languages: readonly Language[] = STAFF_LANGUAGES,
): OutgoingMail {
  return {
    to: m.to,
    replyTo: m.email,
    ...inLanguages(languages, (t) => {
      const locale = m.locale ?? t('contact.unknownLanguage');
      return {
        subject: t('contact.subject', { name: m.name }),
        text: [
          t('contact.intro'),
          '',
          `${t('contact.name')}: ${m.name}`,
          `${t('contact.email')}: ${m.email}`,
          `${t('contact.language')}: ${locale}`,
          `${t('contact.received')}: ${m.receivedAt.toISOString()}`,
          `${t('contact.reference')}: ${m.id}`,
          '',
          m.message,
        ].join('\n'),
        html: `<p>${escapeHtml(t('contact.intro'))}</p>
<p><strong>${escapeHtml(t('contact.name'))}:</strong> ${escapeHtml(m.name)}<br><strong>${escapeHtml(t('contact.email'))}:</strong> ${escapeHtml(m.email)}<br><strong>${escapeHtml(t('contact.language'))}:</strong> ${escapeHtml(locale)}<br><strong>${escapeHtml(t('contact.reference'))}:</strong> ${m.id}</p>
<p style="white-space:pre-wrap">${escapeHtml(m.message)}</p>`,
      };
    }),
    category: 'contact',
  };
}
