import { eq } from 'drizzle-orm';
import type { SeedStep } from '@medallion/db/seed';
import { user } from '@medallion/db/schema';
import { DEMO_ACCOUNTS } from './accounts';
import type { DemoSeedContext } from './context';
import { demoListingFeesSeedStep } from './listing-fees';
import { demoListingsSeedStep, demoSaleListingsSeedStep } from './listings';
import { demoOrdersSeedStep } from './orders';
import { demoProductPhotosSeedStep, demoProductsRuSeedStep, demoProductsSeedStep } from './products';

/** The demo staff and driver accounts (a step's name never changes once released, or it runs again). */
export function demoAccountsSeedStep(context: DemoSeedContext): SeedStep {
  return {
    name: '0001-demo-accounts',
    async run(db) {
      await context.ensureAccount(db, DEMO_ACCOUNTS.staff);
      await context.ensureAccount(db, DEMO_ACCOUNTS.driver);
    },
  };
}

/**
 * Staff must turn on two-factor sign-in before the console opens; the demo staff account alone is exempt,
 * so the two-command demo stays one click from the staff console (README "Demo accounts"). A separate
 * step, so databases seeded before the rule get it too.
 */
export const demoStaffTwoFactorExemptSeedStep: SeedStep = {
  name: 'demo-staff-two-factor-exempt-v1',
  async run(db) {
    await db.update(user).set({ twoFactorExempt: true }).where(eq(user.email, DEMO_ACCOUNTS.staff.email));
  },
};

/**
 * Every demo data step, in the order they depend on each other: accounts, then the listings (some are
 * the demo driver's), their fees, the products (their Russian texts) and their pictures, then orders of those products paid
 * with the card the fees saved.
 */
export function demoSeedSteps(context: DemoSeedContext, options: { shippingCents: number }): SeedStep[] {
  return [
    demoAccountsSeedStep(context),
    demoStaffTwoFactorExemptSeedStep,
    demoListingsSeedStep(context),
    demoSaleListingsSeedStep(context),
    demoListingFeesSeedStep(context),
    demoProductsSeedStep,
    demoProductsRuSeedStep,
    demoProductPhotosSeedStep(context),
    demoOrdersSeedStep(context, { shippingCents: options.shippingCents }),
  ];
}
