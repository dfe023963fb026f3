import { and, eq, isNull } from 'drizzle-orm';
import { LISTING_FEE } from '@medallion/contracts/payments';
import { LISTING_ID_PATTERN, missingListingFields } from '@medallion/contracts/listings';
import type { Database, DbExecutor, Transaction } from '@medallion/db/client';
import { listings, payments } from '@medallion/db/schema';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { AppError } from '../../lib/app-error';
import { reviewNoticeEmail } from '../listings/listing-emails';
import { transitionListingIfAllowed } from '../listings/listing-lifecycle';
import { paymentReceipt } from './receipt-email';
import { requireAmount, runPurchase, type PaymentRow, type PurchaseKind, type PurchaseOptions, type PurchaseServices } from './purchase';

type ListingRow = typeof listings.$inferSelect;

/** The one key of a listing's fee: a listing is charged at most once, whatever the client sends. */
export const listingFeeKey = (listingId: string) => `listing:${listingId}`;

/** Complete enough to pay for (the rule the dashboard uses to lead an incomplete draft to step 2). */
function isReady(l: ListingRow): boolean {
  const missing = missingListingFields({
    category: l.category,
    deal_type: l.dealType,
    title: l.title,
    price: l.priceCents,
    payment_period: l.paymentPeriod,
    location: l.locationCity && l.locationState ? { city: l.locationCity, state: l.locationState } : null,
    email: l.email,
    car_make: l.carMake,
    car_model: l.carModel,
    car_year: l.carYear,
  });
  return Object.keys(missing).length === 0;
}

type ListingFeeOptions = Pick<PurchaseServices, 'mailer' | 'staffEmail' | 'publicUrl'>;

/**
 * A paid listing goes to review: DRAFT -> UNDER_REVIEW (the lifecycle's `submit`), the staff mailbox gets the review notice.
 * Runs in the caller's transaction; returns false when the listing was no longer a draft.
 */
export async function submitForReview(tx: DbExecutor, listing: ListingRow, owner: { name: string }, options: ListingFeeOptions) {
  const moved = await transitionListingIfAllowed(tx, listing.id, 'submit', { by: 'system' });
  if (!moved) return false;
  await options.mailer.send(
    reviewNoticeEmail(options.staffEmail, {
      id: listing.id,
      title: listing.title,
      ownerName: owner.name,
      ownerEmail: listing.email ?? '',
      publicUrl: options.publicUrl,
      category: listing.category,
      priceCents: listing.priceCents,
      dealType: listing.dealType,
      paymentPeriod: listing.paymentPeriod,
      place: [listing.locationCity, listing.locationState, listing.locationZip].filter(Boolean).join(', '),
    }),
    tx,
  );
  return true;
}

/** Sends the paid listing to review and mails the receipt. Nothing to give back on a release. */
export const listingFeePurchase: PurchaseKind = {
  purpose: 'listing',
  start: (db, gateway, user, input, options) =>
    // Only a request that names a listing comes here (create-payment-intent's purposeOf).
    payListingFee(db, gateway, user, { listingId: input['listing-id'] ?? '', amount: input['payment-amount'], paymentMethodId: input['user-pm'] }, options),
  async settle(tx, payment, owner, services) {
    const [listing] = await tx.select().from(listings).where(eq(listings.id, payment.reference));
    if (!listing) return; // deleted meanwhile: the fee stays on record
    await submitForReview(tx, listing, owner, services);
    await services.mailer.send(paymentReceipt(owner, payment, { key: 'receipt.listingFee', params: { title: listing.title ?? '' } }), tx);
  },
  async release() {},
};

/** The owner's listing, locked for this transaction, or 404 (another user's listing and a deleted one are "not found"). */
async function lockOwnListing(tx: Transaction, listingId: string, userId: string): Promise<ListingRow> {
  const [listing] = await tx
    .select()
    .from(listings)
    .where(and(eq(listings.id, listingId), isNull(listings.deletedAt)))
    .for('update');
  if (!listing || listing.userId !== userId) throw new AppError('NOT_FOUND', 'listingNotFound');
  return listing;
}

/**
 * The listing fee ($1.08). Only the owner pays, only for a complete draft. The fee is
 * charged once per listing: one key per listing, and the listing row is locked while it is claimed,
 * so a double click, parallel calls and a resubmission after a rejection reuse the one successful
 * payment. A declined card leaves the listing a draft and can be retried.
 */
export async function payListingFee(
  db: Database,
  gateway: PaymentGateway,
  user: GatewayUser,
  input: { listingId: string; amount: number; paymentMethodId: string },
  options: PurchaseOptions,
): Promise<PaymentRow> {
  if (!LISTING_ID_PATTERN.test(input.listingId)) throw new AppError('NOT_FOUND', 'listingNotFound');
  const key = listingFeeKey(input.listingId);
  const checkDraft = (listing: ListingRow) => {
    if (listing.status !== 'DRAFT') throw new AppError('CONFLICT', 'listing.feeNotDraft');
    if (!isReady(listing)) throw new AppError('BAD_REQUEST', 'listing.feeNotReady');
    requireAmount(input.amount, LISTING_FEE.totalCents);
  };

  // Paid before: a repeated click answers with that payment; a listing sent back by staff is
  // submitted again without a charge.
  const paidBefore = await db.transaction(async (tx) => {
    const listing = await lockOwnListing(tx, input.listingId, user.id);
    const [previous] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.idempotencyKey, key), eq(payments.status, 'succeeded')));
    if (!previous) return null;
    if (listing.status === 'DRAFT') {
      checkDraft(listing);
      await submitForReview(tx, listing, user, options.services);
    }
    return previous;
  });
  if (paidBefore) {
    options.services.mailer.deliverSoon();
    return paidBefore;
  }

  return runPurchase(
    db,
    gateway,
    {
      kind: listingFeePurchase,
      user,
      key,
      reference: input.listingId,
      paymentMethodId: input.paymentMethodId,
      description: 'Medallion listing fee',
      async claim(tx) {
        checkDraft(await lockOwnListing(tx, input.listingId, user.id));
        return { amountCents: LISTING_FEE.totalCents };
      },
    },
    options,
  );
}
