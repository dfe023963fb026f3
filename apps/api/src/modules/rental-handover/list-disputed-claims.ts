import { asc, eq } from 'drizzle-orm';
import type { DisputedClaimsResponse } from '@medallion/contracts/rental-handover';
import type { DbExecutor } from '@medallion/db/client';
import { rentalClaims, rentals } from '@medallion/db/schema';
import { handoverSets, toClaim } from './get-handover';
import { rentalMailBase } from './rental-parties';

/** The staff console's queue: the claims drivers disputed, oldest first, with both hand-overs' photos. */
export async function listDisputedClaims(db: DbExecutor): Promise<DisputedClaimsResponse['data']> {
  const rows = await db
    .select({ rental: rentals, claim: rentalClaims })
    .from(rentals)
    .innerJoin(rentalClaims, eq(rentalClaims.rentalId, rentals.id))
    .where(eq(rentals.status, 'claim_disputed'))
    .orderBy(asc(rentalClaims.answeredAt))
    .limit(100);
  return Promise.all(
    rows.map(async ({ rental, claim }) => {
      const base = await rentalMailBase(db, rental, '');
      return {
        'rental-id': rental.id,
        car: base.car,
        driver: base.driver.name,
        owner: base.owner.name,
        'deposit-cents': rental.depositCents,
        'returned-at': rental.returnedAt?.toISOString() ?? null,
        claim: toClaim(claim),
        sets: await handoverSets(db, rental.id),
      };
    }),
  );
}
