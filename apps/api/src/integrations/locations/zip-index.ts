import zipcodes from 'zipcodes';
import type { LocationSuggestion } from '@medallion/contracts/listings';

interface ZipEntry {
  zip: string;
  city: string;
  state: string;
}
interface CityEntry {
  key: string;
  city: string;
  state: string;
  zipCount: number;
  rank: number;
}

/** Our drivers live and work around New York City: nearby states come first among equal matches. */
const STATE_RANK: Record<string, number> = { NY: 0, NJ: 1, CT: 2, PA: 3 };

function normalise(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A binary search for the first index whose key is >= prefix. */
function lowerBound<T>(items: T[], prefix: string, key: (item: T) => string): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(items[mid]!) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface LocationIndex {
  byZipPrefix(prefix: string, limit: number): LocationSuggestion[];
  byCityPrefix(prefix: string, limit: number): LocationSuggestion[];
  /** The city and state of a zip code (exact), if it exists. */
  lookupZip(zip: string): ZipEntry | undefined;
}

/**
 * Prefix search over the offline US ZIP dataset of the `zipcodes` package (no network). Built once,
 * lazily: sorted zips for zip prefixes, and distinct city/state pairs sorted by name for city prefixes.
 */
export function createLocationIndex(): LocationIndex {
  const zips: ZipEntry[] = [];
  const cities = new Map<string, CityEntry>();
  for (const entry of Object.values(zipcodes.codes)) {
    if (entry.country !== 'US' || !/^\d{5}$/.test(entry.zip)) continue;
    zips.push({ zip: entry.zip, city: entry.city, state: entry.state });
    const key = `${normalise(entry.city)}|${entry.state}`;
    const city = cities.get(key);
    if (city) city.zipCount += 1;
    else cities.set(key, { key: normalise(entry.city), city: entry.city, state: entry.state, zipCount: 1, rank: STATE_RANK[entry.state] ?? 9 });
  }
  zips.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  const cityList = [...cities.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.rank - b.rank));
  const zipMap = new Map(zips.map((z) => [z.zip, z]));

  return {
    byZipPrefix(prefix, limit) {
      if (!/^\d{1,5}$/.test(prefix)) return [];
      const out: LocationSuggestion[] = [];
      for (let i = lowerBound(zips, prefix, (z) => z.zip); i < zips.length && out.length < limit; i++) {
        const z = zips[i]!;
        if (!z.zip.startsWith(prefix)) break;
        out.push({ zip_code: z.zip, city: z.city, state: z.state });
      }
      return out;
    },
    byCityPrefix(prefix, limit) {
      const p = normalise(prefix);
      if (!p) return [];
      const matches: CityEntry[] = [];
      for (let i = lowerBound(cityList, p, (c) => c.key); i < cityList.length; i++) {
        const c = cityList[i]!;
        if (!c.key.startsWith(p)) break;
        matches.push(c);
      }
      // Nearby states first (someone typing "Brook" in New York means Brooklyn, not Brook, IN), then
      // the exact name, then bigger places (more zip codes), then by name.
      matches.sort((a, b) => a.rank - b.rank || Number(b.key === p) - Number(a.key === p) || b.zipCount - a.zipCount || (a.key < b.key ? -1 : 1));
      return matches.slice(0, limit).map((c) => ({ city: c.city, state: c.state }));
    },
    lookupZip(zip) {
      return zipMap.get(zip);
    },
  };
}

let shared: LocationIndex | undefined;
/** The process-wide index (about 40 k entries, built on first use in ~30 ms). */
export function locationIndex(): LocationIndex {
  shared ??= createLocationIndex();
  return shared;
}
