// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RentalCharge, RentalChargesResponse } from '@medallion/contracts/rental-payments';
import type { RentalView } from '@medallion/contracts/rentals';
import { PaymentMethods } from '@/features/payments/components/payment-methods';
import { OwnerPayouts } from '@/features/rental-payments/components/owner-payouts';
import { PickupPayment } from '@/features/rental-payments/components/pickup-payment';
import { RentalCharges } from '@/features/rental-payments/components/rental-charges';
import { WeekPayment } from '@/features/rental-payments/components/week-payment';
import { MyRentals } from '@/features/rentals/components/my-rentals';
import { fakeApi, renderWithApp } from './support/render';

vi.mock('@/components/ui/toast', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }));

const ID = '11111111-2222-4333-8444-555555555555';
const cards = {
  body: {
    data: [
      { id: 'pm_visa', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      { id: 'pm_mc', brand: 'mastercard', last4: '4444', exp_month: 1, exp_year: 2031 },
    ],
    default_id: 'pm_visa',
  },
};

function rental(over: Partial<RentalView> = {}): RentalView {
  return {
    id: ID,
    listing_id: 'l1',
    listing_title: 'Toyota Camry Hybrid 2022',
    role: 'driver',
    status: 'awaiting_pickup',
    start_date: '2026-12-01',
    end_date: '2026-12-29',
    weeks: 4,
    weekly_rent: 450,
    deposit: 500,
    counterpart_name: 'Olga Owner',
    agreement: null,
    agreement_due_at: '2026-11-30T12:00:00.000Z',
    pickup_paid_at: null,
    pickup_amount_cents: 95_000,
    ...over,
  };
}
const mine = (...rentals: RentalView[]) => ({ body: { data: { requests: [], rentals } } });

function charge(over: Partial<RentalCharge>): RentalCharge {
  return {
    kind: 'week',
    week: 0,
    'amount-cents': 45_000,
    'due-date': '2026-12-01',
    status: 'succeeded',
    attempts: 1,
    'next-attempt-at': null,
    'paid-at': '2026-12-01T17:00:00.000Z',
    'failure-message': null,
    'refunded-cents': 0,
    'refund-status': null,
    'refunded-at': null,
    ...over,
  };
}
function chargesOf(charges: RentalCharge[], over: Partial<RentalChargesResponse['data']> = {}) {
  return { body: { data: { 'rental-id': ID, charges, 'may-end-for-non-payment': false, 'may-end-for-non-payment-at': null, claim: null, ...over } } };
}
const cardPicker = (selectedId: string | null, onSelect: (id: string) => void) => (
  <PaymentMethods from="rental-pay" returnParams={{ rentalId: ID }} selectedId={selectedId} onSelect={onSelect} />
);

describe('the pick-up payment page', () => {
  it("shows the server's amounts, pays them with the chosen card and says it worked", async () => {
    const bodies: unknown[] = [];
    fakeApi({
      'GET /api/rentals/mine': () => mine(rental()),
      'GET /api/payments/payment-methods': () => cards,
      'POST /api/payments/create-payment-intent': ({ body }) => {
        bodies.push(body);
        return { body: { data: { 'payment-id': 'p1', status: 'succeeded', amount: 95_000, 'access-expiry': null } } };
      },
    });
    await renderWithApp(<PickupPayment rentalId={ID} renderPaymentMethods={cardPicker} />);
    expect((await screen.findByTestId('pickup-total')).textContent).toContain('$950.00');
    expect(screen.getByTestId('pickup-deposit').textContent).toContain('$500.00');
    expect(screen.getByTestId('pickup-week').textContent).toContain('$450.00');
    expect(screen.getByText(/deposit comes back to your card after you return the car/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: /Mastercard •••• 4444/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay $950.00' }));
    expect(await screen.findByRole('heading', { name: 'Deposit and first week paid' })).toBeTruthy();
    expect(screen.getByText(/We charged \$950\.00/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the hand-over' }).getAttribute('href')).toBe(`/rentals/${ID}/handover`);
    expect(bodies).toEqual([{ 'user-pm': 'pm_mc', 'payment-amount': 95_000, 'rental-id': ID }]);
  });

  it("shows the server's refusal and keeps the page to try another card", async () => {
    fakeApi({
      'GET /api/rentals/mine': () => mine(rental()),
      'GET /api/payments/payment-methods': () => cards,
      'POST /api/payments/create-payment-intent': () => ({
        status: 402,
        body: { code: 'PAYMENT_FAILED', key: 'payment.insufficientFunds', message: 'Your card has insufficient funds.' },
      }),
    });
    await renderWithApp(<PickupPayment rentalId={ID} renderPaymentMethods={cardPicker} />);
    await screen.findByRole('radio', { name: /Visa •••• 4242/ });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $950.00' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/insufficient funds/i);
    expect(screen.getByRole('button', { name: 'Pay $950.00' }) as HTMLButtonElement).toHaveProperty('disabled', false);
  });

  it('says so when the pick-up is paid, the rental is not the driver’s, or not found', async () => {
    fakeApi({
      'GET /api/rentals/mine': () => mine(rental({ pickup_paid_at: '2026-11-30T15:00:00.000Z' })),
      'GET /api/payments/payment-methods': () => cards,
    });
    const view = await renderWithApp(<PickupPayment rentalId={ID} renderPaymentMethods={cardPicker} />);
    expect(await screen.findByText('The deposit and first week of this rental are paid.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    view.unmount();

    fakeApi({ 'GET /api/rentals/mine': () => mine(rental({ role: 'owner' })), 'GET /api/payments/payment-methods': () => cards });
    const owner = await renderWithApp(<PickupPayment rentalId={ID} renderPaymentMethods={cardPicker} />);
    expect(await screen.findByText('Only the driver of this rental pays for it.')).toBeTruthy();
    owner.unmount();

    fakeApi({ 'GET /api/rentals/mine': () => mine(), 'GET /api/payments/payment-methods': () => cards });
    await renderWithApp(<PickupPayment rentalId={ID} renderPaymentMethods={cardPicker} />);
    expect(await screen.findByText('This rental does not exist or is not yours.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My rentals' }).getAttribute('href')).toBe('/dashboard?tab=rentals');
  });
});

describe('the page of one week', () => {
  it('says why (3-D Secure), pays the week on-session and says it is paid', async () => {
    const bodies: unknown[] = [];
    fakeApi({
      [`GET /api/rentals/${ID}/charges`]: () => chargesOf([charge({ week: 1, status: 'needs_action', 'paid-at': null, 'due-date': '2026-12-08' })]),
      'GET /api/rentals/mine': () => mine(rental({ status: 'active', pickup_paid_at: '2026-11-30T15:00:00.000Z' })),
      'GET /api/payments/payment-methods': () => cards,
      [`POST /api/rentals/${ID}/weeks/1/pay`]: ({ body }) => {
        bodies.push(body);
        return { body: { data: charge({ week: 1, status: 'succeeded' }) } };
      },
    });
    await renderWithApp(<WeekPayment rentalId={ID} week={1} renderPaymentMethods={cardPicker} />);
    expect((await screen.findByTestId('week-why')).textContent).toMatch(/bank wants you to confirm this payment \(3-D Secure\)/);
    expect(screen.getByTestId('week-total').textContent).toContain('$450.00');
    await screen.findByRole('radio', { name: /Visa •••• 4242/ });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $450.00' }));
    expect(await screen.findByRole('heading', { name: 'Week 2 is paid' })).toBeTruthy();
    expect(bodies).toEqual([{ 'user-pm': 'pm_visa' }]);
  });

  it('tells a declined week its reason and next try, a paid week that it is paid, and a stranger that it is not theirs', async () => {
    fakeApi({
      [`GET /api/rentals/${ID}/charges`]: () =>
        chargesOf([
          charge({
            week: 1,
            status: 'due',
            attempts: 1,
            'paid-at': null,
            'failure-message': 'Your card has insufficient funds.',
            'next-attempt-at': '2026-12-09T17:00:00.000Z',
          }),
        ]),
      'GET /api/rentals/mine': () => mine(rental({ status: 'payment_failed' })),
      'GET /api/payments/payment-methods': () => cards,
    });
    const view = await renderWithApp(<WeekPayment rentalId={ID} week={1} renderPaymentMethods={cardPicker} />);
    const why = await screen.findByTestId('week-why');
    expect(why.textContent).toContain('The automatic charge was declined: Your card has insufficient funds.');
    expect(why.textContent).toContain('We will try your card again on December 9, 2026.');
    view.unmount();

    fakeApi({
      [`GET /api/rentals/${ID}/charges`]: () => chargesOf([charge({ week: 1, 'paid-at': '2026-12-08T17:00:00.000Z' })]),
      'GET /api/rentals/mine': () => mine(rental({ status: 'active' })),
      'GET /api/payments/payment-methods': () => cards,
    });
    const paid = await renderWithApp(<WeekPayment rentalId={ID} week={1} renderPaymentMethods={cardPicker} />);
    expect(await screen.findByText('Week 2 is paid (December 8, 2026).')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    paid.unmount();

    fakeApi({
      [`GET /api/rentals/${ID}/charges`]: () => ({
        status: 404,
        body: { code: 'NOT_FOUND', key: 'rentalPayment.notFound', message: 'This rental does not exist or is not yours.' },
      }),
      'GET /api/rentals/mine': () => mine(),
      'GET /api/payments/payment-methods': () => cards,
    });
    await renderWithApp(<WeekPayment rentalId={ID} week={1} renderPaymentMethods={cardPicker} />);
    expect(await screen.findByText('This rental does not exist or is not yours.')).toBeTruthy();
  });
});

describe('the payments of a rental in My rentals', () => {
  const deposit = charge({
    kind: 'deposit',
    'amount-cents': 50_000,
    'refund-status': 'succeeded',
    'refunded-cents': 38_000,
    'refunded-at': '2027-01-02T17:00:00.000Z',
  });
  const list = [
    deposit,
    charge({}),
    charge({ week: 1, status: 'due', attempts: 1, 'paid-at': null, 'next-attempt-at': '2026-12-09T17:00:00.000Z', 'due-date': '2026-12-08' }),
    charge({ week: 2, status: 'needs_action', 'paid-at': null, 'due-date': '2026-12-15' }),
    charge({ week: 3, status: 'cancelled', attempts: 0, 'paid-at': null, 'due-date': '2026-12-22' }),
  ];

  it('lists the deposit, each week, the claim and the refund, with the pay links for the driver', async () => {
    fakeApi({
      [`GET /api/rentals/${ID}/charges`]: () => chargesOf(list, { claim: { 'amount-cents': 12_000, status: 'accepted', 'withheld-cents': 12_000 } }),
    });
    await renderWithApp(<RentalCharges rentalId={ID} role="driver" />);
    const box = await screen.findByTestId('rental-charges');
    const rows = within(box).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Deposit$500.00Paid December 1, 2026',
      'Week 1$450.00Paid December 1, 2026',
      `Week 2$450.00Declined · next try December 9, 2026Pay week 2`,
      'Week 3$450.00Needs your confirmationPay week 3',
      'Week 4$450.00Canceled',
      'Damage claim$120.00Accepted by the driver · Kept from the deposit: $120.00',
      'Deposit refund$380.00Refunded January 2, 2027',
    ]);
    expect(within(box).getByRole('link', { name: 'Pay week 3' }).getAttribute('href')).toBe(`/rentals/${ID}/weeks/2/pay`);
    expect(within(box).queryByRole('button', { name: 'End the rental for non-payment' })).toBeNull();
  });

  it('lets the owner end the rental only when the server allows it, after a confirmation', async () => {
    let allowed = false;
    const { calls } = fakeApi({
      [`GET /api/rentals/${ID}/charges`]: () =>
        chargesOf(list, { 'may-end-for-non-payment': allowed, 'may-end-for-non-payment-at': allowed ? null : '2026-12-11T17:00:00.000Z' }),
      [`POST /api/rentals/${ID}/end-for-non-payment`]: () => ({ body: { data: { 'rental-id': ID, status: 'ended_nonpayment' } } }),
    });
    const early = await renderWithApp(<RentalCharges rentalId={ID} role="owner" />);
    expect(await screen.findByText(/you can end the rental for non-payment from December 11, 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'End the rental for non-payment' })).toBeNull();
    // The owner does not get the driver's pay links.
    expect(screen.queryByRole('link', { name: /Pay week/ })).toBeNull();
    early.unmount();

    allowed = true;
    await renderWithApp(<RentalCharges rentalId={ID} role="owner" />);
    fireEvent.click(await screen.findByRole('button', { name: 'End the rental for non-payment' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'End this rental for non-payment?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the rental' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'End the rental for non-payment' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End the rental' }));
    await waitFor(() => expect(calls).toContain(`POST /api/rentals/${ID}/end-for-non-payment`));
  });

  it("shows the owner's payouts: due and paid out", async () => {
    fakeApi({
      'GET /api/rentals/payouts': () => ({
        body: {
          data: {
            'due-cents': 45_000,
            'paid-cents': 90_000,
            payouts: [{ 'rental-id': ID, week: 1, 'amount-cents': 45_000, status: 'pending', 'paid-at': null }],
          },
        },
      }),
    });
    await renderWithApp(<OwnerPayouts />);
    expect((await screen.findByTestId('payouts-due')).textContent).toContain('$450.00');
    expect(screen.getByTestId('payouts-paid').textContent).toContain('$900.00');
  });

  it('offers the driver "Pay deposit and first week" on a rental waiting for its pick-up, and the charges once it is paid', async () => {
    fakeApi({
      'GET /api/rentals/mine': () =>
        mine(rental(), rental({ id: 'r2', status: 'active', pickup_paid_at: '2026-11-30T15:00:00.000Z', listing_title: 'Ford Escape' })),
    });
    await renderWithApp(<MyRentals renderMoney={(r) => <p data-testid="money">{r.id}</p>} ownerSummary={<p>payouts</p>} />);
    const link = await screen.findByRole('link', { name: 'Pay deposit and first week' });
    expect(link.getAttribute('href')).toBe(`/rentals/${ID}/pay`);
    expect(screen.getAllByTestId('money').map((m) => m.textContent)).toEqual(['r2']);
    // A driver only: no owner's summary.
    expect(screen.queryByText('payouts')).toBeNull();
  });
});
