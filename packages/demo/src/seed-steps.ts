import type { SeedStep } from '@medallion/db/seed';
import { DEMO_ACCOUNTS } from './accounts';
import type { DemoSeedContext } from './context';
import { demoListingFeesSeedStep } from './listing-fees';
import { demoListingsSeedStep } from './listings';
import { demoOrdersSeedStep } from './orders';
import { demoProductPhotosSeedStep, demoProductsSeedStep } from './products';

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
 * Every demo data step, in the order they depend on each other: accounts, then the listings (some are
 * the demo driver's), their fees, the products and their pictures, then orders of those products paid
 * with the card the fees saved.
 */
export function demoSeedSteps(context: DemoSeedContext, options: { shippingCents: number }): SeedStep[] {
  return [
    demoAccountsSeedStep(context),
    demoListingsSeedStep(context),
    demoListingFeesSeedStep(context),
    demoProductsSeedStep,
    demoProductPhotosSeedStep(context),
    demoOrdersSeedStep(context, { shippingCents: options.shippingCents }),
  ];
}
