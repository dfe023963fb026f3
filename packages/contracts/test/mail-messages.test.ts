import { describe, expect, it } from 'vitest';
import { formatCents, formatDateTime, formatLongDate, formatPercent, formatUsd } from '../src/formats';
import { MAIL_MESSAGES_EN, MAIL_MESSAGES_RU, mailTranslator } from '../src/mail-messages';
import { placeholdersOf } from '../src/messages';

const base = (key: string) => key.replace(/_(one|few|many|other)$/, '');
const placeholders = (text: string) => [...new Set(placeholdersOf(text))].sort();

describe("the e-mails' catalogue", () => {
  it('has every English text in Russian, with the same placeholders, and the Russian plural forms', () => {
    const russian: Record<string, string> = MAIL_MESSAGES_RU;
    for (const [key, text] of Object.entries(MAIL_MESSAGES_EN)) {
      expect(russian[key], key).toBeTypeOf('string');
      expect(placeholders(russian[key]!), key).toEqual(placeholders(text));
      if (key.endsWith('_other')) for (const form of ['one', 'few', 'many']) expect(russian[`${base(key)}_${form}`], `${key} ${form}`).toBeTypeOf('string');
    }
    const english = new Set(Object.keys(MAIL_MESSAGES_EN).map(base));
    expect(Object.keys(russian).filter((key) => !english.has(base(key)))).toEqual([]);
  });

  it('fills placeholders and picks the plural form by count, as i18next does', () => {
    const en = mailTranslator('en');
    const ru = mailTranslator('ru');
    expect(en('common.hello', { name: 'Ann $&' })).toBe('Hello Ann $&,');
    expect(en('digest.count', { count: 1 })).toBe('1 new listing');
    expect(en('digest.count', { count: 2 })).toBe('2 new listings');
    expect([1, 2, 5, 21, 1.5].map((count) => ru('digest.count', { count }))).toEqual([
      '1 новое объявление',
      '2 новых объявления',
      '5 новых объявлений',
      '21 новое объявление',
      '1.5 новых объявления',
    ]);
  });
});

describe('the shared formatters', () => {
  it('write money, rates and dates in each language', () => {
    expect(formatUsd(1800, 'en')).toBe('$1,800.00');
    expect(formatUsd(1800, 'ru', 'auto')).toBe('1\u00a0800\u00a0$');
    expect(formatCents(15975, 'ru')).toBe('159,75\u00a0$');
    expect(formatPercent(8.875, 'en')).toBe('8.875%');
    expect(formatPercent(8.875, 'ru')).toBe('8,875\u00a0%');
    // The day and time in New York, whatever the machine's zone (the kind of space varies with the ICU version).
    const at = new Date('2026-03-06T03:30:00Z');
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(formatLongDate(at, 'en')).toBe('March 5, 2026');
    expect(plain(formatLongDate(at, 'ru'))).toBe('5 марта 2026 г.');
    expect(plain(formatDateTime(at, 'en'))).toBe('March 5, 2026 at 10:30 PM');
    expect(plain(formatDateTime(at, 'ru'))).toBe('5 марта 2026 г. в 22:30');
  });
});
