import type { OutgoingMail } from '../../integrations/mail/mailer';
import { formatUsd as usd } from '../../lib/money';
import type { PaymentRow } from './purchase';

export interface ReceiptInput {
  to: string;
  name: string;
  paymentId: string;
  description: { en: string; ru: string };
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
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const card = `${r.card.brand.toUpperCase()} •••• ${r.card.last4}`;
  const lines = [
    `Hello ${r.name},`,
    '',
    'Thank you for your payment. Here is your receipt.',
    '',
    `Item: ${r.description.en}`,
    `Amount: ${usd(r.amountCents)} USD`,
    `Card: ${card}`,
    `Date: ${day(r.paidAt)}`,
    ...(r.accessExpiry ? [`Full access until: ${day(r.accessExpiry)}`] : []),
    `Receipt number: ${r.paymentId}`,
    '',
    '---',
    `Здравствуйте, ${r.name}!`,
    '',
    'Спасибо за оплату. Ваш чек:',
    '',
    `Покупка: ${r.description.ru}`,
    `Сумма: ${usd(r.amountCents)} USD`,
    `Карта: ${card}`,
    `Дата: ${day(r.paidAt)}`,
    ...(r.accessExpiry ? [`Полный доступ до: ${day(r.accessExpiry)}`] : []),
    `Номер чека: ${r.paymentId}`,
  ];
  return { to: r.to, subject: `Medallion receipt / Чек Medallion: ${usd(r.amountCents)}`, text: lines.join('\n'), category: 'receipt' };
}
