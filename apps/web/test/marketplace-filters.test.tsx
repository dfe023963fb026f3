// @vitest-environment jsdom
import { fireEvent, screen, within, waitFor } from '@testing-library/react';
import type { CarMake } from '@medallion/contracts/listings';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listingFilters } from '@/features/listings/lib/listing-filters-store';
import { Marketplace } from '@/features/listings/components/marketplace';
import { fakeApi, renderWithApp } from './support/render';

const MAKES: CarMake[] = [
  { make_id: 1, make_name: 'Toyota' },
  { make_id: 2, make_name: 'Ford' },
];

async function renderMarketplace(path = '/marketplace') {
  const api = fakeApi({
    'GET /api/listing-all': () => ({ body: { data: { listings: [], total: 0, page: 1, page_size: 20 } } }),
    'GET /api/cars/makes': () => ({ body: MAKES }),
    'GET /api/cars/models-by-make-id': () => ({ body: [{ model_id: 10, model_name: 'Camry' }] }),
  });
  await renderWithApp(<Marketplace />, { path });
  await screen.findByRole('form', { name: 'Filters' });
  return api;
}

/** The side panel's form (the phone's sheet has its own copy, closed here). */
const filters = () => within(screen.getByRole('form', { name: 'Filters' }));
const location = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost').searchParams;

describe('Marketplace filters', () => {
  beforeAll(() => {
    // jsdom lays nothing out: the list's heading is brought into view after a search.
    Element.prototype.scrollIntoView = () => undefined;
  });
  beforeEach(() => listingFilters.reset());

  it('asks for a deal type before a price: a rent and a sale price are not comparable', async () => {
    await renderMarketplace();
    expect(filters().queryByRole('textbox', { name: 'Min' })).toBeNull();
    expect(filters().getByText(/Choose Rent or Buy to filter by price/)).toBeTruthy();
    fireEvent.click(filters().getByRole('radio', { name: 'Buy' }));
    expect(filters().getByRole('textbox', { name: 'Min' })).toBeTruthy();
    expect(filters().queryByRole('combobox', { name: 'Period' })).toBeNull();
  });

  it('Search puts the deal type, the period and the price range in the URL and asks the server for them', async () => {
    const api = await renderMarketplace();
    fireEvent.click(filters().getByRole('radio', { name: 'Rent' }));
    fireEvent.change(filters().getByRole('combobox', { name: 'Period' }), { target: { value: 'monthly' } });
    fireEvent.change(filters().getByRole('textbox', { name: 'Min' }), { target: { value: '100' } });
    fireEvent.change(filters().getByRole('textbox', { name: 'Max' }), { target: { value: '5000' } });
    fireEvent.click(filters().getByRole('button', { name: 'Search' }));

    await screen.findByText(/price_min=100/, { selector: '[data-testid="location"]' });
    expect(location().get('price_max')).toBe('5000');
    expect(location().get('deal_type')).toBe('rent');
    expect(location().get('price_period')).toBe('monthly');
    await waitFor(() =>
      expect(api.calls.some((c) => c.startsWith('GET /api/listing-all?') && c.includes('price_min=100') && c.includes('deal_type=rent'))).toBe(true),
    );
  });

  it('Sort by applies at once, keeps the search and stays out of the URL when newest', async () => {
    const api = await renderMarketplace('/marketplace?category=cars&page=2');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveProperty('value', 'newest');
    fireEvent.change(sort, { target: { value: 'price_desc' } });
    await waitFor(() => expect(location().get('sort')).toBe('price_desc'));
    expect(location().get('category')).toBe('cars');
    expect(location().has('page')).toBe(false);
    await waitFor(() => expect(api.calls.some((c) => c.startsWith('GET /api/listing-all?') && c.includes('sort=price_desc'))).toBe(true));
    fireEvent.change(sort, { target: { value: 'newest' } });
    await waitFor(() => expect(location().has('sort')).toBe(false));
  });

  it('a minimum above the maximum is refused in the form and the URL stays as it was', async () => {
    await renderMarketplace();
    fireEvent.click(filters().getByRole('radio', { name: 'Buy' }));
    fireEvent.change(filters().getByRole('textbox', { name: 'Min' }), { target: { value: '900' } });
    fireEvent.change(filters().getByRole('textbox', { name: 'Max' }), { target: { value: '100' } });
    fireEvent.click(filters().getByRole('button', { name: 'Search' }));

    expect(await filters().findByText('The minimum price cannot be more than the maximum price.')).toBeTruthy();
    expect(location().has('price_min')).toBe(false);
  });

  it('choosing Cars shows the make list from the server, and the make goes into the URL', async () => {
    await renderMarketplace();
    fireEvent.click(filters().getByRole('radio', { name: 'Cars' }));
    const make = filters().getByRole('combobox', { name: 'Make' });
    await filters().findByRole('option', { name: 'Toyota' });
    fireEvent.change(make, { target: { value: '1' } });
    fireEvent.click(filters().getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(location().get('category')).toBe('cars'));
    expect(location().get('car_make_value')).toBe('1');
  });

  it('a link with filters fills the form, and Reset clears both', async () => {
    await renderMarketplace('/marketplace?category=plates&deal_type=sale&price_min=50');
    expect(filters().getByRole('radio', { name: 'Plates' })).toHaveProperty('checked', true);
    expect(filters().getByRole('radio', { name: 'Buy' })).toHaveProperty('checked', true);
    expect(filters().getByRole('textbox', { name: 'Min' })).toHaveProperty('value', '50');

    fireEvent.click(filters().getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(location().toString()).toBe(''));
    for (const group of ['Category', 'Rent or buy']) {
      expect(within(filters().getByRole('group', { name: group })).getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
    }
  });
});
