import { and, eq, isNull, sql } from 'drizzle-orm';
import { CLAIM_ANSWER_HOURS, CLAIM_WINDOW_HOURS } from '@medallion/contracts/rental-states';
import type { OpenClaimRequest } from '@medallion/contracts/rental-handover';
import { formatCents } from '@medallion/contracts/formats';
import type { Database, DbExecutor } from '@medallion/db/client';
import { rentalClaims, rentals } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Storage } from '../../integrations/storage/storage';
import { AppError, invalidField } from '../../lib/app-error';
import { applyRentalEvent, applyRentalEventIfAllowed } from '../rentals/rental-lifecycle';
import { rentalForViewer, type ClaimRow, type RentalRow } from './handover-access';
import { claimStepEmails, type ClaimStep } from './handover-emails';
import { rentalMailBase } from './rental-parties';
import { settleDeposit, type SettleServices } from './settle-deposit';
import { withHandoverPhotos } from './store-handover-photos';

export type ClaimServices = SettleServices & { storage: Storage };

const HOUR_MS = 3_600_000;
const toCents = (dollars: number) => Math.round(dollars * 100);

async function mailStep(tx: DbExecutor, mailer: Mailer, publicUrl: string, rental: RentalRow, claim: ClaimRow, step: ClaimStep) {
  const base = await rentalMailBase(tx, rental, publicUrl);
  const mails = claimStepEmails({
    ...base,
    step,
    amountCents: claim.amountCents,
    depositCents: rental.depositCents,
    description: claim.description,
    keptCents: claim.withheldCents,
  });
  for (const mail of mails) await mailer.send(mail, tx);
}

/**
 * The owner's damage claim: within CLAIM_WINDOW_HOURS of the return (the lifecycle's `openClaim` guard
 * decides in its UPDATE; the check before the photos only spares their processing), at most the
 * deposit (400 on `amount`), with photos through the image pipeline. Anyone but the owner: 404.
 */
export async function openClaim(
  db: Database,
  services: ClaimServices,
  ownerId: string,
  rentalId: string,
  body: OpenClaimRequest,
  now: Date,
): Promise<ClaimRow> {
  const { rental, claim, role } = await rentalForViewer(db, { id: ownerId, staff: false }, rentalId);
  if (role !== 'owner') throw new AppError('NOT_FOUND', 'rental.notFound');
  if (claim) throw new AppError('CONFLICT', 'handover.claimExists');
  const amountCents = toCents(body.amount);
  if (amountCents > rental.depositCents) throw invalidField('amount', 'handover.claimAboveDeposit', { deposit: formatCents(rental.depositCents, 'en') });
  if (rental.status !== 'returned' || !rental.returnedAt || rental.returnedAt.getTime() <= now.getTime() - CLAIM_WINDOW_HOURS * HOUR_MS) {
    throw new AppError('CONFLICT', 'rental.claimWindowClosed');
  }
  return withHandoverPhotos(
    services.storage,
    rental.id,
    body.photos,
    body.photos.map((_, i) => `photos.${i}`),
    (photos) =>
      db.transaction(async (tx) => {
        const moved = await applyRentalEvent(tx, rental.id, 'openClaim', { by: { owner: ownerId }, now });
        const [row] = await tx
          .insert(rentalClaims)
          .values({ rentalId: rental.id, amountCents, description: body.description, photos, createdAt: now, updatedAt: now })
          .returning();
        await mailStep(tx, services.mailer, services.publicUrl, moved, row!, 'opened');
        return row!;
      }),
  );
}

/**
 * The driver's answer. Accepting resolves the claim (the claimed amount is withheld) and settles the
 * deposit at once; disputing sends it to staff. Anyone but the driver: 404; no open claim: 409.
 */
