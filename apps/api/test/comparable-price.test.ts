import { describe, expect, it } from 'vitest';
import { monthlyEquivalentCents } from '@medallion/contracts/listings';
import { listings } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';

/**
 * The marketplace compares rents by the generated column `comparable_price_cents` (SQL) and the web
 * labels a monthly rent with its weekly cost (contracts' rule): both are the one rule, a month is
 * 52 / 12 weeks. This pins the SQL and the TypeScript to the same values, rounding included (the rule
 * itself in numbers: packages/contracts/test/rent-equivalent.test.ts).
 */
describe('the compared price of a rent: SQL and contracts agree', async () => {
  const { app } = await buildTestApp();
  const owner = await createConfirmedUser(app, 'comparable-owner@example.com');
  // Weekly prices whose monthly equivalent (× 13 / 3) is whole, a third of a cent over (rounds down) or
  // two thirds over (rounds up): a SQL that truncated, or rounded otherwise, would differ.
  const weeklyPrices = [1, 2, 3, 5, 12_000, 12_001, 12_002, 37_500, 41_077, 41_078, 99_999, 123_458];
  const monthlyPrices = [1, 47_000, 54_000, 178_000, 216_667];
  const base = { userId: owner.id, status: 'ACTIVE' as const, category: 'cars' as const, dealType: 'rent' as const };
  const rows = await app.db
    .insert(listings)
    .values([
      ...weeklyPrices.map((priceCents) => ({ ...base, priceCents, paymentPeriod: 'weekly' as const })),
      ...monthlyPrices.map((priceCents) => ({ ...base, priceCents, paymentPeriod: 'monthly' as const })),
      { ...base, dealType: 'sale' as const, priceCents: 1_850_000, paymentPeriod: null },
    ])
    .returning();

  it('comparable_price_cents is monthlyEquivalentCents for every rent, the price itself for a sale', () => {
    for (const r of rows) {
      const expected = r.paymentPeriod ? monthlyEquivalentCents(r.priceCents!, r.paymentPeriod) : r.priceCents;
      expect(r.comparablePriceCents, `${r.priceCents} ${r.paymentPeriod}`).toBe(expected);
    }
  });
});
