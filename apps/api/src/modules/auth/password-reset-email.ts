import type { OutgoingMail } from '../../integrations/mail/mailer';
import type { BrowserDescription } from './describe-browser';
import { browserRows, securityNoticeEmail } from './security-notice-email';

/**
 * "Your Medallion password was reset": when, and the browser and system it was reset from; every browser
 * was signed out and the trusted ones forgotten; when the account had passkeys, that they were removed
 * and must be added again (a reset is the way back after losing control of the account, so nothing an
 * intruder may have added survives it). In English and Russian, as the other account e-mails.
 */
export function passwordResetEmail({
  to,
  at,
  device,
  passkeysRemoved,
  publicUrl,
}: {
  to: string;
  at: Date;
  device: BrowserDescription;
  passkeysRemoved: number;
  publicUrl: string;
}): OutgoingMail {
  const removed = passkeysRemoved > 0;
  return securityNoticeEmail({
    to,
    publicUrl,
    write: (t, language) => ({
      subject: t('passwordReset.subject'),
      intro: [t('passwordReset.intro', { email: to }), ...(removed ? [t('passwordReset.passkeysRemovedNote')] : [])].join(' '),
      rows: [...browserRows(t, language, at, device), ...(removed ? [[t('passwordReset.passkeysRemoved'), String(passkeysRemoved)] as [string, string]] : [])],
      outro: [...(removed ? [t('passwordReset.addPasskeysAgain')] : []), t('passwordReset.outro')].join(' '),
    }),
  });
}
