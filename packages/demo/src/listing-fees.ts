import { and, eq, inArray } from 'drizzle-orm';
import { LISTING_FEE } from '@medallion/contracts/payments';
import type { Database } from '@medallion/db/client';
import { listings, payments, sandboxCards, user } from '@medallion/db/schema';
import type { SeedStep } from '@medallion/db/seed';
import { DEMO_ACCOUNTS } from './accounts';
import type { DemoSeedContext } from './context';

export const DEMO_LISTING_FEES_STEP = 'demo-listing-fees-v1';

/** The demo driver's saved test card (sandbox gateway), the one the seeded listing fees were paid with. */
export const DEMO_DRIVER_CARD_ID = 'pm_sbx_demo_driver_visa';

/**
 * The demo driver's listings that went past the draft (under review, active, inactive) were paid for:
 * one succeeded $1.08 fee each, under the same idempotency key a real payment uses, paid with a saved
 * Visa test card. So the demo data agrees with the rules: a listing that is rejected and sent again
 * is not charged twice. Runs after the demo listings; does nothing when they are not there.
 */
export function demoListingFeesSeedStep(context: DemoSeedContext): SeedStep {
  return {
    name: DEMO_LISTING_FEES_STEP,
    async run(db: Database) {
      const [driver] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ACCOUNTS.driver.email));
      if (!driver) return;
      const paidFor = await db
        .select({ id: listings.id, createdAt: listings.createdAt })
        .from(listings)
        .where(and(eq(listings.userId, driver.id), inArray(listings.status, ['UNDER_REVIEW', 'ACTIVE', 'INACTIVE'])));
      if (paidFor.length === 0) return;

      await db
        .insert(sandboxCards)
        .values({ id: DEMO_DRIVER_CARD_ID, userId: driver.id, brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getFullYear() + 3 })
        .onConflictDoNothing();
      await db
        .insert(payments)
        .values(
          paidFor.map((listing) => ({
            userId: driver.id,
            purpose: 'listing' as const,
            reference: listing.id,
            amountCents: LISTING_FEE.totalCents,
            status: 'succeeded' as const,
            provider: 'sandbox',
            providerPaymentId: `pi_sbx_demo_${listing.id}`,
            paymentMethodId: DEMO_DRIVER_CARD_ID,
            idempotencyKey: context.listingFeeKey(listing.id),
            createdAt: listing.createdAt,
            updatedAt: listing.createdAt,
          })),
        )
        .onConflictDoNothing({ target: payments.idempotencyKey });
    },
  };
}
