import type { OutgoingMail } from '../../integrations/mail/mailer';

import { formatUsd as usd } from '../../lib/money';

/** An item's line of an e-mail in one language: the Russian half names it by its Russian title when it has one. */
const itemTitle = (item: { title: string; titleRu?: string }, language: 'en' | 'ru') => (language === 'ru' && item.titleRu ? item.titleRu : item.title);

/** "Order confirmation" (date, items, subtotal, shipping, order total), in English and Russian. */
export function orderConfirmationEmail(o: {
  to: string;
  name: string;
  orderId: string;
  date: Date;
  items: Array<{ title: string; titleRu?: string; quantity: number; priceCents: number }>;
  totals: { subtotal: number; tax: number; shipping: number; total: number };
  card: { brand: string; last4: string };
}): OutgoingMail {
  const day = o.date.toISOString().slice(0, 10);
  const lines = (language: 'en' | 'ru') => o.items.map((i) => `  ${i.quantity} × ${itemTitle(i, language)} — ${usd(i.priceCents * i.quantity)}`);
  const text = [
    `Hello ${o.name},`,
    '',
    'Thank you for your order. We will process and send it shortly.',
    '',
    `Date: ${day}`,
    `Order: ${o.orderId}`,
    'Items:',
    ...lines('en'),
    `Subtotal: ${usd(o.totals.subtotal)}`,
    `Tax (8.875%): ${usd(o.totals.tax)}`,
    `Shipping: ${usd(o.totals.shipping)}`,
    `Order total: ${usd(o.totals.total)}`,
    `Paid with ${o.card.brand.toUpperCase()} •••• ${o.card.last4}`,
    '',
    '---',
    `Здравствуйте, ${o.name}!`,
    '',
    'Спасибо за заказ. Мы скоро его обработаем и отправим.',
    '',
    `Дата: ${day}`,
    `Заказ: ${o.orderId}`,
    'Товары:',
    ...lines('ru'),
    `Сумма: ${usd(o.totals.subtotal)}`,
    `Налог (8,875%): ${usd(o.totals.tax)}`,
    `Доставка: ${usd(o.totals.shipping)}`,
    `Итого: ${usd(o.totals.total)}`,
  ].join('\n');
  return { to: o.to, subject: 'Order confirmation', text, category: 'receipt' };
}

/** "Your order has shipped": the items and where they go, in English and Russian (sent once, when staff mark it shipped). */
export function orderShippedEmail(o: {
  to: string;
  name: string;
  orderId: string;
  orderDate: Date;
  items: Array<{ title: string; titleRu?: string; quantity: number }>;
  address: { full_name: string; address_one: string; address_two: string; address_city: string; address_state: string; address_zip: string };
  dashboardUrl: string;
}): OutgoingMail {
  const day = o.orderDate.toISOString().slice(0, 10);
  const lines = (language: 'en' | 'ru') => o.items.map((i) => `  ${i.quantity} × ${itemTitle(i, language)}`);
  const a = o.address;
  const address = [a.full_name, a.address_one, ...(a.address_two ? [a.address_two] : []), `${a.address_city}, ${a.address_state} ${a.address_zip}`].map(
    (l) => `  ${l}`,
  );
  const text = [
    `Hello ${o.name},`,
    '',
    `Your order of ${day} has shipped.`,
    '',
    `Order: ${o.orderId}`,
    'Items:',
    ...lines('en'),
    'Shipping to:',
    ...address,
    '',
    `Your orders: ${o.dashboardUrl}`,
    '',
    '---',
    `Здравствуйте, ${o.name}!`,
    '',
    `Ваш заказ от ${day} отправлен.`,
    '',
    `Заказ: ${o.orderId}`,
    'Товары:',
    ...lines('ru'),
    'Адрес доставки:',
    ...address,
    '',
    `Ваши заказы: ${o.dashboardUrl}`,
  ].join('\n');
  return { to: o.to, subject: 'Your order has shipped / Ваш заказ отправлен', text, category: 'notice' };
}
