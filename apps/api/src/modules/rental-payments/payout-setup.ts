import { eq, sql } from 'drizzle-orm';
import type { Database } from '@medallion/db/client';
import { payoutAccounts, rentalRequests } from '@medallion/db/schema';
import type { PayoutSetup } from '@medallion/contracts/rental-payments';
import type { GatewayUser, PaymentGateway } from '../../integrations/payments/gateway';
import { AppError } from '../../lib/app-error';

/**
 * An owner's payouts, set up: the weekly rent reaches an owner through their connected account (Stripe
 * Connect Express, created by the first payout or the first setup link), and Stripe moves money to it
 * only once its owner has finished onboarding on Stripe's pages. Until then the payouts round tries no
 * transfer to it and the owner's payouts wait (pay-out-owners.ts), so My rentals asks the owner to finish.
 *
 *   not_needed  the account has never had a car or plate requested (no Stripe call is made for it);
 *   needed      an owner whose account cannot receive transfers yet (or has none yet);
 *   ready       the provider said it can (remembered: Stripe is asked until it says so, then never again).
 *
 * The sandbox's accounts need no onboarding: an owner there is ready.
 */
export async function getPayoutSetup(db: Database, gateway: PaymentGateway, owner: GatewayUser): Promise<PayoutSetup> {
  if (!(await ownsRentals(db, owner.id))) return { state: 'not_needed' };
  if (gateway.kind === 'sandbox') return { state: 'ready' };
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, owner.id));
  if (!account) return { state: 'needed' };
  return (await atProvider(() => payoutAccountReady(db, gateway, owner.id, account))) ? { state: 'ready' } : { state: 'needed' };
}

/**
 * Whether the owner's connected account can receive transfers: remembered once the provider has said
 * so (`ready_at`), else asked (and remembered when it says yes). The sandbox's accounts always can. The
 * payouts round asks this before a transfer: Stripe keeps the answer of a refused transfer under its
 * idempotency key for a day, so a transfer tried too early would be refused again after the setup.
 */
export async function payoutAccountReady(
  db: Database,
  gateway: PaymentGateway,
  ownerId: string,
  account: { providerAccountId: string; readyAt: Date | null },
): Promise<boolean> {
  if (gateway.kind === 'sandbox' || account.readyAt) return true;
  if (!(await gateway.payoutAccountReady(account.providerAccountId))) return false;
  await db
    .update(payoutAccounts)
    .set({ readyAt: sql`coalesce(${payoutAccounts.readyAt}, now())` })
    .where(eq(payoutAccounts.userId, ownerId));
  return true;
}

/**
 * POST /rentals/payouts/setup-link: a fresh single-use link to Stripe's onboarding for the owner's
 * connected account (created now if the owner has none), which brings them back to My rentals. Refused
 * (403) to an account that owns no rental and (409) when the payouts are already set up.
 */
export async function createPayoutSetupLink(db: Database, gateway: PaymentGateway, owner: GatewayUser, publicUrl: string): Promise<{ url: string }> {
  const setup = await getPayoutSetup(db, gateway, owner);
  if (setup.state === 'not_needed') throw new AppError('FORBIDDEN', 'rentalPayment.payoutsNotOwner');
  if (setup.state === 'ready') throw new AppError('CONFLICT', 'rentalPayment.payoutsReady');
  const back = new URL('/dashboard?tab=rentals', publicUrl).toString();
  return atProvider(async () => {
    const { accountId } = await gateway.payoutAccount(owner);
    return { url: await gateway.payoutOnboardingLink(accountId, { returnUrl: back, refreshUrl: back }) };
  });
}

/** A call to the provider (Stripe down, the account gone there): a 503 that says so, never a 500. */
async function atProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', 'rentalPayment.payoutsUnavailable');
  }
}

async function ownsRentals(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: rentalRequests.id }).from(rentalRequests).where(eq(rentalRequests.ownerId, userId)).limit(1);
  return Boolean(row);
}
