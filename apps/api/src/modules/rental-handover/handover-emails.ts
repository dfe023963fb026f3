import { formatCents, formatLongDate } from '@medallion/contracts/formats';
import type { HandoverStage } from '@medallion/contracts/rental-handover';
import type { MailT } from '@medallion/contracts/mail-messages';
import type { Language } from '@medallion/contracts/site';
import { inLanguages, READER_LANGUAGES, type MailPart } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';

export interface HandoverMailParty {
  email: string;
  name: string;
}

export interface HandoverMailBase {
  driver: HandoverMailParty;
  owner: HandoverMailParty;
  car: string;
  /** The rental's page. */
  url: string;
}

/** The page where both parties see a rental's hand-over and claim. */
export const rentalHandoverUrl = (publicUrl: string, rentalId: string) => `${publicUrl}/rentals/${rentalId}/handover`;

const toBoth = (input: HandoverMailBase, write: (t: MailT, language: Language) => MailPart): OutgoingMail[] =>
  [input.driver, input.owner].map((party) => ({
    to: party.email,
    ...inLanguages(READER_LANGUAGES, (t, language) => {
      const part = write(t, language);
      return { subject: part.subject, text: [t('common.hello', { name: party.name }), '', part.text].join('\n') };
    }),
  }));

/** One party sent their photos of a hand-over: both parties are told (the return also ends the weekly rent). */
export function handoverSetEmails(
  input: HandoverMailBase & { stage: HandoverStage; sender: string; at: Date; odometer: number; fuel: number; returned: boolean },
): OutgoingMail[] {
  return toBoth(input, (t, language) => ({
    subject: t(input.stage === 'pickup' ? 'handover.pickupSubject' : 'handover.returnSubject', { car: input.car }),
    text: [
      t(input.stage === 'pickup' ? 'handover.pickupSent' : 'handover.returnSent', {
        party: input.sender,
        car: input.car,
        date: formatLongDate(input.at, language),
        odometer: input.odometer,
        fuel: input.fuel,
      }),
      ...(input.returned ? ['', t('handover.returned')] : []),
      '',
      t('handover.seeRental', { url: input.url }),
    ].join('\n'),
  }));
}

export type ClaimStep = 'opened' | 'accepted' | 'disputed' | 'unanswered' | 'decided';

/** A step of the damage claim: both parties are told what happened and what comes next. */
export function claimStepEmails(
  input: HandoverMailBase & { step: ClaimStep; amountCents: number; depositCents: number; description: string; keptCents: number | null },
): OutgoingMail[] {
  return toBoth(input, (t, language) => {
    const amount = formatCents(input.amountCents, language);
    const kept = formatCents(input.keptCents ?? 0, language);
    const refund = formatCents(Math.max(0, input.depositCents - (input.keptCents ?? 0)), language);
    const lines: string[] = [];
    let subject: string;
    switch (input.step) {
      case 'opened':
        subject = t('claim.openedSubject', { car: input.car });
        lines.push(
          t('claim.opened', {
            owner: input.owner.name,
            amount,
            deposit: formatCents(input.depositCents, language),
            car: input.car,
            description: input.description,
          }),
          '',
          t('claim.answerWithin', { url: input.url }),
        );
        break;
      case 'accepted':
        subject = t('claim.acceptedSubject', { car: input.car });
        lines.push(t('claim.accepted', { driver: input.driver.name, amount, car: input.car }), '', t('claim.refundFollows', { refund }));
        break;
      case 'disputed':
        subject = t('claim.disputedSubject', { car: input.car });
        lines.push(t('claim.disputed', { driver: input.driver.name, amount, car: input.car }));
        break;
      case 'unanswered':
        subject = t('claim.unansweredSubject', { car: input.car });
        lines.push(t('claim.unanswered', { amount, car: input.car }), '', t('claim.refundFollows', { refund }));
        break;
      case 'decided':
        subject = t('claim.decidedSubject', { car: input.car });
        lines.push(t('claim.decided', { car: input.car, kept, amount }), '', t('claim.refundFollows', { refund }));
        break;
    }
    lines.push('', t('handover.seeRental', { url: input.url }));
    return { subject, text: lines.join('\n') };
  });
}

/** The deposit was given back (less what a claim kept): the rental is closed. */
export function depositRefundedEmails(input: HandoverMailBase & { refundCents: number; keptCents: number }): OutgoingMail[] {
  return toBoth(input, (t, language) => ({
    subject: t('deposit.refundedSubject', { car: input.car }),
    text: [
      t('deposit.refunded', { car: input.car, refund: formatCents(input.refundCents, language), kept: formatCents(input.keptCents, language) }),
      '',
      t('handover.seeRental', { url: input.url }),
    ].join('\n'),
  }));
}
