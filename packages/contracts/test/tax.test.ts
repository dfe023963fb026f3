import { describe, expect, it } from 'vitest';
import { LISTING_FEE, taxCents } from '../src/payment-constants';
import { orderTotals, TAX_RATE_PERCENT } from '../src/shop';

// Literal numbers on purpose: a changed tax rate must fail here (and be a deliberate change of these lines).
describe('the tax rate and what it makes', () => {
  it('is 8.875 %', () => {
    expect(TAX_RATE_PERCENT).toBe(8.875);
  });

  it('the listing fee: $0.99, tax $0.09, $1.08', () => {
    expect(LISTING_FEE).toEqual({ subtotalCents: 99, taxCents: 9, totalCents: 108 });
  });

  it('a shop cart of $134.98 (dash cam $119.99 and air freshener $14.99) with $4.99 shipping: tax $11.98, total $151.95', () => {
    const totals = orderTotals(
      [
        { priceCents: 11_999, quantity: 1 },
        { priceCents: 1_499, quantity: 1 },
      ],
      499,
    );
    expect(totals).toEqual({ subtotal: 13_498, tax: 1_198, shipping: 499, total: 15_195 });
  });

  it('rounds to the nearest cent, half a cent up', () => {
    // 8.875 % of $3.00 is 26.625 cents; of $0.08, 0.71 cents; of $0.05, 0.44 cents.
    expect([taxCents(300), taxCents(8), taxCents(5), taxCents(0)]).toEqual([27, 1, 0, 0]);
  });
});
