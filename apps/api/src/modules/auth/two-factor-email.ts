import type { Mailer, OutgoingMail } from '../../integrations/mail/mailer';
import { noticeTime as when, securityNoticeEmail, type NoticeText } from './security-notice-email';

export type TwoFactorChange = 'on' | 'off' | 'recoveryCodes';

const EN: Record<TwoFactorChange, { subject: string; intro: string; outro: string }> = {
  on: {
    subject: 'Two-step sign-in is on for your Medallion account',
    intro: 'Two-step sign-in was just turned on for your Medallion account ({to}). Signing in now also asks for a code from an authenticator app.',
    outro: 'If this was you, keep your recovery codes somewhere safe. If not, someone knows your password: reset it now and check the Security tab:',
  },
  off: {
    subject: 'Two-step sign-in is off for your Medallion account',
    intro: 'Two-step sign-in was just turned off for your Medallion account ({to}). Your password alone now signs in.',
    outro: 'If this was not you, reset your password now and turn two-step sign-in on again in the Security tab:',
  },
  recoveryCodes: {
    subject: 'New recovery codes for your Medallion account',
    intro: 'New recovery codes were just made for your Medallion account ({to}). The old ones no longer work.',
    outro: 'If this was not you, reset your password now and check the Security tab:',
  },
};

const RU: Record<TwoFactorChange, { subject: string; intro: string; outro: string }> = {
  on: {
    subject: 'Двухэтапный вход в аккаунт Medallion включен',
    intro: 'Для вашего аккаунта Medallion ({to}) только что включен двухэтапный вход. Теперь при входе нужен еще код из приложения-аутентификатора.',
    outro:
      'Если это были вы, сохраните коды восстановления в надежном месте. Если нет, кто-то знает ваш пароль: сразу смените его и проверьте вкладку «Безопасность»:',
  },
  off: {
    subject: 'Двухэтапный вход в аккаунт Medallion выключен',
    intro: 'Для вашего аккаунта Medallion ({to}) только что выключен двухэтапный вход. Теперь для входа достаточно пароля.',
    outro: 'Если это были не вы, сразу смените пароль и снова включите двухэтапный вход на вкладке «Безопасность»:',
  },
  recoveryCodes: {
    subject: 'Новые коды восстановления для аккаунта Medallion',
    intro: 'Для вашего аккаунта Medallion ({to}) только что созданы новые коды восстановления. Старые больше не действуют.',
    outro: 'Если это были не вы, сразу смените пароль и проверьте вкладку «Безопасность»:',
  },
};

/**
 * The owner hears of every change to two-step sign-in (on, off, new recovery codes): whoever turns it on
 * with a stolen password, or off, is seen at once by the owner's mailbox. English and Russian in one mail.
 */
export function twoFactorChangedEmail({ to, at, change, publicUrl }: { to: string; at: Date; change: TwoFactorChange; publicUrl: string }): OutgoingMail {
  const part = (t: { subject: string; intro: string; outro: string }, label: string, time: string): NoticeText => ({
    subject: t.subject,
    intro: t.intro.replace('{to}', to),
    rows: [[label, time]],
    outro: t.outro,
  });
  return securityNoticeEmail({
    to,
    publicUrl,
    en: part(EN[change], 'When', `${when(at, 'en-US')} (New York time)`),
    ru: part(RU[change], 'Когда', `${when(at, 'ru-RU')} (время Нью-Йорка)`),
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
