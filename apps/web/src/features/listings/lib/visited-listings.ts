import { VISITED_LISTINGS_COOKIE, VISITED_LISTINGS_DAYS } from '@medallion/contracts/listing-filters';

/** At most this many ids are kept (newest last), so the cookie stays far below the 4 KB limit. */
export const MAX_VISITED_LISTINGS = 60;

/** The ids in a `visited-listings` cookie value (a JSON list); anything unreadable counts as none. */
export function parseVisitedListings(cookieHeader: string): string[] {
  const prefix = `${VISITED_LISTINGS_COOKIE}=`;
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw));
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The Set-Cookie string that remembers these ids for 14 days on the whole site. */
export function visitedListingsCookie(ids: string[]): string {
  const kept = ids.slice(-MAX_VISITED_LISTINGS);
  const maxAge = VISITED_LISTINGS_DAYS * 24 * 60 * 60;
  return `${VISITED_LISTINGS_COOKIE}=${encodeURIComponent(JSON.stringify(kept))}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/**
 * Remembers the listing as viewed by this browser. Returns false when it already was, so the
 * view is recorded only on the first visit.
 */
export function markListingVisited(id: string): boolean {
  const ids = parseVisitedListings(document.cookie);
  if (ids.includes(id)) return false;
  document.cookie = visitedListingsCookie([...ids, id]);
  return true;
}
