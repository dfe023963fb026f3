import { useTranslation } from 'react-i18next';
import { addDays } from '@medallion/contracts/rental-states';
import { formatCents, formatDateTime, formatLongDate } from '@medallion/contracts/formats';

/** The money and dates of a rental's payments in the page's language (days and times in New York). */
export function useRentalFormats() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // "28 декабря 2026 г.": the year's "г." never wraps onto a line of its own.
  const keep = (text: string) => text.replace(/ г\.$/, '\u00a0г.');
  /** A day as the API sends it (YYYY-MM-DD). */
  const day = (d: string) => keep(formatLongDate(new Date(`${d}T12:00:00-05:00`), language));
  return {
    money: (cents: number) => formatCents(cents, language),
    day,
    /** A rental's days: its start to its last day (the end is exclusive). */
    days: (start: string, end: string) => `${day(start)} – ${day(addDays(end, -1))}`,
    /** A moment (ISO) as its day in New York. */
    date: (iso: string) => keep(formatLongDate(new Date(iso), language)),
    dateTime: (iso: string) => formatDateTime(new Date(iso), language),
  };
}
