// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { Listing } from '@medallion/contracts/listings';
import { describe, expect, it } from 'vitest';
import { ListingCard } from '@/features/listings/components/listing-card';
import { aListing } from './support/listing';
import { fakeApi, renderWithApp } from './support/render';

/*
 * A rental card shows the weekly cost a driver compares once, beside the price: a monthly rent with
 * its all-in label used to read "≈ $595 / week" and, one line below, "$595.38 a week · deposit …".
 */

const LABEL: NonNullable<Listing['rental_label']> = {
  deposit: 1000,
  min_weeks: 2,
  mileage_unlimited: true,
  mileage_cap: null,
  insurance_included: true,
  insurance_limits: null,
  tlc_plate_included: true,
  maintenance_included: true,
  deductible: 500,
  remote_disabling: false,
};

/** A car for rent at $2,580 a month, with its all-in label. */
function rental(patch: Partial<Listing>): Listing {
  return aListing({
    category: 'cars',
    title: 'Toyota Camry Hybrid 2023',
    price: 2580,
    payment_period: 'monthly',
    car_make: 'Toyota',
    car_model: 'Camry',
    car_year: 2023,
    rental_label: LABEL,
    weekly_cost: 595.38,
    ...patch,
  });
}

async function card(listing: Listing, language: 'en' | 'ru' = 'en') {
  fakeApi({ 'GET /api/auth/session': () => ({ body: { user: null, token: null } }) });
  await renderWithApp(<ListingCard listing={listing} />, { language });
  return screen.findByTestId('listing-card');
}

describe('a rental card', () => {
  it('shows a monthly rent, its weekly cost once, and what the label adds', async () => {
    const shown = (await card(rental({}))).textContent ?? '';
    expect(screen.getByTestId('listing-price').textContent).toBe('$2,580 / month');
    expect(screen.getByTestId('listing-weekly-price').textContent).toBe('≈ $595 / week');
    expect(screen.getByTestId('listing-cost-line').textContent).toBe('Deposit $1,000 · from 2 weeks');
    expect(shown).not.toContain('595.38');
    expect(shown.match(/week(?!s)/g)).toHaveLength(1);
  });

  it('shows a weekly rent its price as the weekly cost, not twice', async () => {
    const shown = (await card(rental({ price: 450, payment_period: 'weekly', weekly_cost: 450, rental_label: { ...LABEL, min_weeks: 1 } }))).textContent ?? '';
    expect(screen.getByTestId('listing-price').textContent).toBe('$450 / week');
    expect(screen.queryByTestId('listing-weekly-price')).toBeNull();
    expect(screen.getByTestId('listing-cost-line').textContent).toBe('Deposit $1,000 · from 1 week');
    expect(shown.match(/\$450/g)).toHaveLength(1);
  });

  it('says the minimum in Russian as it is said after «от»', async () => {
    await card(rental({ rental_label: { ...LABEL, min_weeks: 2 } }), 'ru');
    expect(screen.getByTestId('listing-cost-line').textContent).toMatch(/^Залог 1\s000\s\$ · от 2 недель$/);
    expect(screen.getByTestId('listing-weekly-price').textContent).toMatch(/^≈ 595\s\$ в неделю$/);
  });

  it('has no label line without a label', async () => {
    await card(rental({ rental_label: null }));
    expect(screen.queryByTestId('listing-cost-line')).toBeNull();
    expect(screen.getByTestId('listing-weekly-price').textContent).toBe('≈ $595 / week');
  });
});
