import { and, eq, ne, sql } from 'drizzle-orm';
import { AGREEMENT_HOURS, weeklyCostCents } from '@medallion/contracts/rental-states';
import { CONSENT_VERSION } from '@medallion/contracts/rental-agreement-text';
import type { Database } from '@medallion/db/client';
import { listings, rentalAgreements, rentalRequests, rentals, user } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Storage } from '../../integrations/storage/storage';
import { rentalLabel } from '../listings/listing-record';
import { agreementPdf, sha256 } from './agreement-pdf';
import { INITIAL_RENTAL_STATUS, transitionRequest, transitionRequestIfAllowed } from './rental-lifecycle';
import { rentalEmail, type RentalMailKind } from './rental-emails';
import { sqlState, type RentalTerms } from './rental-records';

export interface RentalDeps {
  db: Database;
  mailer: Mailer;
  storage: Storage;
  publicUrl: string;
}

type RequestRow = typeof rentalRequests.$inferSelect;

async function person(db: Database | Parameters<Parameters<Database['transaction']>[0]>[0], id: string) {
  const [row] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, id));
  return row ?? { name: '', email: '' };
}

/** The agreement's storage key (private storage). */
export function agreementKey(rentalId: string): string {
  return `rental-agreements/${rentalId}.pdf`;
}

/**
 * The owner approves an open request: in one transaction the listing's row is locked (approvals of one car
 * run one after the other), the request moves to approved, the rental is created with the listing's terms
 * copied (a later edit of the listing never changes it), its agreement PDF is made and stored, and the car's
 * other open requests for overlapping days are declined ('overlap'). The database's exclusion constraint
 * refuses a rental for days the car is already rented (409 `rental.weeksTaken`). E-mails: the driver, and
 * each driver whose request was declined by it.
 */
export async function approveRentalRequest(deps: RentalDeps, ownerId: string, requestId: string, now = new Date()) {
  const { db, mailer, storage, publicUrl } = deps;
  const result = await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(rentalRequests)
      .where(and(eq(rentalRequests.id, requestId), eq(rentalRequests.ownerId, ownerId)));
    if (!request) throw new AppError('NOT_FOUND', 'rental.requestNotFound');
    const [listing] = await tx.select().from(listings).where(eq(listings.id, request.listingId)).for('update');
    const approved = await transitionRequest(tx, requestId, 'approve', { by: { owner: ownerId }, now });
    const label = listing ? rentalLabel(listing) : null;
    if (!listing || !label || listing.priceCents === null || !listing.paymentPeriod) throw new AppError('CONFLICT', 'rental.noLabel');
    const [owner, driver] = await Promise.all([person(tx, ownerId), person(tx, approved.driverId)]);
    const weeklyRentCents = weeklyCostCents(listing.priceCents, listing.paymentPeriod);
    const terms: RentalTerms = {
      label,
      weeklyRentCents,
      listing: {
        title: listing.title,
        category: listing.category,
        carMake: listing.carMake,
        carModel: listing.carModel,
        carYear: listing.carYear,
        vin: listing.vin,
        plateNumber: listing.plateNumber,
        price: listing.priceCents / 100,
        paymentPeriod: listing.paymentPeriod,
        place: [listing.locationCity, listing.locationState, listing.locationZip].filter(Boolean).join(', '),
      },
      owner,
      driver: { ...driver, tlcLicenseNumber: approved.tlcLicenseNumber, tlcLicenseExpiry: approved.tlcLicenseExpiry },
    };
    let rental: typeof rentals.$inferSelect;
    try {
      // A savepoint: the exclusion constraint's refusal must not end the whole transaction on PostgreSQL.
      rental = await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(rentals)
          .values({
            requestId: approved.id,
            listingId: listing.id,
            driverId: approved.driverId,
            ownerId,
            status: INITIAL_RENTAL_STATUS,
            startDate: approved.startDate,
            weeks: approved.weeks,
            endDate: approved.endDate,
            weeklyRentCents,
            depositCents: Math.round(label.deposit * 100),
            terms: terms as unknown as Record<string, unknown>,
            agreementDueAt: new Date(now.getTime() + AGREEMENT_HOURS * 3_600_000),
          })
          .returning();
        return row!;
      });
    } catch (error) {
      if (sqlState(error) === '23P01') throw new AppError('CONFLICT', 'rental.weeksTaken');
      throw error;
    }
    const pdf = await agreementPdf({
      rentalId: rental.id,
      startDate: rental.startDate,
      endDate: rental.endDate,
      weeks: rental.weeks,
      depositCents: rental.depositCents,
      terms,
    });
    const key = agreementKey(rental.id);
    await storage.putPrivate(key, pdf, 'application/pdf');
    await tx.insert(rentalAgreements).values({ rentalId: rental.id, storageKey: key, sha256: sha256(pdf), consentVersion: CONSENT_VERSION });

    // The car's other open requests whose days overlap: declined, their drivers told.
    const overlapping = await tx
      .select()
      .from(rentalRequests)
      .where(
        and(
          eq(rentalRequests.listingId, listing.id),
          eq(rentalRequests.status, 'open'),
          ne(rentalRequests.id, approved.id),
          sql`daterange(${rentalRequests.startDate}, ${rentalRequests.endDate}, '[)') && daterange(${approved.startDate}::date, ${approved.endDate}::date, '[)')`,
        ),
      );
    const superseded: RequestRow[] = [];
    for (const other of overlapping) {
      const moved = await transitionRequestIfAllowed(tx, other.id, 'supersede', { by: 'system', now });
      if (moved) superseded.push(moved);
    }
    const title = listing.title ?? '';
    await mailer.send(rentalEmail({ kind: 'approved', to: driver.email, name: owner.name, title, ...dates(approved), publicUrl }), tx);
    for (const other of superseded) {
      const otherDriver = await person(tx, other.driverId);
      await mailer.send(rentalEmail({ kind: 'superseded', to: otherDriver.email, name: owner.name, title, ...dates(other), publicUrl }), tx);
    }
    return { request: approved, rental };
  });
  mailer.deliverSoon();
  return result;
}

