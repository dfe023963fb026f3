import type { Mailer, OutgoingMail } from '../../integrations/mail/mailer';
import { securityNoticeEmail, whenRow } from './security-notice-email';

export type TwoFactorChange = 'on' | 'off' | 'recoveryCodes';

/**
 * The owner hears of every change to two-step sign-in (on, off, new recovery codes): whoever turns it on
 * with a stolen password, or off, is seen at once by the owner's mailbox. English and Russian in one mail.
 */
export function twoFactorChangedEmail({ to, at, change, publicUrl }: { to: string; at: Date; change: TwoFactorChange; publicUrl: string }): OutgoingMail {
  return securityNoticeEmail({
    to,
    publicUrl,
    write: (t, language) => ({
      subject: t(`twoFactor.${change}.subject`),
      intro: t(`twoFactor.${change}.intro`, { email: to }),
      rows: [whenRow(t, language, at)],
      outro: t(`twoFactor.${change}.outro`),
    }),
  });
}

/** Where two-step sign-in notices go out from: the mail outbox and the site's address for the link. */
export interface TwoFactorNotice {
  mailer: Mailer;
  publicUrl: string;
}

export async function notifyTwoFactorChange(notice: TwoFactorNotice, to: string, change: TwoFactorChange): Promise<void> {
  await notice.mailer.send(twoFactorChangedEmail({ to, at: new Date(), change, publicUrl: notice.publicUrl }));
}
