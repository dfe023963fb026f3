// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type CartItem, type Order } from '@medallion/contracts/shop';
import { beforeEach, describe, expect, it } from 'vitest';
import { CartCheckout } from '@/features/shop/components/cart-checkout';
import { i18n } from '@/lib/i18n';
import { fakeApi, renderWithApp } from './support/render';

const SHIPPING_CENTS = 700;

function item(id: string, title: string, priceCents: number, quantity: number, titleRu = ''): CartItem {
  return {
    id,
    product_id: `p-${id}`,
    title,
    title_ru: titleRu,
    price: priceCents / 100,
    price_cents: priceCents,
    quantity,
    status: 'ACTIVE',
    image: null,
    in_stock: true,
  };
}

/** A cart on the fake server: GET answers what is in it, DELETE and PATCH change it. */
async function renderCart(items: CartItem[], { orders = [] as Order[], cards = [] as string[], defaultCard = null as string | null } = {}) {
  let cart = [...items];
  const api = fakeApi({
    'GET /api/users/orders': () => ({ body: { data: { data: orders } } }),
    'GET /api/payments/payment-methods': () => ({
      body: { data: cards.map((id) => ({ id, brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 })), default_id: defaultCard },
    }),
    'GET /api/users/cart': () => ({ body: { data: { data: cart, shipping_cents: SHIPPING_CENTS } } }),
    'DELETE /api/users/cart': ({ url }) => {
      cart = cart.filter((i) => i.id !== url.searchParams.get('cart-product-id'));
      return { status: 204 };
    },
    'PATCH /api/users/cart': ({ body }) => {
      const { 'cart-product-id': id, quantity } = body as { 'cart-product-id': string; quantity: number };
      cart = cart.map((i) => (i.id === id ? { ...i, quantity } : i));
      return { body: { data: cart.find((i) => i.id === id) } };
    },
  });
  await renderWithApp(<CartCheckout renderPaymentMethods={(selected) => <p data-testid="chosen-card">{selected ?? 'none'}</p>} />, { path: '/cart' });
  await screen.findByTestId('summary-total');
  return api;
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('CartCheckout', () => {
  // Its Russian title is for Russian readers: in English the cart names it in English.
  const mug = item('a', 'Medallion mug', 1000, 2, 'Кружка Medallion');
  const cap = item('b', 'Taxi cap', 500, 1);

  beforeEach(() => window.sessionStorage.clear());

  it('sums the items, tax and shipping', async () => {
    await renderCart([mug, cap]);
    expect(text('summary-subtotal')).toBe('$25.00');
    // Literal: 8.875 % of $25.00 is $2.22 (a changed rate must fail here).
    screen.getByText('Tax (8.875%)');
    expect(text('summary-tax')).toBe('$2.22');
    expect(text('summary-shipping')).toBe('$7.00');
    expect(text('summary-total')).toBe('$34.22');
  });

  it('removing an item asks the server and updates the total', async () => {
    const api = await renderCart([mug, cap]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Medallion mug' }));
    await screen.findByText('$5.00', { selector: '[data-testid="summary-subtotal"]' });
    // $5.00 + tax $0.44 + shipping $7.00.
    expect(text('summary-total')).toBe('$12.44');
    expect(screen.getAllByTestId('cart-item').map((li) => li.dataset.title)).toEqual(['Taxi cap']);
    expect(api.calls).toContain('DELETE /api/users/cart?cart-product-id=a');
  });

  it('one more of an item raises the subtotal', async () => {
    await renderCart([mug, cap]);
    fireEvent.click(screen.getByRole('button', { name: 'One more Taxi cap' }));
    await screen.findByText('$30.00', { selector: '[data-testid="summary-subtotal"]' });
  });

  it('an unticked item leaves the order without a call to the server', async () => {
    const api = await renderCart([mug, cap]);
    const before = api.calls.length;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include Medallion mug in this order' }));
    expect(text('summary-subtotal')).toBe('$5.00');
    expect(api.calls.length).toBe(before);
  });

  it('paying without an address or a card lists what is missing', async () => {
    await renderCart([mug]);
    fireEvent.click(screen.getByRole('button', { name: 'Pay and Submit' }));
    const errors = screen.getByTestId('cart-errors');
    expect(errors.textContent).toContain('Payment method not selected');
    expect(errors.textContent).toContain(i18n.t('common:messages.shippingRequired'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Full name' }).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('textbox', { name: 'ZIP code' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('a complete address clears its errors and leaves only the missing card', async () => {
    await renderCart([mug]);
    fireEvent.click(screen.getByRole('button', { name: 'Pay and Submit' }));
    const fill = (name: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    fill('Full name', 'Aziz Karimov');
    fill('Address line 1', '2150 Ocean Avenue');
    fill('City', 'Brooklyn');
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'NY' } });
    fill('ZIP code', '11229');
    await waitFor(() => expect(screen.getByTestId('cart-errors').textContent).not.toContain(i18n.t('common:messages.shippingRequired')));
    expect(screen.getByTestId('cart-errors').textContent).toContain('Payment method not selected');
    expect(screen.getByRole('textbox', { name: 'ZIP code' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('shows each address problem once: under its field, and the general message once in the list', async () => {
    await renderCart([mug]);
    fireEvent.click(screen.getByRole('button', { name: 'Pay and Submit' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'City' }).getAttribute('aria-invalid')).toBe('true'));
    const body = document.body.textContent ?? '';
    const count = (text: string) => body.split(text).length - 1;
    expect(count(i18n.t('common:messages.shippingRequired'))).toBe(1);
    expect(count('Enter the city.')).toBe(1);
    expect(count('Enter the street address.')).toBe(1);
    expect(count('Choose a US state from the list.')).toBe(1);
    expect(count('Enter a 5-digit ZIP code.')).toBe(1);
  });

  it('the state is a list of the 50 states and DC by name, valued by code', async () => {
    await renderCart([mug]);
    const state = screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
    const options = Array.from(state.options).filter((o) => o.value !== '');
    expect(options).toHaveLength(51);
    expect(options.find((o) => o.value === 'NY')?.textContent).toBe('New York');
    expect(options.find((o) => o.value === 'DC')?.textContent).toBe('District of Columbia');
  });

  it("fills the shipping form from the last order's address", async () => {
    const last = {
      full_name: 'Aziz Karimov',
      address_one: '2150 Ocean Avenue',
      address_two: 'Apt 4',
      address_city: 'Brooklyn',
      address_state: 'NY',
      address_zip: '11229',
    };
    const older = { ...last, full_name: 'Someone Else', address_state: 'New Jersey' };
    const order = (address: typeof last) => ({ delivery_address: address }) as unknown as Order;
    await renderCart([mug], { orders: [order(last), order(older)] });
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Full name' }) as HTMLInputElement).value).toBe('Aziz Karimov'));
    expect((screen.getByRole('textbox', { name: 'Address line 2 (optional)' }) as HTMLInputElement).value).toBe('Apt 4');
    expect((screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement).value).toBe('NY');
    expect((screen.getByRole('textbox', { name: 'ZIP code' }) as HTMLInputElement).value).toBe('11229');
  });

  it('pays with the card the server names as the default, without picking', async () => {
    await renderCart([mug], { cards: ['pm_a', 'pm_b'], defaultCard: 'pm_b' });
    await waitFor(() => expect(text('chosen-card')).toBe('pm_b'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay and Submit' }));
    expect(screen.getByTestId('cart-errors').textContent).not.toContain('Payment method not selected');
  });

  it('an empty cart links to the shop', async () => {
    fakeApi({ 'GET /api/users/cart': () => ({ body: { data: { data: [], shipping_cents: SHIPPING_CENTS } } }) });
    await renderWithApp(<CartCheckout renderPaymentMethods={() => null} />, { path: '/cart' });
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
  });
});
