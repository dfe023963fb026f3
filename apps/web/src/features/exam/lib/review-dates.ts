import { SITE_TIME_ZONE } from '@medallion/contracts/site';

/** Today in New York as YYYY-MM-DD: the review queue's days are New York days (the server decides what is due). */
export function newYorkToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date for people: "Friday, November 27" (the calendar date as it is, in any zone). */
export function formatReviewDate(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}

/** Whether the next review is tomorrow (New York), so the page can say "come back tomorrow". */
export function isTomorrow(date: string, now: Date = new Date()): boolean {
  return date === nextDay(newYorkToday(now));
}
