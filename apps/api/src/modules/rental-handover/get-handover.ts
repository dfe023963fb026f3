import { asc, eq } from 'drizzle-orm';
import { CLAIM_WINDOW_HOURS, CLAIM_ANSWER_HOURS } from '@medallion/contracts/rental-states';
import { HANDOVER_STAGES, type HandoverResponse, type HandoverSet, type RentalClaim } from '@medallion/contracts/rental-handover';
import type { DbExecutor } from '@medallion/db/client';
import { rentalHandovers } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { handoverPhotoUrl, rentalForViewer, type ClaimRow, type HandoverViewer } from './handover-access';
import { HANDOVER_OPEN_STATUSES } from './send-handover';

type HandoverRow = typeof rentalHandovers.$inferSelect;

export const toHandoverSet = (rentalId: string, row: HandoverRow): HandoverSet => ({
  stage: row.stage,
  party: row.party,
  photos: Object.fromEntries(Object.entries(row.photos).map(([slot, file]) => [slot, handoverPhotoUrl(rentalId, file)])),
  odometer: row.odometerMiles,
  fuel: row.fuelPercent,
  'submitted-at': row.submittedAt.toISOString(),
});

export const toClaim = (claim: ClaimRow): RentalClaim => ({
  'amount-cents': claim.amountCents,
  description: claim.description,
  photos: claim.photos.map((file) => handoverPhotoUrl(claim.rentalId, file)),
  answer: claim.answer,
  'answer-note': claim.answerNote,
  'answered-at': claim.answeredAt?.toISOString() ?? null,
  'decided-cents': claim.decidedCents,
  'decided-at': claim.decidedAt?.toISOString() ?? null,
  'decision-note': claim.decisionNote,
  'withheld-cents': claim.withheldCents,
  'opened-at': claim.createdAt.toISOString(),
});

export async function handoverSets(db: DbExecutor, rentalId: string): Promise<HandoverSet[]> {
  const rows = await db.select().from(rentalHandovers).where(eq(rentalHandovers.rentalId, rentalId)).orderBy(asc(rentalHandovers.submittedAt));
  return rows.map((row) => toHandoverSet(rentalId, row));
}

/** A rental's hand-over as its party (or staff, in a dispute) sees it, with what they may do now. */
export async function getHandover(db: DbExecutor, viewer: HandoverViewer, rentalId: string, now: Date): Promise<HandoverResponse['data']> {
  const { rental, claim, role } = await rentalForViewer(db, viewer, rentalId);
  const sets = await handoverSets(db, rental.id);
  const mine = (stage: string) => sets.some((s) => s.stage === stage && s.party === role);
  const claimWindowOpen =
    rental.status === 'returned' && rental.returnedAt !== null && rental.returnedAt.getTime() > now.getTime() - CLAIM_WINDOW_HOURS * 3_600_000;
  return {
    'rental-id': rental.id,
    status: rental.status,
    role,
    'deposit-cents': rental.depositCents,
    'returned-at': rental.returnedAt?.toISOString() ?? null,
    sets,
    claim: claim ? toClaim(claim) : null,
    'may-send': role === 'staff' ? [] : HANDOVER_STAGES.filter((stage) => HANDOVER_OPEN_STATUSES[stage].includes(rental.status) && !mine(stage)),
    'may-claim': role === 'owner' && claimWindowOpen && !claim,
    'may-answer':
      role === 'driver' &&
      rental.status === 'claim_open' &&
      rental.claimOpenedAt !== null &&
      rental.claimOpenedAt.getTime() > now.getTime() - CLAIM_ANSWER_HOURS * 3_600_000,
  };
}

/** A photo of a rental's hand-over or claim, for its parties (and staff in a dispute); anyone else 404. */
export async function readHandoverPhoto(
  db: DbExecutor,
  storage: { getPrivate(key: string): Promise<Buffer | null> },
  viewer: HandoverViewer,
  rentalId: string,
  file: string,
): Promise<Buffer> {
  const { rental, claim } = await rentalForViewer(db, viewer, rentalId);
  const rows = await db.select({ photos: rentalHandovers.photos }).from(rentalHandovers).where(eq(rentalHandovers.rentalId, rental.id));
  const known = rows.some((r) => Object.values(r.photos).includes(file)) || (claim?.photos.includes(file) ?? false);
  if (!known) throw new AppError('NOT_FOUND', 'handover.photoNotFound');
  const bytes = await storage.getPrivate(`rentals/${rental.id}/${file}`);
  if (!bytes) throw new AppError('NOT_FOUND', 'handover.photoNotFound');
  return bytes;
}
