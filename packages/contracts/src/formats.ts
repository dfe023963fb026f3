import { SITE_TIME_ZONE } from './site';

/**
 * The one set of number and date formatters of the site, for the web (lib/money.ts re-exports
 * formatUsd) and the API's e-mails (mail-messages.ts), so a price, a rate or a day reads the same on a
 * page and in an e-mail. Every formatter takes the reader's language ('en', 'ru') and keeps one
 * Intl formatter per language and style.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let format = cache.get(key) as F | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/**
 * US dollars in the language's own style ("$1,800.00" in English, "1 800,00 $" in Russian).
 * `decimals: 'auto'` drops ".00" from whole amounts (listing prices).
 */
export function formatUsd(dollars: number, language: string, decimals: 'always' | 'auto' = 'always'): string {
  const digits = decimals === 'always' || !Number.isInteger(dollars) ? 2 : 0;
  const format = cached(
    `usd:${language}:${digits}`,
    () => new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }),
  );
  return format.format(dollars);
}

/** Cents as dollars with 2 decimals: every total, fee and shop price. */
export function formatCents(cents: number, language: string): string {
  return formatUsd(cents / 100, language);
}

/** A rate given in percent, as the language writes it: 8.875 is "8.875%" in English, "8,875 %" in Russian. */
export function formatPercent(percent: number, language: string): string {
  return cached(`percent:${language}`, () => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 3 })).format(percent / 100);
}

/** A long date, the day in New York ("March 5, 2026", "5 марта 2026 г."). */
export function formatLongDate(date: Date, language: string): string {
  return cached(`date:${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: SITE_TIME_ZONE })).format(date);
}

/** A long date and time in New York ("July 4, 2026 at 12:05 PM", "4 июля 2026 г. в 12:05"). */
export function formatDateTime(date: Date, language: string): string {
  return cached(`datetime:${language}`, () => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: SITE_TIME_ZONE })).format(
    date,
  );
}
