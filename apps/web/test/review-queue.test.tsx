// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReviewListing } from '@medallion/contracts/admin';
import { ReviewQueue } from '@/features/admin/components/review-queue';
import { i18n } from '@/lib/i18n';
import { fakeApi, renderWithApp } from './support/render';

const base: ReviewListing = {
  listing_id: 'l-1',
  user_id: 'u-1',
  status: 'UNDER_REVIEW',
  category: 'cars',
  deal_type: 'rent',
  title: '2021 Toyota Camry Hybrid',
  description: 'Clean car.',
  price: 450,
  payment_period: 'weekly',
  images: [],
  image_urls: [],
  thumbnail_urls: [],
  plate_number: null,
  vin: '4T1K31AK5MU000001',
  view_count: 0,
  timestamp: null,
  name: 'Fleet Owner',
  email: 'fleet@example.com',
  phone_number: null,
  location: { city: 'Queens', state: 'NY', zip_code: '11101' },
  car_make: 'Toyota',
  car_make_id: 448,
  car_model: 'Camry',
  car_model_id: 2469,
  car_year: 2021,
  car_body_class: 'Sedan/Saloon',
  car_fuel: 'Hybrid Electric',
  car_door_number: 4,
  car_seat_number: 5,
  car_seat_row_number: 2,
  rejection_reason: null,
  rental_label: null,
  weekly_cost: null,
  owner: { id: 'u-1', name: 'Fleet Owner', email: 'fleet@example.com' },
  submitted_at: '2026-11-20T15:00:00.000Z',
  vin_decoded: {
    vin: '4T1K31AK5MU000001',
    make: 'TOYOTA',
    make_id: 448,
    model: 'Camry',
    model_id: 2469,
    year: 2021,
    body_class: 'Sedan/Saloon',
    fuel: 'Gasoline',
    doors: 4,
    seats: 5,
    seat_rows: 2,
  },
};

async function renderQueueInRussian(listings: ReviewListing[]) {
  fakeApi({ 'GET /api/admin/listings': () => ({ body: { data: listings } }) });
  await renderWithApp(<ReviewQueue />, { path: '/admin/listings' });
  await act(() => i18n.changeLanguage('ru'));
  // The first render loads the locale files (en, then ru): give a busy machine time.
  return screen.findAllByTestId('review-item', {}, { timeout: 10_000 });
}

describe('staff review queue in Russian', () => {
  it("shows fuel types and body classes in Russian, the owner's and the VIN's", async () => {
    const [item] = await renderQueueInRussian([base]);
    const row = (name: RegExp) => within(item!).getByRole('row', { name });
    expect(row(/Тип кузова/).textContent).toContain('Седан');
    expect(row(/Тип кузова/).textContent).not.toContain('Sedan');
    // The owner typed "Hybrid Electric", the VIN says "Gasoline": both in Russian.
    expect(row(/^Топливо/).textContent).toContain('Гибрид');
    expect(row(/^Топливо/).textContent).toContain('Бензин');
    expect(row(/^Топливо/).textContent).not.toMatch(/Hybrid|Gasoline/);
  });

  it('without a VIN, the fuel type the owner typed is in Russian too', async () => {
    const [item] = await renderQueueInRussian([{ ...base, vin: null, vin_decoded: null, car_fuel: 'Gasoline' }]);
    expect(within(item!).getByText('Бензин')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });
});
