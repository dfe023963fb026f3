import { formatLongDate } from '@medallion/contracts/formats';
import { inLanguages, READER_LANGUAGES } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';
import type { Language } from '@medallion/contracts/site';

/** What a rental e-mail says happened, and to whom it goes. */
export type RentalMailKind = 'requested' | 'approved' | 'declined' | 'superseded' | 'expired' | 'withdrawn' | 'accepted' | 'ready';

export interface RentalMailFacts {
  kind: RentalMailKind;
  to: string;
  /** The other party's name (who asked, decided, withdrew or accepted). */
  name: string;
  title: string;
  startDate: string;
  /** Exclusive end (start + 7 × weeks): the e-mail writes the last day. */
  endDate: string;
  weeks: number;
  publicUrl: string;
}

const SUBJECT: Record<RentalMailKind, 'requested' | 'approved' | 'declined' | 'expired' | 'withdrawn' | 'accepted' | 'ready'> = {
  requested: 'requested',
  approved: 'approved',
  declined: 'declined',
  superseded: 'declined',
  expired: 'expired',
  withdrawn: 'withdrawn',
  accepted: 'accepted',
  ready: 'ready',
};

/** A day (YYYY-MM-DD) in the reader's language ("March 5, 2026"). */
function day(date: string, language: Language): string {
  return formatLongDate(new Date(`${date}T12:00:00-05:00`), language);
}

/** The last day of a rental whose end is exclusive. */
function lastDay(endDate: string): string {
  const d = new Date(`${endDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** A step of a rental request or agreement, to the other side (English then Russian), with the dashboard's link. */
export function rentalEmail(f: RentalMailFacts, languages: readonly Language[] = READER_LANGUAGES): OutgoingMail {
  const url = new URL('/dashboard?tab=rentals', f.publicUrl).toString();
  return {
    to: f.to,
    category: 'notice',
    ...inLanguages(languages, (t, language) => {
      const params = { name: f.name, title: f.title, start: day(f.startDate, language), end: day(lastDay(f.endDate), language), weeks: f.weeks };
      return {
        subject: t(`rental.${SUBJECT[f.kind]}.subject`, params),
        text: [t(`rental.${f.kind}.intro`, params), '', t('rental.open'), url].join('\n'),
      };
    }),
  };
}
