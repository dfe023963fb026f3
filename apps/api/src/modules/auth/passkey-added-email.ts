import type { OutgoingMail } from '../../integrations/mail/mailer';
import { noticeTime as when, securityNoticeEmail, type NoticeText } from './security-notice-email';

/**
 * "A passkey was added to your Medallion account": its name, when (New York time), and a link to the
 * Security tab to remove it if it was not the owner. A passkey signs in without the password, so the
 * owner hears of every new one. In English and Russian, as the other account e-mails.
 */
export function passkeyAddedEmail({ to, at, name, publicUrl }: { to: string; at: Date; name: string; publicUrl: string }): OutgoingMail {
  const en: NoticeText = {
    subject: 'A passkey was added to your Medallion account',
    intro: `A passkey was just added to your Medallion account (${to}). It signs in without your password.`,
    rows: [
      ['Passkey', name],
      ['When', `${when(at, 'en-US')} (New York time)`],
    ],
    outro: 'If this was you, there is nothing to do. If not, remove it in the Security tab now and change your password:',
  };
  const ru: NoticeText = {
    subject: 'В ваш аккаунт Medallion добавлен ключ доступа',
    intro: `В ваш аккаунт Medallion (${to}) только что добавлен ключ доступа. С ним можно войти без пароля.`,
    rows: [
      ['Ключ доступа', name],
      ['Когда', `${when(at, 'ru-RU')} (время Нью-Йорка)`],
    ],
    outro: 'Если это были вы, ничего делать не нужно. Если нет, сразу удалите его на вкладке «Безопасность» и смените пароль:',
  };
  return securityNoticeEmail({ to, publicUrl, en, ru });
}
