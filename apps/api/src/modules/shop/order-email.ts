import { formatCents, formatLongDate, formatPercent } from '@medallion/contracts/formats';
import { orderNumber, TAX_RATE_PERCENT } from '@medallion/contracts/shop';
import type { Language } from '@medallion/contracts/site';
import { inLanguages, labelled, READER_LANGUAGES } from '../../integrations/mail/mail-languages';
import type { OutgoingMail } from '../../integrations/mail/mailer';

/** An item's line of an e-mail in one language: the Russian part names it by its Russian title when it has one. */
const itemTitle = (item: { title: string; titleRu?: string }, language: Language) => (language === 'ru' && item.titleRu ? item.titleRu : item.title);

/** "Order confirmation No. D0BEFC1C" (date, items, subtotal, tax, shipping, order total, card), in English and Russian. */
export function orderConfirmationEmail(o: {
  to: string;
  name: string;
  orderId: string;
  date: Date;
  items: Array<{ title: string; titleRu?: string; quantity: number; priceCents: number }>;
  totals: { subtotal: number; tax: number; shipping: number; total: number };
  card: { brand: string; last4: string };
}): OutgoingMail {
  const number = orderNumber(o.orderId);
  const card = `${o.card.brand.toUpperCase()} •••• ${o.card.last4}`;
  return {
    to: o.to,
    ...inLanguages(READER_LANGUAGES, (t, language) => {
      const money = (cents: number) => formatCents(cents, language);
      return {
        subject: t('order.confirmed.subject', { number }),
        text: [
          t('common.hello', { name: o.name }),
          '',
          t('order.confirmed.intro'),
          '',
          t('order.number', { number }),
          ...labelled([[t('order.date'), formatLongDate(o.date, language)]]),
          `${t('order.items')}:`,
          ...o.items.map((i) => `  ${i.quantity} × ${itemTitle(i, language)} — ${money(i.priceCents * i.quantity)}`),
          ...labelled([
            [t('order.subtotal'), money(o.totals.subtotal)],
            [t('order.tax', { rate: formatPercent(TAX_RATE_PERCENT, language) }), money(o.totals.tax)],
            [t('order.shipping'), money(o.totals.shipping)],
            [t('order.total'), money(o.totals.total)],
          ]),
          t('order.paidWith', { card }),
        ].join('\n'),
      };
    }),
    category: 'receipt',
  };
}

/** "Your order No. D0BEFC1C has shipped": the items and where they go, in English and Russian (sent once, when staff mark it shipped). */
export function orderShippedEmail(o: {
  to: string;
  name: string;
  orderId: string;
  orderDate: Date;
  items: Array<{ title: string; titleRu?: string; quantity: number }>;
  address: { full_name: string; address_one: string; address_two: string; address_city: string; address_state: string; address_zip: string };
  dashboardUrl: string;
}): OutgoingMail {
  const number = orderNumber(o.orderId);
  const a = o.address;
  const address = [a.full_name, a.address_one, ...(a.address_two ? [a.address_two] : []), `${a.address_city}, ${a.address_state} ${a.address_zip}`].map(
    (l) => `  ${l}`,
  );
  return {
    to: o.to,
    ...inLanguages(READER_LANGUAGES, (t, language) => ({
      subject: t('order.shipped.subject', { number }),
      text: [
        t('common.hello', { name: o.name }),
        '',
        t('order.shipped.intro', { date: formatLongDate(o.orderDate, language) }),
        '',
        t('order.number', { number }),
        `${t('order.items')}:`,
        ...o.items.map((i) => `  ${i.quantity} × ${itemTitle(i, language)}`),
        `${t('order.shipTo')}:`,
        ...address,
        '',
        `${t('order.yourOrders')}: ${o.dashboardUrl}`,
      ].join('\n'),
    })),
    category: 'notice',
  };
}
