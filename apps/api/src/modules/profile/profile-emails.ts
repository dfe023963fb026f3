import type { OutgoingMail } from '../../integrations/mail/mailer';

/**
 * The notice that an account's e-mail address changed, sent to the old and to the new address, in
 * English and Russian (the reader's language is not known). The old address learns where the account
 * went, so its owner can act if it was not them.
 */
export function emailChangedNotice({ to, oldEmail, newEmail, publicUrl }: { to: string; oldEmail: string; newEmail: string; publicUrl: string }): OutgoingMail {
  const link = `${publicUrl.replace(/\/$/, '')}/dashboard`;
  const text = [
    'The e-mail address of your Medallion account has been changed.',
    '',
    `Old address: ${oldEmail}`,
    `New address: ${newEmail}`,
    '',
    'From now on, sign in with the new address. If you did not make this change, reset your password',
    `with the new address at once or write to us, and check your account: ${link}`,
    '',
    '---',
    'Адрес эл. почты вашего аккаунта Medallion изменён.',
    '',
    `Прежний адрес: ${oldEmail}`,
    `Новый адрес: ${newEmail}`,
    '',
    'Теперь входите с новым адресом. Если это сделали не вы, сразу сбросьте пароль или напишите нам',
    `и проверьте свой аккаунт: ${link}`,
  ].join('\n');
  return {
    to,
    subject: 'Your Medallion e-mail address was changed / Адрес эл. почты в Medallion изменён',
    text,
    category: 'notice',
  };
}
