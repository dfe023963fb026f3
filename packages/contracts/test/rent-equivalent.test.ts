import { describe, expect, it } from 'vitest';
import { monthlyEquivalentCents, weeklyEquivalentCents } from '../src/listing-filters';

// The one rule of comparing rents (a month is 52 / 12 weeks), in literal numbers.
describe('a rent per week or month, compared', () => {
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
