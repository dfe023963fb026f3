import { eq } from 'drizzle-orm';
import type { DbExecutor } from '@medallion/db/client';
import { rentalClaims, rentals } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';

export type RentalRow = typeof rentals.$inferSelect;
export type ClaimRow = typeof rentalClaims.$inferSelect;
export type HandoverRole = 'driver' | 'owner' | 'staff';

/** Who asks: a signed-in user and whether they are staff. */
export interface HandoverViewer {
  id: string;
  staff: boolean;
}

/**
 * The rental as one of its parties sees it, or, for staff, only while its claim is disputed (the
 * hand-over photos are private: anyone else gets 404 `rental.notFound`, as if there were no rental).
 */
export async function rentalForViewer(
  db: DbExecutor,
  viewer: HandoverViewer,
  rentalId: string,
): Promise<{ rental: RentalRow; claim: ClaimRow | null; role: HandoverRole }> {
  if (!isUuid(rentalId)) throw new AppError('NOT_FOUND', 'rental.notFound');
  const [rental] = await db.select().from(rentals).where(eq(rentals.id, rentalId));
  if (!rental) throw new AppError('NOT_FOUND', 'rental.notFound');
  const [claim] = await db.select().from(rentalClaims).where(eq(rentalClaims.rentalId, rentalId));
  if (rental.driverId === viewer.id) return { rental, claim: claim ?? null, role: 'driver' };
  if (rental.ownerId === viewer.id) return { rental, claim: claim ?? null, role: 'owner' };
  if (viewer.staff && claim?.answer === 'disputed') return { rental, claim, role: 'staff' };
  throw new AppError('NOT_FOUND', 'rental.notFound');
}

/** The private storage key of a hand-over or claim photo. */
export const handoverPhotoKey = (rentalId: string, file: string) => `rentals/${rentalId}/${file}`;

/** The address a party (or staff in a dispute) loads a photo from: through the API, never a public URL. */
export const handoverPhotoUrl = (rentalId: string, file: string) => `/api/rentals/${rentalId}/photos/${file}`;
