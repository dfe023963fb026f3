import type { OutgoingMail } from '../../integrations/mail/mailer';
import type { BrowserDescription } from './describe-browser';
import { noticeTime as when, securityNoticeEmail, type NoticeText } from './security-notice-email';

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
  const en: NoticeText = {
    subject: 'Your Medallion password was reset',
    intro:
      `The password of your Medallion account (${to}) was just reset with a code sent to this address. Every browser was signed out and no browser is trusted any more.` +
      (removed ? ' Your passkeys were removed too: they no longer sign in, and you need to add them again in the Security tab.' : ''),
    rows: [
      ['When', `${when(at, 'en-US')} (New York time)`],
      ['Browser', device.browser ?? 'Unknown browser'],
      ['System', device.system ?? 'Unknown system'],
      ...(removed ? [['Passkeys removed', String(passkeysRemoved)] as [string, string]] : []),
    ],
    outro: `${removed ? 'If this was you, add your passkeys again in the Security tab. ' : ''}If this was not you, someone can read your e-mail: secure your mailbox, then reset your password again. The Security tab:`,
  };
  const ru: NoticeText = {
    subject: 'Пароль вашего аккаунта Medallion сброшен',
    intro:
      `Пароль вашего аккаунта Medallion (${to}) только что сброшен с помощью кода, отправленного на этот адрес. Вход во всех браузерах завершён, доверенных браузеров больше нет.` +
      (removed ? ' Ключи доступа тоже удалены: войти с ними больше нельзя, добавьте их снова на вкладке «Безопасность».' : ''),
    rows: [
      ['Когда', `${when(at, 'ru-RU')} (время Нью-Йорка)`],
      ['Браузер', device.browser ?? 'Неизвестный браузер'],
      ['Система', device.system ?? 'Неизвестная система'],
      ...(removed ? [['Удалено ключей доступа', String(passkeysRemoved)] as [string, string]] : []),
    ],
    outro: `${removed ? 'Если это были вы, добавьте ключи доступа снова на вкладке «Безопасность». ' : ''}Если это были не вы, кто-то читает вашу почту: защитите почтовый ящик и снова сбросьте пароль. Вкладка «Безопасность»:`,
  };
  return securityNoticeEmail({ to, publicUrl, en, ru });
}
