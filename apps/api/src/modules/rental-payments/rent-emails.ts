import { formatCents, formatLongDate } from '@medallion/contracts/formats';
import { inLanguages, READER_LANGUAGES } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';

export interface RentMailParty {
  email: string;
  name: string;
}

export interface RentDeclinedInput {
  driver: RentMailParty;
  owner: RentMailParty;
  car: string;
  week: number;
  amountCents: number;
  /** The next automatic attempt, or null after the last one. */
  retryOn: Date | null;
  /** The page where the driver pays the week (on-session). */
  payUrl: string;
}

/** The address of the page where the driver pays one week of a rental on-session (the 3-D Secure link). */
export const rentWeekPayUrl = (publicUrl: string, rentalId: string, week: number) => `${publicUrl}/rentals/${rentalId}/weeks/${week}/pay`;

/** A declined weekly rent: one e-mail to the driver (what happens next) and one to the owner. */
export function rentDeclinedEmails(input: RentDeclinedInput): OutgoingMail[] {
  const toDriver: OutgoingMail = {
    to: input.driver.email,
    ...inLanguages(READER_LANGUAGES, (t, language) => {
      const amount = formatCents(input.amountCents, language);
      return {
        subject: t('rent.declinedSubject', { week: input.week }),
        text: [
          t('common.hello', { name: input.driver.name }),
          '',
          t('rent.declinedDriver', { amount, week: input.week, car: input.car }),
          '',
          input.retryOn
            ? t('rent.retryOn', { date: formatLongDate(input.retryOn, language), url: input.payUrl })
            : t('rent.lastAttempt', { url: input.payUrl }),
        ].join('\n'),
      };
    }),
  };
  const toOwner: OutgoingMail = {
    to: input.owner.email,
    ...inLanguages(READER_LANGUAGES, (t, language) => ({
      subject: t('rent.declinedSubject', { week: input.week }),
      text: [
        t('common.hello', { name: input.owner.name }),
        '',
        t('rent.declinedOwner', { amount: formatCents(input.amountCents, language), week: input.week, car: input.car, driver: input.driver.name }),
        '',
        t('rent.ownerMayEnd'),
      ].join('\n'),
    })),
  };
  return [toDriver, toOwner];
}

/** The card needs its holder (3-D Secure): the driver gets the page where they confirm and pay the week. */
export function rentActionEmail(input: { driver: RentMailParty; car: string; week: number; amountCents: number; payUrl: string }): OutgoingMail {
  return {
    to: input.driver.email,
    ...inLanguages(READER_LANGUAGES, (t, language) => ({
      subject: t('rent.actionSubject', { week: input.week }),
      text: [
        t('common.hello', { name: input.driver.name }),
        '',
        t('rent.actionDriver', { amount: formatCents(input.amountCents, language), week: input.week, car: input.car, url: input.payUrl }),
      ].join('\n'),
    })),
  };
}

/**
 * Rent is waiting for an owner whose payout account Stripe cannot pay yet: where to set it up (My
 * rentals), with what is due. Sent by the payouts round at most once a week per owner.
 */
export function payoutSetupEmail(input: { owner: RentMailParty; dueCents: number; url: string }): OutgoingMail {
  return {
    to: input.owner.email,
    ...inLanguages(READER_LANGUAGES, (t, language) => ({
      subject: t('rent.payoutSetupSubject'),
      text: [
        t('common.hello', { name: input.owner.name }),
        '',
        t('rent.payoutSetupOwner', { amount: formatCents(input.dueCents, language), url: input.url }),
      ].join('\n'),
    })),
  };
}
