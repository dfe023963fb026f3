import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lifecycleWritesIn, sourceFiles } from './helpers/status-writers';

/**
 * A rental request's and a rental's status move only through the rental lifecycle
 * (`modules/rentals/rental-lifecycle.ts`): no other file of the API writes their status, nor the
 * milestones the lifecycle stamps with its moves.
 */
const SRC = join(import.meta.dirname, '../src');
const LIFECYCLE = 'modules/rentals/rental-lifecycle.ts';
const TABLES = {
  rentals: { sql: 'rentals', initial: 'INITIAL_RENTAL_STATUS' },
  rentalRequests: { sql: 'rental_requests', initial: 'INITIAL_REQUEST_STATUS' },
};
const COLUMNS = new Set([
  'status',
  'decidedAt',
  'declineReason',
  'pickupPaidAt',
  'pickupPhotosAt',
  'activatedAt',
  'paymentFailedAt',
  'endedAt',
  'returnedAt',
  'claimOpenedAt',
  'claimResolvedAt',
  'closedAt',
  'cancelledAt',
]);
const scan = (file: string, text: string) => lifecycleWritesIn(file, text, TABLES, COLUMNS);

describe('who writes a rental’s status', () => {
  it('only the rental lifecycle writes the status and milestones of rentals and rental_requests', () => {
    const offenders = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => path !== LIFECYCLE)
      .flatMap((path) => scan(path, readFileSync(join(SRC, path), 'utf8')).map((what) => `${path}:${what}`));
    expect(offenders).toEqual([]);
  });

  it('the lifecycle module is where the scan expects it', () => {
    expect(sourceFiles(SRC).map((path) => relative(SRC, path))).toContain(LIFECYCLE);
  });

  it('the scan finds the ways a writer could set a status itself', () => {
    const code = `
      await db.update(rentals).set({ status: 'active' }).where(eq(rentals.id, id));
      await tx.update(rentalRequests).set({ ...change });
      await tx.update(rentals).set({ returnedAt: new Date() });
      await db.execute(sql\`UPDATE rental_requests SET status = 'expired'\`);
      await db.insert(rentals).values({ driverId, status: 'active' });
      await db.insert(rentalRequests).values({ driverId, status: INITIAL_RENTAL_STATUS });
    `;
    expect(scan('sample.ts', code)).toEqual([
      '2: update(rentals).set writes status',
      '3: update(rentalRequests).set writes a spread (...change)',
      '4: update(rentals).set writes returnedAt',
      '5: an SQL UPDATE of rental_requests',
      '6: insert(rentals).values writes status',
      '7: insert(rentalRequests).values writes status',
    ]);
  });

  it('leaves other columns and the initial status alone', () => {
    const code = `
      await db.insert(rentals).values({ ...terms, status: INITIAL_RENTAL_STATUS });
      await db.insert(rentalRequests).values({ driverId, status: INITIAL_REQUEST_STATUS });
      await tx.update(rentalAgreements).set({ driverAcceptedAt: now });
      await tx.update(listings).set({ status: 'ACTIVE' });
    `;
    expect(scan('sample.ts', code)).toEqual([]);
  });
});
