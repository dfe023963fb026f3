import { SITE_TIME_ZONE } from '@medallion/contracts/site';

/** Writes a date as YYYY-MM-DD in New York (en-CA formats dates that way). */
const NEW_YORK_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * "Today" of the exam's review queue: the date in New York (America/New_York), whatever the server's
 * zone. The one place it is computed; services take it as an argument so that tests can pass a date.
 */
export function examToday(now: Date = new Date()): string {
  return NEW_YORK_DATE.format(now);
}

/** A YYYY-MM-DD date plus `days` days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
