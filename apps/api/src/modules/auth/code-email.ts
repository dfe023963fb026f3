import { CODE_TTL_SECONDS } from '@medallion/contracts/auth';
import type { OutgoingMail } from '../../integrations/mail/mailer';

/** The e-mail with a 6-digit code, in English and Russian (we do not know the reader's language yet). */
export type CodePurpose = 'confirm' | 'reset' | 'delete' | 'email-change';

export function codeEmail({ to, code, purpose }: { to: string; code: string; purpose: CodePurpose }): OutgoingMail {
  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  const en = {
    confirm: { subject: 'Your Medallion confirmation code', intro: 'Use this code to confirm your e-mail address:' },
    reset: { subject: 'Your Medallion password reset code', intro: 'Use this code to set a new password:' },
    delete: { subject: 'Your Medallion account deletion code', intro: 'Use this code to confirm that you want to delete your account:' },
    'email-change': {
      subject: 'Your Medallion e-mail change code',
      intro: 'Use this code to make this the new e-mail address of your Medallion account:',
    },
  }[purpose];
  const ru = {
    confirm: { intro: 'Введите этот код, чтобы подтвердить адрес эл. почты:' },
    reset: { intro: 'Введите этот код, чтобы задать новый пароль:' },
    delete: { intro: 'Введите этот код, чтобы подтвердить удаление аккаунта:' },
    'email-change': { intro: 'Введите этот код, чтобы сделать этот адрес новым адресом эл. почты вашего аккаунта Medallion:' },
  }[purpose];
  const text = [
    en.intro,
    '',
    `    ${code}`,
    '',
    `The code works for ${minutes} minutes and only once. If you did not ask for it, ignore this e-mail.`,
    '',
    '---',
    ru.intro,
    '',
    `    ${code}`,
    '',
    `Код действует ${minutes} минут и только один раз. Если вы его не запрашивали, просто проигнорируйте это письмо.`,
  ].join('\n');
  const html = `<p>${en.intro}</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>
<p>The code works for ${minutes} minutes and only once. If you did not ask for it, ignore this e-mail.</p><hr>
<p>${ru.intro}</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>
<p>Код действует ${minutes} минут и только один раз. Если вы его не запрашивали, просто проигнорируйте это письмо.</p>`;
  return { to, subject: `${en.subject} / Код Medallion: ${code}`, text, html, category: 'code' };
}
