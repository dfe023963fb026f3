import { and, eq, sql } from 'drizzle-orm';
import { LISTING_FEE, type CreatePaymentIntentResponse } from '@medallion/contracts/payments';
import { LISTING_ID_PATTERN } from '@medallion/contracts/listings';
import { VALIDATION_MESSAGES } from '@medallion/contracts/validation';
import type { Database } from '@medallion/db/client';
import { listings, payments } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { AppError } from '../../lib/app-error';
import { reviewNoticeEmail } from '../listings/listing-emails';
import { receiptEmail } from './receipt-email';

type PaymentRow = typeof payments.$inferSelect;
type ListingRow = typeof listings.$inferSelect;

export const LISTING_FEE_MESSAGES = {
  notReady: 'Finish the listing details (step 2) before paying the listing fee.',
  notDraft: 'This listing is already under review or published.',
} as const;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The one key of a listing's fee: a listing is charged at most once, whatever the client sends. */
export const listingFeeKey = (listingId: string) => `listing:${listingId}`;

function isReady(l: ListingRow): boolean {
  const basics = Boolean(l.title && l.priceCents && l.paymentPeriod && l.locationCity && l.locationState && l.email);
  return l.category === 'plates' ? basics : basics && Boolean(l.carMake && l.carModel && l.carYear);
}

function toResponse(row: PaymentRow): CreatePaymentIntentResponse {
  return { data: { 'payment-id': row.id, status: 'succeeded', amount: row.amountCents, 'access-expiry': null } };
}

export interface ListingFeeOptions {
  mailer: Mailer;
  staffEmail: string;
  publicUrl: string;
}

/**
 * A paid listing goes to review: DRAFT -> UNDER_REVIEW, the staff mailbox gets the review notice.
 * Runs in the caller's transaction; returns false when the listing was no longer a draft.
 */
export async function submitForReview(tx: Database, listing: ListingRow, owner: { name: string }, options: ListingFeeOptions) {
  const [moved] = await tx
    .update(listings)
    .set({ status: 'UNDER_REVIEW', rejectionReason: null, updatedAt: sql`now()` })
    .where(and(eq(listings.id, listing.id), eq(listings.status, 'DRAFT')))
    .returning({ id: listings.id });
  if (!moved) return false;
  await options.mailer.send(
    reviewNoticeEmail(options.staffEmail, {
      id: listing.id,
      title: listing.title ?? '(no title)',
      ownerName: owner.name,
      ownerEmail: listing.email ?? '',
      publicUrl: options.publicUrl,
      category: listing.category,
      price: listing.priceCents ? `${dollars(listing.priceCents)} / ${listing.paymentPeriod === 'monthly' ? 'month' : 'week'}` : '—',
      place: [listing.locationCity, listing.locationState, listing.locationZip].filter(Boolean).join(', '),
    }),
    tx,
  );
  return true;
}

/**
 * The listing fee ($1.08, spec §9). Only the owner pays, only for a complete draft. The fee is
 * charged once per listing: a double click, parallel calls and a resubmission after a rejection
 * reuse the one successful payment. A declined card leaves the listing a draft and can be retried.
 */
export async function payListingFee(
  db: Database,
  gateway: PaymentGateway,
  user: GatewayUser,
  input: { listingId: string; amount: number; paymentMethodId: string },
  options: ListingFeeOptions,
): Promise<CreatePaymentIntentResponse> {
  const notFound = new AppError('NOT_FOUND', VALIDATION_MESSAGES.listingNotFound);
  if (!LISTING_ID_PATTERN.test(input.listingId)) throw notFound;
  const [listing] = await db.select().from(listings).where(eq(listings.id, input.listingId)).limit(1);
  if (!listing || listing.userId !== user.id) throw notFound;

  const key = listingFeeKey(listing.id);
  const [previous] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
  if (listing.status !== 'DRAFT') {
    // A repeated click after the payment went through: the same answer, no second charge.
    if (previous?.status === 'succeeded') return toResponse(previous);
    throw new AppError('CONFLICT', LISTING_FEE_MESSAGES.notDraft);
  }
  if (!isReady(listing)) throw new AppError('BAD_REQUEST', LISTING_FEE_MESSAGES.notReady);
  if (input.amount !== LISTING_FEE.totalCents) {
    throw new AppError('AMOUNT_MISMATCH', `The amount to pay is ${dollars(LISTING_FEE.totalCents)} (${LISTING_FEE.totalCents} cents).`, {
      'payment-amount': String(LISTING_FEE.totalCents),
    });
  }

  if (previous?.status === 'succeeded') {
    // Paid before (the listing was sent back by staff): submit again without charging.
    await db.transaction(async (tx) => {
      await submitForReview(tx as unknown as Database, listing, user, options);
    });
    options.mailer.deliverSoon();
    return toResponse(previous);
  }

  const method = await gateway.findPaymentMethod(user, input.paymentMethodId);
  if (!method) throw new AppError('NOT_FOUND', 'Payment method not found.');

  const [claimed] = await db
    .insert(payments)
    .values({
      userId: user.id,
      purpose: 'listing',
      reference: listing.id,
      amountCents: LISTING_FEE.totalCents,
      status: 'processing',
      provider: gateway.kind,
      paymentMethodId: method.id,
      idempotencyKey: key,
    })
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  if (!claimed) {
    const [existing] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
    if (existing?.status === 'succeeded') return toResponse(existing);
    throw new AppError('CONFLICT', 'This payment is already being processed.');
  }

  const result = await gateway.charge({
    user,
    paymentMethodId: method.id,
    amountCents: LISTING_FEE.totalCents,
    // One provider key per attempt: a retry with another card after a decline is a new attempt.
    idempotencyKey: `${key}:${claimed.id}`,
    description: `Medallion listing fee: ${listing.title}`,
  });
  if (result.status === 'failed') {
    // Keep the attempt for the record under its own key, so the listing's key is free for a retry.
    await db
      .update(payments)
      .set({
        status: 'failed',
        failureMessage: result.message,
        providerPaymentId: result.providerPaymentId,
        idempotencyKey: `${key}:failed:${claimed.id}`,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, claimed.id));
    throw new AppError('PAYMENT_FAILED', result.message);
  }

  const paid = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ status: 'succeeded', providerPaymentId: result.providerPaymentId, updatedAt: new Date() })
      .where(eq(payments.id, claimed.id))
      .returning();
    await submitForReview(tx as unknown as Database, listing, user, options);
    await options.mailer.send(
      receiptEmail({
        to: user.email,
        name: user.name,
        paymentId: row!.id,
        description: { en: `Listing fee: ${listing.title}`, ru: `Размещение объявления: ${listing.title}` },
        amountCents: row!.amountCents,
        card: { brand: method.brand, last4: method.last4 },
        paidAt: row!.updatedAt,
        accessExpiry: null,
      }),
      tx as unknown as Database,
    );
    return row!;
  });
  options.mailer.deliverSoon();
  return toResponse(paid);
}
