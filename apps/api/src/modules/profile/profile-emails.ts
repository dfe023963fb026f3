import { inLanguages, labelled, READER_LANGUAGES } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';

/**
 * The notice that an account's e-mail address changed, sent to the old and to the new address, in
 * English and Russian (the reader's language is not known). The old address learns where the account
 * went, so its owner can act if it was not them.
 */
export function emailChangedNotice({ to, oldEmail, newEmail, publicUrl }: { to: string; oldEmail: string; newEmail: string; publicUrl: string }): OutgoingMail {
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
        `${t('emailChanged.outro')} ${link}`,
      ].join('\n'),
    })),
    category: 'notice',
  };
}
