// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OwnerPayouts } from '@/features/rental-payments/components/owner-payouts';
import { fakeApi, renderWithApp } from './support/render';

/* The owner's payouts in My rentals: with Stripe they must first finish their payout account on Stripe's pages. */

const payouts = () => ({ body: { data: { 'due-cents': 45_000, 'paid-cents': 0, payouts: [] } } });

describe('OwnerPayouts', () => {
  it('sends an owner whose payouts are not set up to Stripe with a fresh link', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = fakeApi({
      'GET /api/rentals/payouts': payouts,
      'GET /api/rentals/payouts/setup': () => ({ body: { data: { state: 'needed' } } }),
      'POST /api/rentals/payouts/setup-link': () => ({ body: { data: { url: 'https://connect.stripe.com/setup/e/acct_1/abc' } } }),
    });
    await renderWithApp(<OwnerPayouts />);
    expect(await screen.findByText('Set up your payouts to receive your rent')).toBeTruthy();
    expect(screen.getByTestId('payouts-due').textContent).toBe('$450.00');
    fireEvent.click(screen.getByRole('button', { name: 'Set up payouts' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1/abc'));
    expect(calls).toContain('POST /api/rentals/payouts/setup-link');
    expect(screen.getByRole('button', { name: 'Opening Stripe…' }).hasAttribute('disabled')).toBe(true);

    // Back from Stripe's page, out of the back-forward cache: the button works again, the setup is read again.
    const setupReads = calls.filter((c) => c === 'GET /api/rentals/payouts/setup').length;
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect((await screen.findByRole('button', { name: 'Set up payouts' })).hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/rentals/payouts/setup').length).toBe(setupReads + 1));
  });

  it('says why when the link cannot be made, and the button works again', async () => {
    fakeApi({
      'GET /api/rentals/payouts': payouts,
      'GET /api/rentals/payouts/setup': () => ({ body: { data: { state: 'needed' } } }),
      'POST /api/rentals/payouts/setup-link': () => ({
        status: 409,
        body: { code: 'CONFLICT', key: 'rentalPayment.payoutsReady', message: 'Your payouts are already set up.' },
      }),
    });
    await renderWithApp(<OwnerPayouts />);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up payouts' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your payouts are already set up.');
    expect(screen.getByRole('button', { name: 'Set up payouts' }).hasAttribute('disabled')).toBe(false);
  });

  it('says the payouts are set up, and asks nothing of a non-owner', async () => {
    fakeApi({ 'GET /api/rentals/payouts': payouts, 'GET /api/rentals/payouts/setup': () => ({ body: { data: { state: 'ready' } } }) });
    const view = await renderWithApp(<OwnerPayouts />, { language: 'ru' });
    expect((await screen.findByTestId('payout-setup-ready')).textContent).toBe('Счёт для выплат настроен: аренда поступает на него.');
    view.unmount();
    fakeApi({ 'GET /api/rentals/payouts': payouts, 'GET /api/rentals/payouts/setup': () => ({ body: { data: { state: 'not_needed' } } }) });
    await renderWithApp(<OwnerPayouts />);
    await screen.findByTestId('payouts-due');
    expect(screen.queryByTestId('payout-setup-needed')).toBeNull();
    expect(screen.queryByTestId('payout-setup-ready')).toBeNull();
  });
});
