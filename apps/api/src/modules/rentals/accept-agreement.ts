import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { rentalAgreements, rentals, user } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import type { RentalDeps } from './decide-rental-request';
import { applyRentalEventIfAllowed } from './rental-lifecycle';
import { rentalEmail } from './rental-emails';
import type { RentalTerms } from './rental-records';

/** A rental of which `userId` is a party, with the party's role; 404 for anyone else. */
export async function partyRental(db: Database | Parameters<Parameters<Database['transaction']>[0]>[0], userId: string, rentalId: string, lock = false) {
  if (!/^[0-9a-f-]{36}$/i.test(rentalId)) throw new AppError('NOT_FOUND', 'rental.notFound');
  const query = db
    .select()
    .from(rentals)
    .where(and(eq(rentals.id, rentalId), or(eq(rentals.driverId, userId), eq(rentals.ownerId, userId))));
  const [rental] = lock ? await query.for('update') : await query;
  if (!rental) throw new AppError('NOT_FOUND', 'rental.notFound');
  return { rental, role: rental.driverId === userId ? ('driver' as const) : ('owner' as const) };
}

/**
 * A party accepts the rental agreement after the electronic-records consent, signing with their typed
 * name: their consent, name, time and address are kept with the agreement (the PDF and its SHA-256 stay
 * the ones made at approval: what they accepted). The second acceptance moves the rental to awaiting
 * pick-up (the lifecycle's `agreementAccepted`). The other side is e-mailed; both once it is complete.
 */
export async function acceptAgreement(deps: RentalDeps, userId: string, rentalId: string, input: { name: string }, ip: string, now = new Date()) {
  const { db, mailer, publicUrl } = deps;
  const result = await db.transaction(async (tx) => {
    const { rental, role } = await partyRental(tx, userId, rentalId, true);
    if (rental.status !== 'awaiting_agreement') throw new AppError('CONFLICT', 'rental.notAwaitingAgreement');
    const fields =
      role === 'driver'
        ? { driverConsentAt: now, driverName: input.name, driverAcceptedAt: now, driverIp: ip }
        : { ownerConsentAt: now, ownerName: input.name, ownerAcceptedAt: now, ownerIp: ip };
    const [agreement] = await tx
      .update(rentalAgreements)
      .set(fields)
      .where(and(eq(rentalAgreements.rentalId, rental.id), isNull(role === 'driver' ? rentalAgreements.driverAcceptedAt : rentalAgreements.ownerAcceptedAt)))
      .returning();
    if (!agreement) throw new AppError('CONFLICT', 'rental.agreementAlreadyAccepted');
    const moved = await applyRentalEventIfAllowed(tx, rental.id, 'agreementAccepted', { by: 'system', now });
    const terms = rental.terms as unknown as RentalTerms;
    const [me] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId));
    const facts = { title: terms.listing.title ?? '', startDate: rental.startDate, endDate: rental.endDate, weeks: rental.weeks, publicUrl };
    if (moved) {
      await mailer.send(rentalEmail({ kind: 'ready', to: terms.driver.email, name: terms.owner.name, ...facts }), tx);
      await mailer.send(rentalEmail({ kind: 'ready', to: terms.owner.email, name: terms.driver.name, ...facts }), tx);
    } else {
      const other = role === 'driver' ? terms.owner : terms.driver;
      await mailer.send(rentalEmail({ kind: 'accepted', to: other.email, name: me?.name ?? input.name, ...facts }), tx);
    }
    return moved ?? rental;
  });
  mailer.deliverSoon();
  return result;
}

/** The agreement PDF, for the rental's two parties only (404 for anyone else). */
export async function agreementFile(deps: Pick<RentalDeps, 'db' | 'storage'>, userId: string, rentalId: string): Promise<{ pdf: Buffer; sha256: string }> {
  const { rental } = await partyRental(deps.db, userId, rentalId);
  const [agreement] = await deps.db.select().from(rentalAgreements).where(eq(rentalAgreements.rentalId, rental.id));
  const pdf = agreement ? await deps.storage.getPrivate(agreement.storageKey) : null;
  if (!agreement || !pdf) throw new AppError('NOT_FOUND', 'rental.notFound');
  return { pdf, sha256: agreement.sha256 };
}
