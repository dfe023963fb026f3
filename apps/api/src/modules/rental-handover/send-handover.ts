import { and, eq } from 'drizzle-orm';
import { HANDOVER_SLOTS, type HandoverRequest, type HandoverStage } from '@medallion/contracts/rental-handover';
import type { RentalStatus } from '@medallion/contracts/rental-states';
import type { Database } from '@medallion/db/client';
import { rentalHandovers, rentals } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Storage } from '../../integrations/storage/storage';
import { AppError } from '../../lib/app-error';
import { applyRentalEventIfAllowed } from '../rentals/rental-lifecycle';
import { rentalForViewer } from './handover-access';
import { handoverSetEmails } from './handover-emails';
import { rentalMailBase } from './rental-parties';
import { withHandoverPhotos } from './store-handover-photos';

/**
 * When each party may send its set: the pick-up's from the agreement's acceptance until the return;
 * the return's once the car was picked up, until the claim is settled (the second party may still add
 * theirs after the first set ended the rental's weekly rent).
 */
export const HANDOVER_OPEN_STATUSES: Record<HandoverStage, readonly RentalStatus[]> = {
  pickup: ['awaiting_pickup', 'active', 'payment_failed'],
  return: ['active', 'payment_failed', 'ended_nonpayment', 'returned', 'claim_open', 'claim_disputed'],
};

export interface HandoverServices {
  storage: Storage;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * One party's hand-over set: the seven photos (through the image pipeline, private), the odometer and
 * the fuel or charge level, stamped with the server's time. The first pick-up set fires the lifecycle's
 * `pickupPhotos` (active once the pick-up is paid too); the first return set fires `return`, which ends
 * the weekly rent: a party who hands the car back is never charged on because the other did not send
 * photos. Both parties are e-mailed. A second set of the same party and stage is refused (409).
 */
export async function sendHandover(
  db: Database,
  services: HandoverServices,
  userId: string,
  rentalId: string,
  stage: HandoverStage,
  body: HandoverRequest,
  now: Date,
): Promise<void> {
  const { rental, role } = await rentalForViewer(db, { id: userId, staff: false }, rentalId);
  if (role === 'staff') throw new AppError('NOT_FOUND', 'rental.notFound');
  const party = role;
  if (!HANDOVER_OPEN_STATUSES[stage].includes(rental.status)) throw new AppError('CONFLICT', 'handover.notNow');
  const [existing] = await db
    .select({ id: rentalHandovers.id })
    .from(rentalHandovers)
    .where(and(eq(rentalHandovers.rentalId, rental.id), eq(rentalHandovers.stage, stage), eq(rentalHandovers.party, party)));
  if (existing) throw new AppError('CONFLICT', 'handover.alreadySent');

  await withHandoverPhotos(
    services.storage,
    rental.id,
    HANDOVER_SLOTS.map((slot) => body.photos[slot]),
    HANDOVER_SLOTS.map((slot) => `photos.${slot}`),
    (names) => {
      const photos = Object.fromEntries(HANDOVER_SLOTS.map((slot, i) => [slot, names[i]!]));
      return db.transaction(async (tx) => {
        // The rental's row, locked: the status read here is the one the set is checked against.
        const [locked] = await tx.select({ status: rentals.status }).from(rentals).where(eq(rentals.id, rental.id)).for('update');
        if (!locked || !HANDOVER_OPEN_STATUSES[stage].includes(locked.status)) throw new AppError('CONFLICT', 'handover.notNow');
        const [inserted] = await tx
          .insert(rentalHandovers)
          .values({ rentalId: rental.id, stage, party, userId, photos, odometerMiles: body.odometer, fuelPercent: body.fuel, submittedAt: now })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw new AppError('CONFLICT', 'handover.alreadySent');
        const by = party === 'driver' ? { driver: userId } : { owner: userId };
        const moved = await applyRentalEventIfAllowed(tx, rental.id, stage === 'pickup' ? 'pickupPhotos' : 'return', { by, now });
        const base = await rentalMailBase(tx, rental, services.publicUrl);
        const sender = party === 'driver' ? base.driver.name : base.owner.name;
        const returned = stage === 'return' && moved !== null;
        for (const mail of handoverSetEmails({ ...base, stage, sender, at: now, odometer: body.odometer, fuel: body.fuel, returned }))
          await services.mailer.send(mail, tx);
      });
    },
  );
}
