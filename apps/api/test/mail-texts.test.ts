import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPercent } from '@medallion/contracts/formats';
import { MAIL_MESSAGES_EN, MAIL_MESSAGES_RU } from '@medallion/contracts/mail-messages';
import { orderNumber, TAX_RATE_PERCENT } from '@medallion/contracts/shop';
import type { Language } from '@medallion/contracts/site';
import { LANGUAGE_SEPARATOR } from '../src/integrations/mail/mail-languages';
import type { OutgoingMail } from '../src/integrations/mail/mailer';
import { codeEmail } from '../src/modules/auth/code-email';
import { newBrowserEmail, passwordUsedEmail } from '../src/modules/auth/new-browser-email';
import { passkeyAddedEmail } from '../src/modules/auth/passkey-added-email';
import { passwordResetEmail } from '../src/modules/auth/password-reset-email';
import { twoFactorChangedEmail } from '../src/modules/auth/two-factor-email';
import { contactEmail } from '../src/modules/contact/contact-email';
import { listingApprovedEmail, listingRejectedEmail, reviewNoticeEmail } from '../src/modules/listings/listing-emails';
import { relayedMessageEmail } from '../src/modules/messages/message-email';
import { rentalEmail, type RentalMailKind } from '../src/modules/rentals/rental-emails';
import { receiptEmail, type ReceiptInput } from '../src/modules/payments/receipt-email';
import { rentActionEmail, rentDeclinedEmails } from '../src/modules/rental-payments/rent-emails';
import { emailChangedNotice } from '../src/modules/profile/profile-emails';
import { licenseReminderEmail } from '../src/modules/license-tracker/reminder-email';
import { searchDigestEmail, type DigestListing } from '../src/modules/saved/digest-email';
import { orderConfirmationEmail, orderShippedEmail } from '../src/modules/shop/order-email';
import { claimStepEmails, depositRefundedEmails, handoverSetEmails } from '../src/modules/rental-handover/handover-emails';

// Every e-mail builder, rendered with made-up facts (English data, the Russian product title in Cyrillic),
// in the languages it is sent in, and the staff e-mails also in Russian.
const publicUrl = 'https://medallion.example';
const at = new Date('2026-07-04T16:05:00Z');
const to = 'alex@example.com';
const device = { browser: 'Chrome 131', system: 'Linux' };
const rentalBase = {
  driver: { email: 'driver@example.com', name: 'Dmitri Ivanov' },
  owner: { email: 'owner@example.com', name: 'Olga Petrova' },
  car: 'Toyota Camry 2020',
  url: `${publicUrl}/rentals/r1/handover`,
};
const orderId = 'd0befc1c-1234-4abc-8def-000000000001';
const listing = { id: 'listing-1', title: 'Toyota Camry 2020', ownerName: 'Alex Smith', ownerEmail: 'owner@example.com', publicUrl };
const review = {
  ...listing,
  category: 'cars' as const,
  priceCents: 180_000,
  dealType: 'rent' as const,
  paymentPeriod: 'weekly' as const,
  place: 'Brooklyn, NY, 11201',
};
const digestListing = (n: number): DigestListing => ({
  id: `l${n}`,
  title: n === 2 ? null : `Ford Escape ${n}`,
  priceCents: n === 3 ? null : 45_000 * n,
  dealType: n === 4 ? 'sale' : 'rent',
  paymentPeriod: n % 2 ? 'weekly' : 'monthly',
  city: 'Queens',
  state: 'NY',
});
const digest = (language: Language | undefined, count: number) =>
  searchDigestEmail({
    to,
    userName: 'Alex',
    language,
    publicUrl,
    searches: [
      { name: 'Camry', query: 'make=toyota', token: 'tok1', listings: Array.from({ length: count }, (_, i) => digestListing(i + 1)), more: count > 4 },
    ],
  });
const reminder = (language: Language | undefined, kind: 'deadline' | 'stalled', daysLeft: number) =>
  licenseReminderEmail({
    to,
    userName: 'Alex',
    language,
    publicUrl,
    kind,
    filedOn: '2026-07-01',
    deadline: '2026-09-29',
    daysLeft,
    openSteps: ['school', 'drug-test', 'fingerprints', 'tlc-exam'],
    token: 'dXNlcg.c2ln',
  });
const order = {
  to,
  name: 'Alex',
  orderId,
  items: [{ title: 'Seat cushion', titleRu: 'Подушка на сиденье', quantity: 2, priceCents: 90_000 }],
};

