// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckoutRoute } from '@/app/routes/checkout';
import { setupRedirect } from '@/app/routes/success-setup-intent';
import { listingCheckoutPath } from '@/lib/checkout-path';
import { initI18n } from '@/lib/i18n';
import { fakeApi } from './support/render';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** /checkout as the app routes it, signed out, and a /login that shows where it was sent. */
function renderSignedOut(entry: string | { pathname: string; state: unknown }) {
  fakeApi({ 'GET /api/auth/session': () => ({ body: { user: null, token: null } }) });
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/login', element: <Where /> },
    ],
    { initialEntries: [entry] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('listing checkout address', () => {
  beforeAll(() => initI18n('en'));

  it('carries the listing id in the URL', () => {
    expect(listingCheckoutPath('a1b2-c3')).toBe('/checkout?listingId=a1b2-c3');
    expect(listingCheckoutPath('x&y=z')).toBe('/checkout?listingId=x%26y%3Dz');
    // Back from the card form (Stripe's return): the same checkout, by address.
    expect(setupRedirect('listing-checkout', 'a1b2-c3')).toEqual({ to: '/checkout?listingId=a1b2-c3' });
    expect(setupRedirect('listing-checkout', null)).toEqual({ to: '/dashboard' });
  });

  it("comes back to a rental's pay page after a card is added there, and nowhere else", () => {
    const id = '11111111-2222-4333-8444-555555555555';
    const back = (params: Record<string, string>) => setupRedirect('rental-pay', null, new URLSearchParams(params));
    expect(back({ rentalId: id })).toEqual({ to: `/rentals/${id}/pay` });
    expect(back({ rentalId: id, week: '2' })).toEqual({ to: `/rentals/${id}/weeks/2/pay` });
    expect(back({ rentalId: '//evil.example/x' })).toEqual({ to: '/dashboard?tab=rentals' });
    expect(back({ rentalId: id, week: '../x' })).toEqual({ to: `/rentals/${id}/pay` });
  });

  it('sends a signed-out visitor to /login with a way back to the same listing checkout', async () => {
    renderSignedOut('/checkout?listingId=a1b2-c3');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login?redirect=%2Fcheckout%3FlistingId%3Da1b2-c3'));
  });

  it('moves a listing id given as navigation state into the address, so sign-in keeps it', async () => {
    renderSignedOut({ pathname: '/checkout', state: { listingId: 'a1b2-c3' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login?redirect=%2Fcheckout%3FlistingId%3Da1b2-c3'));
  });
});
