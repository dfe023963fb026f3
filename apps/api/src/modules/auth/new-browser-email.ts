import type { OutgoingMail } from '../../integrations/mail/mailer';
import { browserRows, securityNoticeEmail } from './security-notice-email';
import type { BrowserDescription } from './describe-browser';

/**
 * "New sign-in to your Medallion account": when (New York time), browser and system, and a link to the
 * dashboard's Security tab. In English and Russian, as the other account e-mails (we do not store the
 * reader's language).
 */
export function newBrowserEmail({ to, at, device, publicUrl }: { to: string; at: Date; device: BrowserDescription; publicUrl: string }): OutgoingMail {
  return securityNoticeEmail({
    to,
    publicUrl,
    write: (t, language) => ({
      subject: t('newBrowser.subject'),
      intro: t('newBrowser.intro', { email: to }),
      rows: browserRows(t, language, at, device),
      outro: t('newBrowser.outro'),
    }),
  });
}

/**
 * "Your password was used to sign in from a new browser": the password was right but the sign-in now waits
 * for the two-step code, in a browser the account has not used before. Sent at once, before any code, so
 * the owner hears of a stolen password even when the second step stops the thief (known-browsers.ts).
 */
export function passwordUsedEmail({ to, at, device, publicUrl }: { to: string; at: Date; device: BrowserDescription; publicUrl: string }): OutgoingMail {
  return securityNoticeEmail({
    to,
    publicUrl,
    write: (t, language) => ({
      subject: t('passwordUsed.subject'),
      intro: t('passwordUsed.intro', { email: to }),
      rows: browserRows(t, language, at, device),
      outro: t('passwordUsed.outro'),
    }),
  });
}
