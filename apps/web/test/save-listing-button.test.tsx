// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SaveListingButton } from '@/features/listings/components/save-listing-button';
import { toast } from '@/components/ui/toast';
import { fakeApi, renderWithApp } from './support/render';

vi.mock('@/components/ui/toast', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }));

const ID = '11111111-2222-4333-8444-555555555555';
const signedIn = { body: { user: { id: 'u1', name: 'Ivan', email: 'ivan@example.com', role: 'user', status: 'CONFIRMED' }, token: null } };

/** A promise the test settles itself, so it can look at the button while the call is under way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('SaveListingButton (the heart)', () => {
  it('sends a guest to sign in and back to the page', async () => {
    const { calls } = fakeApi({ 'GET /api/auth/session': () => ({ body: { user: null, token: null } }) });
    await renderWithApp(<SaveListingButton listingId={ID} />, { path: '/marketplace?category=cars' });
    const heart = await screen.findByRole('button', { name: 'Save listing' });
    await waitFor(() => expect(calls).toContain('GET /api/auth/session'));
    fireEvent.click(heart);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login?redirect=%2Fmarketplace%3Fcategory%3Dcars'));
    expect(calls.some((c) => c.includes('/saved-listings'))).toBe(false);
  });

  it('turns on at once, before the server answers, and stays on when it agrees', async () => {
    const answer = deferred<{ body: unknown }>();
    let saved: string[] = [];
    fakeApi({
      'GET /api/auth/session': () => signedIn,
      'GET /api/saved-listings/ids': () => ({ body: { data: { listing_ids: saved } } }),
      [`PUT /api/saved-listings/${ID}`]: async () => {
        const result = await answer.promise;
        saved = [ID];
        return result;
      },
      'GET /api/saved-listings': () => ({ body: { data: { items: [] } } }),
    });
    await renderWithApp(<SaveListingButton listingId={ID} variant="detail" />);
    const heart = await screen.findByRole('button', { name: 'Save listing' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(heart);
    const on = await screen.findByRole('button', { name: 'Remove from saved' });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    answer.resolve({ body: { data: { listing_id: ID, saved: true } } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove from saved' }).getAttribute('aria-pressed')).toBe('true'));
  });

  it('goes back off and says why when the server refuses', async () => {
    fakeApi({
      'GET /api/auth/session': () => signedIn,
      'GET /api/saved-listings/ids': () => ({ body: { data: { listing_ids: [] } } }),
      [`PUT /api/saved-listings/${ID}`]: () => ({
        status: 404,
        body: { code: 'NOT_FOUND', key: 'listingNotFound', message: 'This listing does not exist or is not available.' },
      }),
      'GET /api/saved-listings': () => ({ body: { data: { items: [] } } }),
    });
    await renderWithApp(<SaveListingButton listingId={ID} />);
    const heart = await screen.findByRole('button', { name: 'Save listing' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(heart);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This listing does not exist or is not available.'));
    expect(screen.getByRole('button', { name: 'Save listing' }).getAttribute('aria-pressed')).toBe('false');
  });
});
