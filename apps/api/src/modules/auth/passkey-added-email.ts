import type { OutgoingMail } from '../../integrations/mail/mailer';
import { securityNoticeEmail, whenRow } from './security-notice-email';

/**
 * "A passkey was added to your Medallion account": its name, when (New York time), and a link to the
 * Security tab to remove it if it was not the owner. A passkey signs in without the password, so the
 * owner hears of every new one. In English and Russian, as the other account e-mails.
 */
export function passkeyAddedEmail({ to, at, name, publicUrl }: { to: string; at: Date; name: string; publicUrl: string }): OutgoingMail {
  return securityNoticeEmail({
    to,
    publicUrl,
    write: (t, language) => ({
      subject: t('passkeyAdded.subject'),
      intro: t('passkeyAdded.intro', { email: to }),
      rows: [[t('passkeyAdded.passkey'), name], whenRow(t, language, at)],
      outro: t('passkeyAdded.outro'),
    }),
  });
}
