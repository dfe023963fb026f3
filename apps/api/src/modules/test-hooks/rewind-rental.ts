import { sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';

/**
 * Every table holding a rental's times, and which of its rows are the rental's (`$id`: the rental's id).
 * A rental's table that is not here keeps its times and would fall out of step: `rewind-rental.test.ts`
 * fails when a rental table is missing.
 */
export const REWOUND_TABLES = {
  rentals: 'id = $id',
  rental_requests: 'id = (select request_id from rentals where id = $id)',
  rental_agreements: 'rental_id = $id',
  rental_charges: 'rental_id = $id',
  rental_payouts: 'rental_charge_id in (select id from rental_charges where rental_id = $id)',
  rental_handovers: 'rental_id = $id',
  rental_claims: 'rental_id = $id',
} as const;

/** Bookkeeping times, not the rental's story: a lease or a row's last change stays as it is. */
const KEPT = new Set(['updated_at', 'lease_until']);

/**
 * As if `days` days went by for one rental only (a test hook, like Stripe's test clocks): every date and
 * time of the rental, its request, agreement, charges, payouts, hand-overs and claim moves `days` days
 * into the past, in one transaction. Other rentals and the server's clock are untouched, so tests running
 * in parallel do not see each other's time. The jobs then see what is due (runRentalJobsNow).
 */
export async function rewindRental(db: Database, rentalId: string, days: number): Promise<void> {
  if (!isUuid(rentalId)) throw new AppError('NOT_FOUND');
  await db.transaction(async (tx) => {
    const found = await tx.execute(sql`select 1 from rentals where id = ${rentalId}`);
    if ((found as unknown as { rows: unknown[] }).rows.length === 0) throw new AppError('NOT_FOUND');
    const columns = (
      (await tx.execute(sql`
        select table_name, column_name, data_type from information_schema.columns
        where table_schema = current_schema() and table_name like 'rental%'
          and data_type in ('date', 'timestamp with time zone', 'timestamp without time zone')`)) as unknown as {
        rows: Array<{ table_name: string; column_name: string; data_type: string }>;
      }
    ).rows;
    for (const [table, where] of Object.entries(REWOUND_TABLES)) {
      const own = columns.filter((c) => c.table_name === table && !KEPT.has(c.column_name));
      if (own.length === 0) continue;
      // Names come from the catalog and REWOUND_TABLES, never from the request; the rental's id and the days are parameters.
      const sets = own.map((c) =>
        c.data_type === 'date'
          ? sql.raw(`"${c.column_name}" = "${c.column_name}" - `).append(sql`${days}::int`)
          : sql.raw(`"${c.column_name}" = "${c.column_name}" - `).append(sql`make_interval(days => ${days}::int)`),
      );
      const [before, after] = where.split('$id');
      await tx.execute(sql`update ${sql.raw(`"${table}"`)} set ${sql.join(sets, sql`, `)} where ${sql.raw(before!)}${rentalId}::uuid${sql.raw(after!)}`);
    }
  });
}