function dates(r: { startDate: string; endDate: string; weeks: number }) {
  return { startDate: r.startDate, endDate: r.endDate, weeks: r.weeks };
}

/** The owner declines (`decline`) or the driver withdraws (`withdraw`) an open request; the other side is e-mailed. */
export async function closeRentalRequest(deps: RentalDeps, userId: string, requestId: string, event: 'decline' | 'withdraw', now = new Date()) {
  const { db, mailer, publicUrl } = deps;
  const result = await db.transaction(async (tx) => {
    const by = event === 'decline' ? { owner: userId } : { driver: userId };
    const row = await transitionRequest(tx, requestId, event, { by, now });
    await notify(tx, mailer, publicUrl, row, event === 'decline' ? 'declined' : 'withdrawn');
    return row;
  });
  mailer.deliverSoon();
  return result;
}

/** E-mails the other side of a request's step: the driver for declined/expired, the owner for withdrawn (and expired). */
async function notify(tx: Parameters<Parameters<Database['transaction']>[0]>[0], mailer: Mailer, publicUrl: string, row: RequestRow, kind: RentalMailKind) {
  const [listing] = await tx.select({ title: listings.title }).from(listings).where(eq(listings.id, row.listingId));
  const [owner, driver] = await Promise.all([person(tx, row.ownerId), person(tx, row.driverId)]);
  const title = listing?.title ?? '';
  if (kind === 'withdrawn') await mailer.send(rentalEmail({ kind, to: owner.email, name: driver.name, title, ...dates(row), publicUrl }), tx);
  else await mailer.send(rentalEmail({ kind, to: driver.email, name: owner.name, title, ...dates(row), publicUrl }), tx);
  if (kind === 'expired') await mailer.send(rentalEmail({ kind, to: owner.email, name: driver.name, title, ...dates(row), publicUrl }), tx);
}

/**
 * The expiry job's round: open requests whose 48 hours are up become expired (each one conditional
 * UPDATE, so several servers running the round together expire each once), and both sides are e-mailed.
 */
export async function expireRentalRequests(deps: RentalDeps, now = new Date(), batch = 100): Promise<number> {
  const { db, mailer, publicUrl } = deps;
  const due = await db
    .select({ id: rentalRequests.id })
    .from(rentalRequests)
    .where(and(eq(rentalRequests.status, 'open'), sql`${rentalRequests.expiresAt} <= ${now.toISOString()}::timestamptz`))
    .limit(batch);
  let expired = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const row = await transitionRequestIfAllowed(tx, id, 'expire', { by: 'system', now });
      if (!row) return;
      expired++;
      await notify(tx, mailer, publicUrl, row, 'expired');
    });
  }
  if (expired) mailer.deliverSoon();
  return expired;
}