export async function answerClaim(
  db: Database,
  services: ClaimServices,
  driverId: string,
  rentalId: string,
  answer: 'accept' | 'dispute',
  note: string | undefined,
  now: Date,
) {
  const { rental, role } = await rentalForViewer(db, { id: driverId, staff: false }, rentalId);
  if (role !== 'driver') throw new AppError('NOT_FOUND', 'rental.notFound');
  const row = await db.transaction(async (tx) => {
    const moved = await applyRentalEvent(tx, rental.id, answer === 'accept' ? 'acceptClaim' : 'disputeClaim', { by: { driver: driverId }, now });
    const [updated] = await tx
      .update(rentalClaims)
      .set({
        answer: answer === 'accept' ? 'accepted' : 'disputed',
        answerNote: note || null,
        answeredAt: now,
        withheldCents: answer === 'accept' ? rentalClaims.amountCents : null,
        updatedAt: now,
      })
      .where(eq(rentalClaims.rentalId, rental.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'handover.claimNotFound');
    await mailStep(tx, services.mailer, services.publicUrl, moved, updated, answer === 'accept' ? 'accepted' : 'disputed');
    return { rental: moved, claim: updated };
  });
  if (answer === 'accept') await settleDeposit(db, services, rental.id, now);
  return row;
}

/**
 * Staff decide a disputed claim: the amount kept, 0…the claim (400 above it). Of two decisions at once
 * the lifecycle's `decideClaim` moves the rental for one; the other gets 409 and refunds nothing.
 */
export async function decideClaim(
  db: Database,
  services: SettleServices,
  staffId: string,
  rentalId: string,
  amount: number,
  note: string | undefined,
  now: Date,
) {
  const { rental, claim } = await rentalForViewer(db, { id: staffId, staff: true }, rentalId);
  if (!claim) throw new AppError('NOT_FOUND', 'handover.claimNotFound');
  const keptCents = toCents(amount);
  if (keptCents > claim.amountCents) throw invalidField('amount', 'handover.decisionAboveClaim', { amount: formatCents(claim.amountCents, 'en') });
  const row = await db.transaction(async (tx) => {
    const moved = await applyRentalEvent(tx, rental.id, 'decideClaim', { by: 'staff', now });
    const [updated] = await tx
      .update(rentalClaims)
      .set({ decidedCents: keptCents, decidedBy: staffId, decidedAt: now, decisionNote: note || null, withheldCents: keptCents, updatedAt: now })
      .where(eq(rentalClaims.rentalId, rental.id))
      .returning();
    await mailStep(tx, services.mailer, services.publicUrl, moved, updated!, 'decided');
    return { rental: moved, claim: updated! };
  });
  await settleDeposit(db, services, rental.id, now);
  return row;
}

/**
 * Claims the driver left unanswered CLAIM_ANSWER_HOURS: they stand (the issue gives the driver 72 h to
 * accept or dispute; silence is not a dispute, so the claimed amount is withheld, as if accepted), and
 * both parties are told. Each rental moves once (the lifecycle's conditional UPDATE), so parallel
 * runners mail once. Returns how many were resolved.
 */
export async function resolveUnansweredClaims(db: Database, services: Pick<ClaimServices, 'mailer' | 'publicUrl'>, now: Date): Promise<number> {
  const due = await db
    .select({ id: rentals.id })
    .from(rentals)
    .innerJoin(rentalClaims, eq(rentalClaims.rentalId, rentals.id))
    .where(
      and(
        eq(rentals.status, 'claim_open'),
        isNull(rentalClaims.answer),
        sql`${rentals.claimOpenedAt} <= ${new Date(now.getTime() - CLAIM_ANSWER_HOURS * HOUR_MS).toISOString()}::timestamptz`,
      ),
    );
  let resolved = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const moved = await applyRentalEventIfAllowed(tx, id, 'claimUnanswered', { by: 'system', now });
      if (!moved) return;
      const [updated] = await tx
        .update(rentalClaims)
        .set({ answer: 'unanswered', answeredAt: now, withheldCents: rentalClaims.amountCents, updatedAt: now })
        .where(eq(rentalClaims.rentalId, id))
        .returning();
      await mailStep(tx, services.mailer, services.publicUrl, moved, updated!, 'unanswered');
      resolved += 1;
    });
  }
  return resolved;
}
