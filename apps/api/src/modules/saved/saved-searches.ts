import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { listingFiltersQuerySchema, type ListingFilters } from '@medallion/contracts/listings';
import type { Language } from '@medallion/contracts/site';
import type { Message } from '@medallion/contracts/messages';
import { isMessageKey, MESSAGES, toMessage } from '@medallion/contracts/messages';
import { MAX_SAVED_SEARCHES, MAX_SAVED_SEARCH_NAME_LENGTH, type CreateSavedSearchRequest, type SavedSearch } from '@medallion/contracts/saved';
import type { Database } from '@medallion/db/client';
import { savedSearches, user } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';

/** Paging is not part of a saved search. */
const NOT_SAVED = new Set(['page', 'page_size']);

export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** The filter keys the marketplace's schema knows (filters other engineers add flow through). */
function filterKeys(): string[] {
  return Object.keys(listingFiltersQuerySchema.shape).filter((key) => !NOT_SAVED.has(key));
}

/** The stored filter object of a row (string values only). */
export function storedFilters(row: Pick<SavedSearchRow, 'filters'>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(row.filters)) if (typeof value === 'string') filters[key] = value;
  return filters;
}

export function searchLanguage(row: Pick<SavedSearchRow, 'language'>): Language | undefined {
  return row.language ?? undefined;
}

/** The filters of a stored search as the marketplace's search takes them (parsed by its schema). */
export function parseStoredFilters(filters: Record<string, string>): ListingFilters | undefined {
  const parsed = listingFiltersQuerySchema.safeParse(filters);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Checks a filter object with the marketplace's schema and keeps what it would search with: the
 * keys it knows (not paging), trimmed, without empty values and "all". A bad value is a 400 on
 * `filters.<key>`.
 */
export function normalizeFilters(input: Record<string, string>): { filters: Record<string, string>; parsed: ListingFilters } {
  const known = new Set(filterKeys());
  const filters: Record<string, string> = {};
  for (const [key, raw] of Object.entries(input)) {
    const value = raw.trim();
    if (known.has(key) && value !== '' && value !== 'all') filters[key] = value;
  }
  const parsed = listingFiltersQuerySchema.safeParse(filters);
  if (!parsed.success) {
    const fields: Record<string, Message> = {};
    for (const issue of parsed.error.issues) {
      const path = ['filters', ...issue.path.map(String)].join('.');
      fields[path] ??= isMessageKey(issue.message) ? { key: issue.message, message: MESSAGES[issue.message] } : toMessage('savedSearchFiltersInvalid');
    }
    const first = Object.values(fields)[0] ?? toMessage('savedSearchFiltersInvalid');
    const error = new AppError('VALIDATION_ERROR', 'savedSearchFiltersInvalid');
    error.fields = fields;
    Object.assign(error, { key: first.key, message: first.message });
    throw error;
  }
  return { filters, parsed: parsed.data };
}

/** A readable English name for a search without one ("Cars · Queens · $500–$900"). */
export function summarizeFilters(f: ListingFilters): string {
  const parts: string[] = [];
  parts.push(f.category === 'cars' ? 'Cars' : f.category === 'plates' ? 'Plates' : 'All listings');
  const place = f.location_city ? [f.location_city, f.location_state].filter(Boolean).join(', ') : (f.location_zip ?? f.location);
  if (place) parts.push(place);
  const vehicle = [f.car_make, f.car_model].filter(Boolean).join(' ');
  if (vehicle) parts.push(vehicle);
  if (f.car_year_min !== undefined || f.car_year_max !== undefined) parts.push(range(f.car_year_min, f.car_year_max, String));
  if (f.price_min !== undefined || f.price_max !== undefined) parts.push(range(f.price_min, f.price_max, (n) => `$${n.toLocaleString('en-US')}`));
  return parts.join(' · ').slice(0, MAX_SAVED_SEARCH_NAME_LENGTH);
}

function range(min: number | undefined, max: number | undefined, show: (n: number) => string): string {
  if (min !== undefined && max !== undefined) return `${show(min)}–${show(max)}`;
  return min !== undefined ? `from ${show(min)}` : `up to ${show(max!)}`;
}

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return { search_id: row.id, name: row.name, filters: storedFilters(row), notify: row.notify, created_at: row.createdAt.toISOString() };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's saved searches, newest first. */
export async function listSavedSearches(db: Database, userId: string): Promise<SavedSearch[]> {
  const rows = await db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/**
 * Saves the current marketplace filters (alerts on); the same name and filters again answer the search
 * already saved. At most MAX_SAVED_SEARCHES per user (counted
 * under a lock of the user's row, so parallel saves cannot pass it). The digest covers listings
 * published from now on.
 */
export async function createSavedSearch(db: Database, userId: string, request: CreateSavedSearchRequest, language: Language | undefined): Promise<SavedSearch> {
  const { filters, parsed } = normalizeFilters(request.filters);
  const name = request.name ?? summarizeFilters(parsed);
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    // The same search saved again (a double click, a retried call) is the one already saved.
    const [same] = await tx
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.name, name), sql`${savedSearches.filters} = ${JSON.stringify(filters)}::jsonb`))
      .limit(1);
    if (same) return toSavedSearch(same);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if ((counted?.n ?? 0) >= MAX_SAVED_SEARCHES) throw new AppError('CONFLICT', 'savedSearch.tooMany', { max: MAX_SAVED_SEARCHES });
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name,
        filters,
        language: language ?? null,
        notify: true,
        unsubscribeToken: randomBytes(24).toString('base64url'),
      })
      .returning();
    return toSavedSearch(row!);
  });
}

/**
 * Alerts on or off. Turning them back on starts the digest from now (what was published while they
 * were off is not sent), which also keeps a user at one digest a day.
 */
export async function updateSavedSearch(db: Database, userId: string, searchId: string, notify: boolean): Promise<SavedSearch> {
  if (!UUID.test(searchId)) throw new AppError('NOT_FOUND', 'savedSearch.notFound');
  const [row] = await db
    .update(savedSearches)
    .set({
      notify,
      // Only when it was off: a repeated "on" keeps the digest's window.
      lastNotifiedAt: notify ? sql`case when ${savedSearches.notify} then ${savedSearches.lastNotifiedAt} else now() end` : savedSearches.lastNotifiedAt,
    })
    .where(and(eq(savedSearches.id, searchId), eq(savedSearches.userId, userId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'savedSearch.notFound');
  return toSavedSearch(row);
}

export async function deleteSavedSearch(db: Database, userId: string, searchId: string): Promise<{ search_id: string; deleted: true }> {
  if (!UUID.test(searchId)) throw new AppError('NOT_FOUND', 'savedSearch.notFound');
  const removed = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, searchId), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'savedSearch.notFound');
  return { search_id: searchId, deleted: true };
}

/**
 * The digest's unsubscribe link (no sign-in: the token is the secret). Turns the alerts of the
 * named searches off and answers their names; repeated, it answers the same. No search with any of
 * the tokens is "not found".
 */
export async function unsubscribeSavedSearches(db: Database, tokens: string[]): Promise<{ names: string[] }> {
  const wanted = [...new Set(tokens.filter((t) => /^[A-Za-z0-9_-]{16,64}$/.test(t)))];
  if (wanted.length === 0) throw new AppError('NOT_FOUND', 'savedSearch.unsubscribeNotFound');
  const rows = await db
    .update(savedSearches)
    .set({ notify: false })
    .where(inArray(savedSearches.unsubscribeToken, wanted))
    .returning({ name: savedSearches.name });
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'savedSearch.unsubscribeNotFound');
  return { names: rows.map((r) => r.name) };
}
