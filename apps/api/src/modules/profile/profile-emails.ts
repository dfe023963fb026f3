import { EMAIL_RESTORE_TTL_DAYS } from '@medallion/contracts/auth';
import { inLanguages, labelled, READER_LANGUAGES } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';

/**
 * The notice that an account's e-mail address changed, sent to the old and to the new address, in
 * English and Russian (accounts keep no language). The old address learns where the account went and
 * gets the link that undoes the change (`restoreUrl`, restore-email.ts: 7 days, once), so its owner can
 * take the account back when it was not them.
 */
export function emailChangedNotice({
  to,
  oldEmail,
  newEmail,
  publicUrl,
  restoreUrl,
}: {
  to: string;
  oldEmail: string;
  newEmail: string;
  publicUrl: string;
  restoreUrl?: string;
}): OutgoingMail {
  const link = `${publicUrl.replace(/\/$/, '')}/dashboard`;
  return {
    to,
    ...inLanguages(READER_LANGUAGES, (t) => ({
      subject: t('emailChanged.subject'),
      text: [
        t('emailChanged.intro'),
        '',
        ...labelled([
          [t('emailChanged.oldAddress'), oldEmail],
          [t('emailChanged.newAddress'), newEmail],
        ]),
        '',
        ...(restoreUrl
          ? [t('emailChanged.restore', { days: EMAIL_RESTORE_TTL_DAYS }), restoreUrl, '', t('emailChanged.restoreAfter')]
          : [`${t('emailChanged.outro')} ${link}`]),
      ].join('\n'),
    })),
    category: 'notice',
  };
}
