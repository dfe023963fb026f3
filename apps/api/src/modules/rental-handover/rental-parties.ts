import { eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '@medallion/db/client';
import { listings, user } from '@medallion/db/schema';
import { rentalHandoverUrl, type HandoverMailBase } from './handover-emails';
import type { RentalRow } from './handover-access';

/** The two parties' addresses and names, the car's title and the rental's page: what each e-mail names. */
export async function rentalMailBase(db: DbExecutor, rental: RentalRow, publicUrl: string): Promise<HandoverMailBase> {
  const people = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(inArray(user.id, [rental.driverId, rental.ownerId]));
  const [listing] = await db.select({ title: listings.title }).from(listings).where(eq(listings.id, rental.listingId));
  const party = (id: string) => {
    const found = people.find((p) => p.id === id);
    return { email: found?.email ?? '', name: found?.name ?? '' };
  };
  return { driver: party(rental.driverId), owner: party(rental.ownerId), car: listing?.title ?? '', url: rentalHandoverUrl(publicUrl, rental.id) };
}
