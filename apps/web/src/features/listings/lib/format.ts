import type { Listing, ListingLocation } from '@medallion/contracts/listings';
import { formatLongDate as formatDate } from '@medallion/contracts/formats';
import { formatUsd } from '@/lib/money';

/** "$450" / "$1,800" ("1 800 $" in Russian); cents only when there are some. */
export function formatPrice(price: number, language: string): string {
  return formatUsd(price, language, 'auto');
}

/** "Brooklyn, NY 11201" (zip only when known). */
export function formatLocation(location: ListingLocation | null): string | null {
  if (!location) return null;
  const place = [location.city, location.state].filter(Boolean).join(', ');
  return location.zip_code ? `${place} ${location.zip_code}` : place;
}

/**
 * A long date in the UI language ("March 5, 2026", "5 марта 2026 г."), the day in New York (the
 * server renders the page in its own zone, the browser hydrates it in the visitor's: a date of
 * either zone would differ between them around midnight and break hydration). The e-mails use the
 * same formatter (contracts/formats.ts).
 */
export function formatLongDate(iso: string, language: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatDate(date, language);
}

export type PostedState = { kind: 'notPosted' } | { kind: 'underReview' } | { kind: 'posted'; date: string };

/** "Not posted yet" without a timestamp, "Waiting for review" when under review, else the date. */
export function postedState(listing: Pick<Listing, 'status' | 'timestamp'>, language: string): PostedState {
  if (listing.status === 'UNDER_REVIEW') return { kind: 'underReview' };
  const date = listing.timestamp ? formatLongDate(listing.timestamp, language) : null;
  return date ? { kind: 'posted', date } : { kind: 'notPosted' };
}
