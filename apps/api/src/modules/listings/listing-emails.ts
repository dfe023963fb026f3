import { formatUsd } from '@medallion/contracts/formats';
import type { MailT } from '@medallion/contracts/mail-messages';
import type { Language } from '@medallion/contracts/site';
import { inLanguages, labelled, READER_LANGUAGES, STAFF_LANGUAGES } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';

interface ListingFacts {
  id: string;
  title: string;
  ownerName: string;
  ownerEmail: string;
  publicUrl: string;
}

/** A listing's price as the e-mails write it ("$450 / week", "450 $ в неделю", "$18,000"); null without a price. */
export function listingPriceText(
  t: MailT,
  language: Language,
  l: { priceCents: number | null; dealType: 'rent' | 'sale' | null; paymentPeriod: 'weekly' | 'monthly' | null },
): string | null {
  if (l.priceCents === null) return null;
  const price = formatUsd(l.priceCents / 100, language, 'auto');
  if (l.dealType === 'sale' || !l.paymentPeriod) return price;
  return t(l.paymentPeriod === 'monthly' ? 'common.perMonth' : 'common.perWeek', { price });
}

const link = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

/**
 * To the staff mailbox (in English) when a paid listing waits for review: a new one, or (`edited`) a
 * published listing whose owner changed its text, vehicle data, pictures or place.
 */
export function reviewNoticeEmail(
  to: string,
  l: Omit<ListingFacts, 'title'> & {
    title: string | null;
    category: 'cars' | 'plates';
    priceCents: number | null;
    dealType: 'rent' | 'sale' | null;
    paymentPeriod: 'weekly' | 'monthly' | null;
    place: string;
    edited?: boolean;
  },
  languages: readonly Language[] = STAFF_LANGUAGES,
): OutgoingMail {
  return {
    to,
    ...inLanguages(languages, (t, language) => {
      const title = l.title ?? t('common.untitled');
      const price = listingPriceText(t, language, l);
      return {
        subject: t(l.edited ? 'review.editedSubject' : 'review.subject', { title }),
        text: [
          t(l.edited ? 'review.editedIntro' : 'review.intro'),
          '',
          ...labelled([
            [t('review.title'), title],
            [t('review.category'), t(`review.${l.category}`)],
            [t('review.price'), price === null ? '—' : l.dealType === 'sale' ? t('review.forSale', { price }) : price],
            [t('review.location'), l.place],
            [t('review.owner'), `${l.ownerName} <${l.ownerEmail}>`],
            [t('review.listingId'), l.id],
          ]),
          '',
          `${t('review.console')} ${link(l.publicUrl, '/admin/listings')}`,
        ].join('\n'),
      };
    }),
    replyTo: l.ownerEmail,
    category: 'notice',
  };
}

/** To the owner when staff publish the listing. */
export function listingApprovedEmail(l: ListingFacts): OutgoingMail {
  const url = link(l.publicUrl, `/listing/${l.id}`);
  return {
    to: l.ownerEmail,
    ...inLanguages(READER_LANGUAGES, (t) => ({
      subject: t('approved.subject', { title: l.title }),
      text: [t('common.hello', { name: l.ownerName }), '', t('approved.intro', { title: l.title }), `${t('approved.see')} ${url}`].join('\n'),
    })),
    category: 'notice',
  };
}

/** To the owner when staff send the listing back, with the reason. Resubmitting costs nothing. */
export function listingRejectedEmail(l: ListingFacts & { reason: string }): OutgoingMail {
  const url = link(l.publicUrl, '/dashboard');
  return {
    to: l.ownerEmail,
    ...inLanguages(READER_LANGUAGES, (t) => ({
      subject: t('rejected.subject', { title: l.title }),
      text: [t('common.hello', { name: l.ownerName }), '', t('rejected.intro', { title: l.title }), '', `  ${l.reason}`, '', t('rejected.outro', { url })].join(
        '\n',
      ),
    })),
    category: 'notice',
  };
}
