// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyListingFilters, SEARCH_COUNT_CAP } from '@medallion/contracts/listing-filters';
import type { Listing, ListingAllResponse } from '@medallion/contracts/listings';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Marketplace } from '@/features/listings/components/marketplace';
import { cursorFromParams, filtersFromParams, searchToParams } from '@/features/listings/lib/filter-params';
import { listingFilters } from '@/features/listings/lib/listing-filters-store';
import { createLoaders } from '@/app/loaders';
import { listingKeys } from '@/lib/queries/listings';
import { expectConsole } from './support/console';
import { aListing } from './support/listing';
import { fakeApi, renderWithApp, type FakeResponse } from './support/render';

/*
 * Keyset paging of the marketplace (issue #20): Previous and Next carry the answer's cursors, the
 * numbered pages stay plain ?page=K, a search past 10,000 matches reads "10,000+" with 500 pages, and a
 * page link the server refuses says why and leads back to page 1.
 */

function listing(n: number): Listing {
  return aListing({ listing_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, title: `Plate ${n}` });
}

type Page = ListingAllResponse['data'];

/** One answer of GET /listing-all: `page` of a search with `total` matches, 3 cards shown. */
function answer(patch: Partial<Page> = {}): FakeResponse {
  const data: Page = {
    listings: [listing(1), listing(2), listing(3)],
    total: 200,
    total_capped: false,
    page: 1,
    page_size: 20,
    next_cursor: null,
    prev_cursor: null,
    ...patch,
  };
  return { body: { data } };
}

async function renderMarketplace(path: string, listingAll: () => FakeResponse, language: 'en' | 'ru' = 'en') {
  const api = fakeApi({
    'GET /api/listing-all': listingAll,
    'GET /api/auth/session': () => ({ body: { user: null, token: null } }),
    'GET /api/cars/makes': () => ({ body: [] }),
  });
  await renderWithApp(<Marketplace />, { path, language });
  return api;
}

