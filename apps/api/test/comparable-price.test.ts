import { describe, expect, it } from 'vitest';
import { monthlyEquivalentCents, weeklyEquivalentCents } from '@medallion/contracts/listings';
import { listings } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';

/**
 * The marketplace compares rents by the generated column `comparable_price_cents` (SQL) and the web
 * labels a monthly rent with its weekly cost (contracts' rule): both are the one rule, a month is
 * 52 / 12 weeks. This pins the SQL and the TypeScript to the same values, rounding included.
 */
describe('the compared price of a rent: SQL and contracts agree', async () => {
  const { app } = await buildTestApp();
  const owner = await createConfirmedUser(app, 'comparable-owner@example.com');
  // Weekly prices whose monthly equivalent falls on, just below and just above half a cent.
  const weeklyPrices = [1, 3, 6, 9, 12_000, 12_001, 37_500, 41_077, 99_999, 123_457];
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

  it('the rule in numbers: $120 a week is $520 a month; $470 a month is $108.46 a week; $1,780 a month is $410.77 a week', () => {
    expect(monthlyEquivalentCents(12_000, 'weekly')).toBe(52_000);
    expect(monthlyEquivalentCents(47_000, 'monthly')).toBe(47_000);
    expect(weeklyEquivalentCents(47_000, 'monthly')).toBe(10_846);
    expect(weeklyEquivalentCents(178_000, 'monthly')).toBe(41_077);
    expect(weeklyEquivalentCents(12_000, 'weekly')).toBe(12_000);
    // A weekly bound of $500 admits a monthly rent up to $2,166.67: its weekly cost is $500.
    expect(monthlyEquivalentCents(50_000, 'weekly')).toBe(216_667);
    expect(weeklyEquivalentCents(216_667, 'monthly')).toBe(50_000);
  });
});
