import type { OutgoingMail } from '../../integrations/mail/mailer';
import { noticeTime as when, securityNoticeEmail, type NoticeText } from './security-notice-email';
import type { BrowserDescription } from './describe-browser';

/**
 * "New sign-in to your Medallion account": when (New York time), browser and system, and a link to the
 * dashboard's Security tab. In English and Russian, as the other account e-mails (we do not store the
 * reader's language).
 */
export function newBrowserEmail({ to, at, device, publicUrl }: { to: string; at: Date; device: BrowserDescription; publicUrl: string }): OutgoingMail {
  const en: NoticeText = {
    subject: 'New sign-in to your Medallion account',
    intro: `Someone just signed in to your Medallion account (${to}) from a browser it has not used before.`,
    rows: [
      ['When', `${when(at, 'en-US')} (New York time)`],
      ['Browser', device.browser ?? 'Unknown browser'],
      ['System', device.system ?? 'Unknown system'],
    ],
    outro: 'If this was you, there is nothing to do. If not, change your password now and check where your account is signed in:',
  };
  const ru: NoticeText = {
    subject: 'Новый вход в ваш аккаунт Medallion',
    intro: `В ваш аккаунт Medallion (${to}) только что вошли из браузера, которым раньше не пользовались.`,
    rows: [
      ['Когда', `${when(at, 'ru-RU')} (время Нью-Йорка)`],
      ['Браузер', device.browser ?? 'Неизвестный браузер'],
      ['Система', device.system ?? 'Неизвестная система'],
    ],
    outro: 'Если это были вы, ничего делать не нужно. Если нет, сразу смените пароль и проверьте, где выполнен вход в аккаунт:',
  };
  return securityNoticeEmail({ to, publicUrl, en, ru });
}

/**
 * "Your password was used to sign in from a new browser": the password was right but the sign-in now waits
 * for the two-step code, in a browser the account has not used before. Sent at once, before any code, so
 * the owner hears of a stolen password even when the second step stops the thief (known-browsers.ts).
 */
export function passwordUsedEmail({ to, at, device, publicUrl }: { to: string; at: Date; device: BrowserDescription; publicUrl: string }): OutgoingMail {
  const en: NoticeText = {
    subject: 'Your password was used to sign in from a new browser',
    intro: `Your Medallion password (${to}) was just entered correctly in a browser your account has not used before. The sign-in now waits for the code from your authenticator app.`,
    rows: [
      ['When', `${when(at, 'en-US')} (New York time)`],
      ['Browser', device.browser ?? 'Unknown browser'],
      ['System', device.system ?? 'Unknown system'],
    ],
    outro: 'If this was you, there is nothing to do. If not, someone knows your password: change it now and check where your account is signed in:',
  };
  const ru: NoticeText = {
    subject: 'Ваш пароль использован для входа из нового браузера',
    intro: `Пароль от вашего аккаунта Medallion (${to}) только что правильно введён в браузере, которым раньше не пользовались. Теперь вход ждёт код из приложения-аутентификатора.`,
    rows: [
      ['Когда', `${when(at, 'ru-RU')} (время Нью-Йорка)`],
      ['Браузер', device.browser ?? 'Неизвестный браузер'],
      ['Система', device.system ?? 'Неизвестная система'],
    ],
    outro: 'Если это были вы, ничего делать не нужно. Если нет, ваш пароль кто-то знает: сразу смените его и проверьте, где выполнен вход в аккаунт:',
  };
  return securityNoticeEmail({ to, publicUrl, en, ru });
}