const RECEIPTS: ReceiptInput['description'][] = [
  { key: 'receipt.examAccess', params: { count: 3 } },
  { key: 'receipt.listingFee', params: { title: 'Toyota Camry 2020' } },
  { key: 'receipt.rentalPickup', params: { car: 'Toyota Camry 2020', deposit: '$500.00' } },
  { key: 'receipt.rentalWeek', params: { car: 'Toyota Camry 2020', week: 3 } },
];
const rentParties = { driver: { email: to, name: 'Dmitri' }, owner: { email: 'owner@example.com', name: 'Olga' }, car: 'Toyota Camry 2020' };
const payUrl = `${publicUrl}/rentals/r1/weeks/2/pay`;

const BOTH: Language[] = ['en', 'ru'];
const MAILS: Array<[string, OutgoingMail, Language[]]> = [
  ...(['confirm', 'reset', 'delete', 'email-change', 'step-up', 'staff-two-factor'] as const).map((purpose): [string, OutgoingMail, Language[]] => [
    `code ${purpose}`,
    codeEmail({ to, code: '123456', purpose }),
    BOTH,
  ]),
  ['new browser', newBrowserEmail({ to, at, device, publicUrl }), BOTH],
  ['new browser, unknown browser', newBrowserEmail({ to, at, device: { browser: null, system: null }, publicUrl }), BOTH],
  ['password used', passwordUsedEmail({ to, at, device, publicUrl }), BOTH],
  ['passkey added', passkeyAddedEmail({ to, at, name: 'YubiKey', publicUrl }), BOTH],
  ['password reset', passwordResetEmail({ to, at, device, passkeysRemoved: 0, publicUrl }), BOTH],
  ['password reset, passkeys removed', passwordResetEmail({ to, at, device, passkeysRemoved: 2, publicUrl }), BOTH],
  ...(['on', 'off', 'recoveryCodes'] as const).map((change): [string, OutgoingMail, Language[]] => [
    `two-step ${change}`,
    twoFactorChangedEmail({ to, at, change, publicUrl }),
    BOTH,
  ]),
  ['e-mail changed', emailChangedNotice({ to, oldEmail: 'old@example.com', newEmail: 'new@example.com', publicUrl }), BOTH],
  [
    'e-mail changed, to the old address (the way back)',
    emailChangedNotice({ to, oldEmail: 'old@example.com', newEmail: 'new@example.com', publicUrl, restoreUrl: `${publicUrl}/account/restore-email?token=x` }),
    BOTH,
  ],
  [
    'order confirmation',
    orderConfirmationEmail({
      ...order,
      date: at,
      totals: { subtotal: 180_000, tax: 15_975, shipping: 499, total: 196_474 },
      card: { brand: 'visa', last4: '4242' },
    }),
    BOTH,
  ],
  [
    'order shipped',
    orderShippedEmail({
      ...order,
      orderDate: at,
      address: { full_name: 'Alex', address_one: '123 Main St', address_two: '', address_city: 'Brooklyn', address_state: 'NY', address_zip: '11201' },
      dashboardUrl: `${publicUrl}/dashboard?tab=orders`,
    }),
    BOTH,
  ],
  ...[true, false].map((toOwner): [string, OutgoingMail, Language[]] => [
    `message to ${toOwner ? 'owner' : 'driver'}`,
    relayedMessageEmail({
      conversationId: 'c1',
      listingTitle: 'Toyota Camry 2020',
      senderName: 'Dmitri Driver',
      senderEmail: 'driver@example.com',
      recipientName: 'Alex Smith',
      recipientEmail: 'owner@example.com',
      toOwner,
      body: 'Is it still available?',
      publicUrl,
    }),
    BOTH,
  ]),
  ...RECEIPTS.map((description): [string, OutgoingMail, Language[]] => [
    `receipt ${description.key}`,
    receiptEmail({
      to,
      name: 'Alex',
      paymentId: 'pay-1',
      description,
      amountCents: 1500,
      card: { brand: 'visa', last4: '4242' },
      paidAt: at,
      accessExpiry: description.key === 'receipt.examAccess' ? new Date('2026-10-04T16:05:00Z') : null,
    }),
    BOTH,
  ]),
  ...[new Date('2026-03-10T17:00:00Z'), null].flatMap((retryOn): Array<[string, OutgoingMail, Language[]]> => {
    const [toDriver, toOwner] = rentDeclinedEmails({ ...rentParties, week: 3, amountCents: 45_000, retryOn, payUrl });
    const when = retryOn ? 'retry' : 'last attempt';
    return [
      [`rent declined to the driver (${when})`, toDriver!, BOTH],
      [`rent declined to the owner (${when})`, toOwner!, BOTH],
    ];
  }),
  ['rent needs the driver (3-D Secure)', rentActionEmail({ ...rentParties, week: 3, amountCents: 45_000, payUrl }), BOTH],
  ['review notice', reviewNoticeEmail('staff@example.com', review), ['en']],
  ['review notice in Russian', reviewNoticeEmail('staff@example.com', { ...review, title: null, dealType: 'sale', edited: true }, ['ru']), ['ru']],
  ['review notice in both', reviewNoticeEmail('staff@example.com', { ...review, category: 'plates', priceCents: null }, BOTH), BOTH],
  ['listing approved', listingApprovedEmail(listing), BOTH],
  ['listing rejected', listingRejectedEmail({ ...listing, reason: 'The photos are blurry.' }), BOTH],
  ['digest, language unknown', digest(undefined, 5), BOTH],
  ['digest in English', digest('en', 1), ['en']],
  ['digest in Russian', digest('ru', 3), ['ru']],
  ['license reminder, language unknown', reminder(undefined, 'deadline', 30), BOTH],
  ['license reminder in English', reminder('en', 'deadline', 1), ['en']],
  ['license reminder in Russian', reminder('ru', 'deadline', 2), ['ru']],
  ['license stalled reminder in Russian', reminder('ru', 'stalled', 21), ['ru']],
  ['license stalled reminder in English', reminder('en', 'stalled', 61), ['en']],
  ...handoverSetEmails({ ...rentalBase, stage: 'pickup', sender: 'Dmitri Ivanov', at, odometer: 41_250, fuel: 80, returned: false }).map(
    (mail, i): [string, OutgoingMail, Language[]] => [`hand-over pick-up photos ${i}`, mail, BOTH],
  ),
  ...handoverSetEmails({ ...rentalBase, stage: 'return', sender: 'Olga Petrova', at, odometer: 42_900, fuel: 40, returned: true }).map(
    (mail, i): [string, OutgoingMail, Language[]] => [`hand-over return photos ${i}`, mail, BOTH],
  ),
  ...(['opened', 'accepted', 'disputed', 'unanswered', 'decided'] as const).flatMap((step) =>
    claimStepEmails({
      ...rentalBase,
      step,
      amountCents: 12_000,
      depositCents: 50_000,
      description: '12 × 4',
      keptCents: step === 'decided' ? 5_000 : 12_000,
    }).map((mail, i): [string, OutgoingMail, Language[]] => [`claim ${step} ${i}`, mail, BOTH]),
  ),
  ...depositRefundedEmails({ ...rentalBase, refundCents: 38_000, keptCents: 12_000 }).map((mail, i): [string, OutgoingMail, Language[]] => [
    `deposit refunded ${i}`,
    mail,
    BOTH,
  ]),
  ...[['en'], ['ru'], BOTH].map((languages): [string, OutgoingMail, Language[]] => [
    `contact form (${languages.join(', ')})`,
    contactEmail(
      { to: 'help@example.com', name: 'Alex', email: to, locale: null, message: 'Is the Camry available?', id: 'ref-1', receivedAt: at },
      languages as Language[],
    ),
    languages as Language[],
  ]),
  ...(['requested', 'approved', 'declined', 'superseded', 'expired', 'withdrawn', 'accepted', 'ready'] as RentalMailKind[]).map(
    (kind): [string, OutgoingMail, Language[]] => [
      `rental ${kind}`,
      rentalEmail({ kind, to, name: 'Dmitri Driver', title: 'Toyota Camry 2020', startDate: '2026-07-06', endDate: '2026-07-27', weeks: 3, publicUrl }),
      BOTH,
    ],
  ),
];

