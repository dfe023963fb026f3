import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lifecycleWritesIn as scanWrites, sourceFiles } from './helpers/status-writers';

/**
 * A listing's status moves only through the lifecycle (`modules/listings/listing-lifecycle.ts`): no
 * other file of the API writes `status`, `deleted_at`, `published_at` or `rejection_reason` of
 * `listings`. The demo seed (packages/demo) inserts listings in every status: that is seeding, not a
 * move, and is not scanned.
 */
const SRC = join(import.meta.dirname, '../src');
const LIFECYCLE = 'modules/listings/listing-lifecycle.ts';
const LIFECYCLE_COLUMNS = new Set(['status', 'deletedAt', 'publishedAt', 'rejectionReason']);

const TABLES = { listings: { sql: 'listings', initial: 'INITIAL_LISTING_STATUS' } };
const lifecycleWritesIn = (file: string, text: string) => scanWrites(file, text, TABLES, LIFECYCLE_COLUMNS);

describe('who writes a listing’s status', () => {
  it('only the lifecycle module writes status, deleted_at, published_at or rejection_reason of listings', () => {
    const offenders = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => path !== LIFECYCLE)
      .flatMap((path) => lifecycleWritesIn(path, readFileSync(join(SRC, path), 'utf8')).map((what) => `${path}:${what}`));
    expect(offenders).toEqual([]);
  });

  it('the lifecycle module is where the scan expects it', () => {
    expect(sourceFiles(SRC).map((path) => relative(SRC, path))).toContain(LIFECYCLE);
  });

  it('the scan finds the ways a writer could set a status itself', () => {
    const code = `
      await db.update(listings).set({ status: 'INACTIVE', updatedAt: sql\`now()\` }).where(eq(listings.id, id));
      await tx.update(listings).set({ ...change, updatedAt: sql\`now()\` }).where(eq(listings.id, id)).returning();
      await tx.update(listings).set(change);
      await tx.update(listings).set({ ['status']: to });
      await tx.update(listings).set({ deletedAt: sql\`now()\`, rejectionReason });
      await db.execute(sql\`UPDATE listings SET status = 'ACTIVE' WHERE id = \${id}\`);
      await db.insert(listings).values({ userId, status: 'ACTIVE' });
      await db.insert(listings).values([{ userId, publishedAt: new Date() }]);
    `;
    expect(lifecycleWritesIn('sample.ts', code)).toEqual([
      '2: update(listings).set writes status',
      '3: update(listings).set writes a spread (...change)',
      '4: update(listings).set writes a value that is not an object literal (change)',
      "5: update(listings).set writes a computed key (['status']: to)",
      '6: update(listings).set writes deletedAt',
      '6: update(listings).set writes rejectionReason',
      '7: an SQL UPDATE of listings',
      '8: insert(listings).values writes status',
      '9: insert(listings).values writes publishedAt',
    ]);
  });

  it('leaves other tables and other columns of listings alone', () => {
    const code = `
      await tx.update(listings).set({ viewCount: sql\`\${listings.viewCount} + 1\` }).where(eq(listings.id, id));
      await tx.update(payments).set({ status: 'succeeded' });
      await tx.update(listingReports).set({ status: 'actioned' });
      await db.insert(listings).values({ ...values, userId, status: INITIAL_LISTING_STATUS });
      const query = sql\`select status from listings\`;
    `;
    expect(lifecycleWritesIn('sample.ts', code)).toEqual([]);
  });
});
