import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { DIGEST_MATCHES_PER_SEARCH } from '@medallion/contracts/saved';
import type { Database, Transaction } from '@medallion/db/client';
import { listings, savedSearches, user } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { claimRoundLease, releaseRoundLease } from '../../lib/round-lease';
import { marketplaceConditions } from '../listings/search-listings';
import { searchDigestEmail, type DigestSearch } from './digest-email';
import { parseStoredFilters, searchLanguage, storedFilters, type SavedSearchRow } from './saved-searches';

/** A user gets at most one digest in this period. */
export const DIGEST_PERIOD_MS = 24 * 60 * 60 * 1000;
const LEASE_KEY = 'saved_search_digest.lease';
/** Users handled per round (the next round goes on). */
const USERS_PER_ROUND = 500;

export interface DigestOptions {
  mailer: Pick<Mailer, 'send' | 'deliverSoon'>;
  publicUrl: string;
  /** How long a round may hold the lease before another server may start one. */
  leaseMs: number;
  periodMs?: number;
}

export interface DigestResult {
  /** False when another server holds the round's lease. */
  ran: boolean;
  users: number;
  mails: number;
}

/** ACTIVE listings of others matching a search's filters, published in (since, until], newest first. */
async function newMatches(tx: Transaction, row: SavedSearchRow, until: Date) {
  const filters = parseStoredFilters(storedFilters(row));
  // A search whose filters no longer pass the marketplace's checks matches nothing (it is not sent).
  if (!filters) return [];
  const { where, values } = marketplaceConditions(filters);
  return (
    tx
      .select({
        id: listings.id,
        title: listings.title,
        priceCents: listings.priceCents,
        dealType: listings.dealType,
        paymentPeriod: listings.paymentPeriod,
        city: listings.locationCity,
        state: listings.locationState,
      })
      .from(listings)
      // The reader's own listings are not news to them.
      .where(
        and(where, isNull(listings.deletedAt), ne(listings.userId, row.userId), gt(listings.publishedAt, row.lastNotifiedAt), lte(listings.publishedAt, until)),
      )
      .orderBy(desc(listings.publishedAt), desc(listings.id))
      .limit(DIGEST_MATCHES_PER_SEARCH + 1)
      .prepare('')
      .execute(values)
  );
}

/**
 * One user's digest, in one transaction: their searches with alerts on are locked (a second server
 * skips them), checked to be due again under the lock, searched for listings published since each
 * search's last digest, the e-mail is queued in the outbox, and every search moves on to `until`.
 * Returns whether an e-mail was queued (none when nothing new matched).
 */
async function digestForUser(db: Database, userId: string, until: Date, options: DigestOptions, periodMs: number): Promise<boolean | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.notify, true)))
      .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id))
      .for('update', { skipLocked: true });
    const due = rows.length > 0 && Math.min(...rows.map((r) => r.lastNotifiedAt.getTime())) <= until.getTime() - periodMs;
    if (!due) return undefined;
    const [owner] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
    if (!owner) return undefined;
    const searches: DigestSearch[] = [];
    for (const row of rows) {
      const found = await newMatches(tx, row, until);
      if (found.length === 0) continue;
      searches.push({
        name: row.name,
        query: new URLSearchParams(storedFilters(row)).toString(),
        token: row.unsubscribeToken,
        listings: found.slice(0, DIGEST_MATCHES_PER_SEARCH),
        more: found.length > DIGEST_MATCHES_PER_SEARCH,
      });
    }
    const newest = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const language = newest.map(searchLanguage).find(Boolean);
    if (searches.length > 0) {
      await options.mailer.send(searchDigestEmail({ to: owner.email, userName: owner.name, language, publicUrl: options.publicUrl, searches }), tx);
    }
    await tx
      .update(savedSearches)
      .set({ lastNotifiedAt: until })
      .where(
        inArray(
          savedSearches.id,
          rows.map((r) => r.id),
        ),
      );
    return searches.length > 0;
  });
}

/**
 * A round of the daily digest: every user whose searches with alerts on had their last digest a
 * period ago (or were saved a period ago) gets one e-mail with the ACTIVE listings published since,
 * through the outbox. Running it again at once sends nothing more: each search's window moved on.
 */
export async function sendSearchDigests(db: Database, options: DigestOptions): Promise<DigestResult> {
  const periodMs = options.periodMs ?? DIGEST_PERIOD_MS;
  const owner = await claimRoundLease(db, LEASE_KEY, options.leaseMs);
  if (!owner) return { ran: false, users: 0, mails: 0 };
  try {
    const [clock] = await db.select({ now: sql<string>`now()::text` }).from(sql`(select 1) as clock`);
    const until = new Date(clock!.now);
    const dueUsers = await db
      .select({ userId: savedSearches.userId })
      .from(savedSearches)
      .where(eq(savedSearches.notify, true))
      .groupBy(savedSearches.userId)
      .having(sql`min(${savedSearches.lastNotifiedAt}) <= ${until.toISOString()}::timestamptz - ${`${periodMs} milliseconds`}::interval`)
      .orderBy(sql`min(${savedSearches.lastNotifiedAt})`)
      .limit(USERS_PER_ROUND);
    let users = 0;
    let mails = 0;
    for (const { userId } of dueUsers) {
      const sent = await digestForUser(db, userId, until, options, periodMs);
      if (sent === undefined) continue;
      users += 1;
      if (sent) mails += 1;
    }
    if (mails > 0) options.mailer.deliverSoon();
    return { ran: true, users, mails };
  } finally {
    await releaseRoundLease(db, LEASE_KEY, owner);
  }
}
