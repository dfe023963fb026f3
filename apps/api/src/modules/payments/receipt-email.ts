import type { OutgoingMail } from '../../integrations/mail/mailer';

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

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

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
