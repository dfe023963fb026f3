import { formatCents, formatLongDate } from '@medallion/contracts/formats';
import type { MailKey, MailParams } from '@medallion/contracts/mail-messages';
import { inLanguages, labelled, READER_LANGUAGES } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';
import type { PaymentRow } from './purchase';

export interface ReceiptInput {
  to: string;
  name: string;
  paymentId: string;
  /** What was bought, as a text of the e-mails' catalogue ('receipt.examAccess', 'receipt.listingFee'). */
  description: { key: MailKey; params?: MailParams };
  amountCents: number;
  card: { brand: string; last4: string };
  paidAt: Date;
  accessExpiry: Date | null;
}

/** The card a payment was charged to, as the e-mails show it. */
export const cardOf = (payment: PaymentRow) => ({ brand: payment.cardBrand ?? 'card', last4: payment.cardLast4 ?? '····' });

/** The receipt of a settled payment, to its owner: amount, card, date and access expiry from the payment row. */
export function paymentReceipt(owner: { email: string; name: string }, payment: PaymentRow, description: ReceiptInput['description']): OutgoingMail {
  return receiptEmail({
    to: owner.email,
    name: owner.name,
    paymentId: payment.id,
    description,
    amountCents: payment.amountCents,
    card: cardOf(payment),
    paidAt: payment.updatedAt,
    accessExpiry: payment.accessExpiry,
  });
}

/** The receipt e-mailed after a successful payment, in English and Russian. */
export function receiptEmail(r: ReceiptInput): OutgoingMail {
  const card = `${r.card.brand.toUpperCase()} •••• ${r.card.last4}`;
  return {
    to: r.to,
    ...inLanguages(READER_LANGUAGES, (t, language) => {
      const amount = formatCents(r.amountCents, language);
      return {
        subject: t('receipt.subject', { amount }),
        text: [
          t('common.hello', { name: r.name }),
          '',
          t('receipt.intro'),
          '',
          ...labelled([
            [t('receipt.item'), t(r.description.key, r.description.params)],
            [t('receipt.amount'), amount],
            [t('receipt.card'), card],
            [t('receipt.date'), formatLongDate(r.paidAt, language)],
            ...(r.accessExpiry ? [[t('receipt.accessUntil'), formatLongDate(r.accessExpiry, language)] as [string, string]] : []),
            [t('receipt.number'), r.paymentId],
          ]),
        ].join('\n'),
      };
    }),
    category: 'receipt',
  };
}