const pages = () => within(screen.getByRole('navigation', { name: /Pages of listings|Страницы объявлений/ }));
const href = (name: string) => pages().getByRole('link', { name }).getAttribute('href');
const location = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://localhost').searchParams;
/** Text as a reader sees it: Intl writes "10 000" with a no-break space in Russian. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

describe('Marketplace paging', () => {
  beforeAll(() => {
    // jsdom lays nothing out: the list's heading is brought into view after a search.
    Element.prototype.scrollIntoView = () => undefined;
  });
  beforeEach(() => listingFilters.reset());

  it('asks for the page after the URL cursor; Next and Previous carry the answer cursors, the numbered links stay plain', async () => {
    const api = await renderMarketplace('/marketplace?category=plates&page=3&after=fromPage2', () =>
      answer({ page: 3, next_cursor: 'afterPage3', prev_cursor: 'beforePage3' }),
    );
    await screen.findByText('Plate 1');
    expect(api.calls).toContain('GET /api/listing-all?category=plates&page=3&page_size=20&after=fromPage2');

    expect(href('Next page')).toBe('/marketplace?category=plates&page=4&after=afterPage3');
    expect(href('Previous page')).toBe('/marketplace?category=plates&page=2&before=beforePage3');
    expect(href('Page 1')).toBe('/marketplace?category=plates');
    expect(href('Page 2')).toBe('/marketplace?category=plates&page=2');
    expect(href('Page 4')).toBe('/marketplace?category=plates&page=4');
    expect(href('Page 10')).toBe('/marketplace?category=plates&page=10');
    expect(screen.getByText('200 listings · page 3 of 10')).toBeTruthy();
  });

  it("page 2's Previous is plain page 1, and a missing cursor falls back to the plain page link", async () => {
    await renderMarketplace('/marketplace?page=2&before=x', () => answer({ page: 2, next_cursor: null, prev_cursor: 'beforePage2' }));
    await screen.findByText('Plate 1');
    expect(href('Previous page')).toBe('/marketplace');
    expect(href('Next page')).toBe('/marketplace?page=3');
  });

  it('follows Next to the cursor it names: the URL and the next request carry it', async () => {
    const api = await renderMarketplace('/marketplace', () => answer({ next_cursor: 'afterPage1' }));
    await screen.findByText('Plate 1');
    fireEvent.click(pages().getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(location().toString()).toBe('page=2&after=afterPage1'));
    await waitFor(() => expect(api.calls).toContain('GET /api/listing-all?page=2&page_size=20&after=afterPage1'));
    // The store of the applied search keeps the page, not the cursor.
    expect(listingFilters.getState().page).toBe(2);
    expect(Object.keys(listingFilters.getState().applied)).not.toContain('after');
  });

  it('past 10,000 matches the count reads "10,000+" and the pages stop at 500', async () => {
    await renderMarketplace('/marketplace', () => answer({ total: SEARCH_COUNT_CAP, total_capped: true, next_cursor: 'n' }));
    expect(await screen.findByText('10,000+ listings · page 1 of 500')).toBeTruthy();
    expect(href('Page 500')).toBe('/marketplace?page=500');
    expect(pages().queryByRole('link', { name: 'Page 501' })).toBeNull();
  });

  it('an exact count of 10,000 is not capped: "10,000 listings", 500 pages', async () => {
    await renderMarketplace('/marketplace?page=500', () => answer({ page: 500, total: SEARCH_COUNT_CAP, prev_cursor: 'p' }));
    expect(await screen.findByText('10,000 listings · page 500 of 500')).toBeTruthy();
    expect(pages().getByRole('link', { name: 'Page 500' }).getAttribute('aria-current')).toBe('page');
    expect(pages().getByRole('link', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('in Russian the capped count reads "10 000+ объявлений"', async () => {
    await renderMarketplace('/marketplace?page=2', () => answer({ page: 2, total: SEARCH_COUNT_CAP, total_capped: true }), 'ru');
    const count = await screen.findByText((_, node) => node?.tagName === 'P' && plain(node.textContent).startsWith('10 000+'));
    expect(plain(count.textContent)).toBe('10 000+ объявлений · страница 2 из 500');
    expect(pages().getByRole('link', { name: 'Страница 500' })).toBeTruthy();
  });

  it('a refused page link says why and leads back to page 1 of the same search', async () => {
    expectConsole('error', /Loading the marketplace failed/);
    await renderMarketplace('/marketplace?category=plates&page=2&after=xyz', () => ({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        key: 'filterCursor',
        message: 'This page link is no longer valid. Go back to the first page of the search.',
        fields: { after: { key: 'filterCursor', message: 'This page link is no longer valid. Go back to the first page of the search.' } },
      },
    }));
    expect(await screen.findByText('This page link is no longer valid. Go back to the first page of the search.')).toBeTruthy();
    expect(screen.queryByText('Some filters are not valid. Correct them and search again.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const back = screen.getByRole('link', { name: 'Go to the first page' });
    expect(back.getAttribute('href')).toBe('/marketplace?category=plates');
  });

  it('a page past the first 10,000 matches (told without a field) says so too', async () => {
    expectConsole('error', /Loading the marketplace failed/);
    await renderMarketplace('/marketplace?page=501', () => ({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        key: 'filterPageTooDeep',
        message: 'Only the first 10,000 listings of a search can be shown. Narrow it with the filters.',
      },
    }));
    expect(await screen.findByText('Only the first 10,000 listings of a search can be shown. Narrow it with the filters.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/marketplace');
  });

  it('a new search or sort drops the cursor and starts at page 1', async () => {
    const api = await renderMarketplace('/marketplace?category=plates&page=3&after=fromPage2', () => answer({ page: 3, next_cursor: 'n', prev_cursor: 'p' }));
    await screen.findByText('Plate 1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price_desc' } });
    await waitFor(() => expect(location().toString()).toBe('category=plates&sort=price_desc'));
    await waitFor(() => expect(api.calls).toContain('GET /api/listing-all?category=plates&sort=price_desc&page=1&page_size=20'));

    const form = within(screen.getByRole('form', { name: 'Filters' }));
    fireEvent.click(form.getByRole('radio', { name: 'Cars' }));
    fireEvent.click(form.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location().toString()).toBe('category=cars&sort=price_desc'));
  });
});

describe('page cursors in the URL', () => {
  it('are read beside the filters but are no part of the stored filter object', () => {
    const params = new URLSearchParams('category=plates&page=3&after=abc');
    expect(cursorFromParams(params)).toEqual({ after: 'abc' });
    expect(cursorFromParams(new URLSearchParams('page=3&before=def'))).toEqual({ before: 'def' });
    expect(cursorFromParams(new URLSearchParams('page=3&after='))).toEqual({});
    const filters = filtersFromParams(params);
    expect(filters).toEqual({ ...emptyListingFilters(), category: 'plates' });
    expect(Object.keys(filters)).not.toContain('after');
    expect(Object.keys(filters)).not.toContain('before');
  });

  it('go into the URL of a page after the first only', () => {
    const filters = { ...emptyListingFilters(), category: 'plates' };
    expect(searchToParams(filters, 4, { after: 'abc' }).toString()).toBe('category=plates&page=4&after=abc');
    expect(searchToParams(filters, 2, { before: 'def' }).toString()).toBe('category=plates&page=2&before=def');
    expect(searchToParams(filters, 1, { before: 'def' }).toString()).toBe('category=plates');
    expect(searchToParams(filters, 4).toString()).toBe('category=plates&page=4');
  });

  it('are part of the query key, so two ways to one page number are two answers, and the loader passes them', async () => {
    expect(listingKeys.list({}, 2, { after: 'a' })).not.toEqual(listingKeys.list({}, 2));
    const { calls } = fakeApi({ 'GET /api/listing-all': () => answer({ page: 2 }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const loaders = createLoaders(client);
    await loaders.marketplace({ request: new Request('http://localhost/marketplace?category=plates&page=2&after=abc'), params: {}, context: {} } as never);
    await waitFor(() => expect(calls).toContain('GET /api/listing-all?category=plates&page=2&page_size=20&after=abc'));
    expect(client.getQueryData(listingKeys.list({ category: 'plates' }, 2, { after: 'abc' }))).toBeTruthy();
  });
});
