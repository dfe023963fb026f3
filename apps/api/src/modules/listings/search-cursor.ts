import type { ListingSort } from '@medallion/contracts/listings';
import { AppError } from '../../lib/app-error';

/**
 * The position of a row in one sort of the marketplace: the values of that sort's key (see
 * SORT_KEYS in search-listings.ts) and the id, which breaks ties. `after` in GET /listing-all reads
 * the page that follows this row, `before` the page that precedes it. Times are kept as PostgreSQL
 * prints them (microseconds, which a JavaScript Date would round away).
 */
export type SortPosition =
  | { sort: 'newest'; published: string; id: string }
  | { sort: 'price_asc' | 'price_desc'; deal: 'rent' | 'sale'; price: number; id: string }
  | { sort: 'year_desc'; year: number; published: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A timestamptz as PostgreSQL prints it (ISO style, any session time zone). */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(?::(\d{2})){0,2}$/;
const INT4_MAX = 2_147_483_647;
const isWhole = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;
/** A time PostgreSQL reads back as a timestamptz (real calendar date and clock), or the key of a listing never published. */
function isTime(v: unknown): v is string {
  if (v === '-infinity') return true;
  const m = typeof v === 'string' ? TIMESTAMP.exec(v) : null;
  if (!m) return false;
  const [year, month, day, hour, minute, second, offset] = [1, 2, 3, 4, 5, 6, 8].map((i) => Number(m[i]));
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return year! >= 1 && month! >= 1 && month! <= 12 && day! >= 1 && day! <= daysInMonth && hour! < 24 && minute! < 60 && second! < 60 && offset! <= 15;
}
const isId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** The cursor text of a position: base64url of a short JSON array, tagged with the sort. */
export function encodeCursor(p: SortPosition): string {
  const parts =
    p.sort === 'newest' ? ['n', p.published, p.id] : p.sort === 'year_desc' ? ['y', p.year, p.published, p.id] : [p.sort === 'price_asc' ? 'pa' : 'pd', p.deal, p.price, p.id];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/**
 * The position a cursor of `sort` holds. A cursor of another sort, or one that was tampered with,
 * is a 400 that says to start the search again (never a database error).
 */
export function decodeCursor(text: string, sort: ListingSort, field: 'after' | 'before'): SortPosition {
  const invalid = () => new AppError('VALIDATION_ERROR', 'filterCursor').on(field);
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parts)) throw invalid();
  const [tag, a, b, c] = parts as unknown[];
  if (sort === 'newest' && tag === 'n' && parts.length === 3 && isTime(a) && isId(b)) return { sort, published: a, id: b };
  if (sort === 'year_desc' && tag === 'y' && parts.length === 4 && isWhole(a, 9999) && isTime(b) && isId(c)) return { sort, year: a, published: b, id: c };
  if (
    ((sort === 'price_asc' && tag === 'pa') || (sort === 'price_desc' && tag === 'pd')) &&
    parts.length === 4 &&
    (a === 'rent' || a === 'sale') &&
    isWhole(b, INT4_MAX) &&
    isId(c)
  ) {
    return { sort, deal: a, price: b, id: c };
  }
  throw invalid();
}