const englishTexts = Object.values(MAIL_MESSAGES_EN) as string[];
const russianTexts = Object.values(MAIL_MESSAGES_RU);
/** The fixed words of the English texts a Russian part must not show (a part of a text between its placeholders). */
const englishFragments = [
  ...new Set(
    englishTexts.flatMap((text) =>
      text
        .split(/\{\{\w+\}\}/)
        .map((f) => f.trim())
        .filter((f) => /[A-Za-z]{4,}/.test(f) && !russianTexts.some((r) => r.includes(f))),
    ),
  ),
];
const keys = Object.keys(MAIL_MESSAGES_RU).map((k) => k.replace(/_(one|few|many|other)$/, ''));

/** A mail's parts per language: the subject split at " / ", the text at the "---" line. */
function parts(mail: OutgoingMail, count: number) {
  const subjects = mail.subject.split(' / ');
  const texts = mail.text.split(LANGUAGE_SEPARATOR);
  expect(subjects).toHaveLength(count);
  expect(texts).toHaveLength(count);
  return subjects.map((subject, i) => ({ subject, text: texts[i]! }));
}

describe('the e-mails', () => {
  it.each(MAILS)('%s: every text from the catalogue, each language in its own part', (_name, mail, languages) => {
    const all = `${mail.subject}\n${mail.text}\n${mail.html ?? ''}`;
    expect(all).not.toMatch(/\{\{|\}\}|undefined|null|NaN/);
    for (const key of keys) expect(all).not.toContain(key);
    parts(mail, languages.length).forEach((part, i) => {
      const shown = `${part.subject}\n${part.text}`;
      if (languages[i] === 'ru') {
        expect(shown).toMatch(/[а-яё]/i);
        for (const fragment of englishFragments) expect(shown, fragment).not.toContain(fragment);
      } else {
        expect(shown).not.toMatch(/[а-яё]/i);
      }
    });
    if (mail.html) expect(mail.html.match(/<div lang="(\w+)">/g)).toEqual(languages.map((l) => `<div lang="${l}">`));
  });

  it('has every subject in English and Russian', () => {
    for (const [name, mail, languages] of MAILS) {
      if (languages.length < 2) continue;
      const [english, russian] = mail.subject.split(' / ');
      expect(english, name).not.toMatch(/[а-яё]/i);
      expect(russian, name).toMatch(/[а-яё]/i);
    }
  });

  it('names the order by its number, writes money and the tax rate as the web does in each language', () => {
    const mail = MAILS.find(([name]) => name === 'order confirmation')![1];
    const number = orderNumber(orderId);
    expect(number).toBe('D0BEFC1C');
    expect(mail.subject).toBe('Order confirmation No. D0BEFC1C / Подтверждение заказа № D0BEFC1C');
    const [english, russian] = parts(mail, 2);
    expect(english!.text).toContain('Order No. D0BEFC1C');
    expect(english!.text).toContain('Date: July 4, 2026');
    expect(english!.text).toContain('2 × Seat cushion — $1,800.00');
    expect(english!.text).toContain(`Tax (${formatPercent(TAX_RATE_PERCENT, 'en')}): $159.75`);
    expect(english!.text).toContain('Tax (8.875%)');
    expect(english!.text).toContain('Order total: $1,964.74');
    expect(russian!.text).toContain('Заказ № D0BEFC1C');
    expect(russian!.text.replace(/\s/g, ' ')).toContain('Дата: 4 июля 2026 г.');
    expect(russian!.text).toContain('2 × Подушка на сиденье — 1\u00a0800,00\u00a0$');
    expect(russian!.text).toContain('Налог (8,875\u00a0%): 159,75\u00a0$');
    expect(russian!.text).toContain('Итого: 1\u00a0964,74\u00a0$');

    const shipped = MAILS.find(([name]) => name === 'order shipped')![1];
    expect(shipped.subject).toBe('Your order No. D0BEFC1C has shipped / Ваш заказ № D0BEFC1C отправлен');
    expect(shipped.text).toContain('Order No. D0BEFC1C');
    expect(shipped.text).toContain('Заказ № D0BEFC1C');
  });

  it('tells the driver of a declined week when the next attempt is and where to pay it', () => {
    const text = (name: string) => MAILS.find(([n]) => n === name)![1].text;
    expect(text('rent declined to the driver (retry)')).toContain('We will try again on March 10, 2026');
    expect(text('rent declined to the driver (retry)')).toContain(payUrl);
    expect(text('rent declined to the driver (last attempt)')).toContain('This was the last automatic attempt');
    expect(text('rent declined to the owner (retry)')).toContain('72 hours');
    expect(text('rent needs the driver (3-D Secure)')).toContain(payUrl);
  });

  it('chooses the plural form of each language', () => {
    const text = (name: string) => MAILS.find(([n]) => n === name)![1].text;
    expect(text('code confirm')).toContain('works for 10 minutes');
    expect(text('code confirm')).toContain('действует 10 минут ');
    expect(text('receipt receipt.examAccess')).toContain('Practice exam: 3 months of full access');
    expect(text('receipt receipt.examAccess')).toContain('полный доступ на 3 месяца');
    expect(text('digest in English')).toContain('(1 new listing)');
    expect(text('digest in Russian')).toContain('(3 новых объявления)');
    expect(text('digest, language unknown')).toContain('(5 новых объявлений+)');
  });

  it('writes the tax rate nowhere but TAX_RATE_PERCENT (the texts interpolate it)', () => {
    const root = join(import.meta.dirname, '../../..');
    const files = [
      ...['en', 'ru'].flatMap((l) => readdirSync(join(root, 'apps/web/src/locales', l)).map((f) => join(root, 'apps/web/src/locales', l, f))),
      ...readdirSync(join(root, 'apps/api/src'), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.ts'))
        .map((f) => join(root, 'apps/api/src', f)),
      join(root, 'packages/contracts/src/mail-messages.ts'),
    ];
    const written = files.filter((f) => /8[.,]875/.test(readFileSync(f, 'utf8')));
    expect(written).toEqual([]);
  });
});
