// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { orderTotals, type CartItem } from '@medallion/contracts/shop';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CartCheckout } from '@/features/shop/components/cart-checkout';
import { i18n } from '@/lib/i18n';
import { formatUsd } from '@/lib/money';
import { fakeApi, renderWithApp } from './support/render';

const SHIPPING_CENTS = 700;

function item(id: string, title: string, priceCents: number, quantity: number): CartItem {
  return { id, product_id: `p-${id}`, title, price: priceCents / 100, price_cents: priceCents, quantity, status: 'ACTIVE', image: null, in_stock: true };
}

const usd = (cents: number) => formatUsd(cents / 100, 'en');
const totalOf = (lines: CartItem[]) =>
  usd(
    orderTotals(
      lines.map((l) => ({ priceCents: l.price_cents, quantity: l.quantity })),
      SHIPPING_CENTS,
    ).total,
  );

/** A cart on the fake server: GET answers what is in it, DELETE and PATCH change it. */
async function renderCart(items: CartItem[]) {
  let cart = [...items];
  const api = fakeApi({
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
  await renderWithApp(<CartCheckout renderPaymentMethods={() => <p>Cards</p>} />, { path: '/cart' });
  await screen.findByTestId('summary-total');
  return api;
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('CartCheckout', () => {
  const mug = item('a', 'Medallion mug', 1000, 2);
  const cap = item('b', 'Taxi cap', 500, 1);

  beforeEach(() => window.sessionStorage.clear());

  it('sums the items, tax and shipping', async () => {
    await renderCart([mug, cap]);
    expect(text('summary-subtotal')).toBe('$25.00');
    expect(text('summary-shipping')).toBe('$7.00');
    expect(text('summary-total')).toBe(totalOf([mug, cap]));
  });

  it('removing an item asks the server and updates the total', async () => {
    const api = await renderCart([mug, cap]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Medallion mug' }));
    await screen.findByText('$5.00', { selector: '[data-testid="summary-subtotal"]' });
    expect(text('summary-total')).toBe(totalOf([cap]));
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
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Full name' }).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('textbox', { name: 'ZIP code' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('a complete address clears its errors and leaves only the missing card', async () => {
    await renderCart([mug]);
    fireEvent.click(screen.getByRole('button', { name: 'Pay and Submit' }));
    const fill = (name: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    fill('Full name', 'Aziz Karimov');
    fill('Address line 1', '2150 Ocean Avenue');
    fill('City', 'Brooklyn');
    fill('State', 'NY');
    fill('ZIP code', '11229');
    await vi.waitFor(() => expect(screen.getByTestId('cart-errors').textContent).not.toContain(i18n.t('common:messages.shippingRequired')));
    expect(screen.getByTestId('cart-errors').textContent).toContain('Payment method not selected');
    expect(screen.getByRole('textbox', { name: 'ZIP code' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('an empty cart links to the shop', async () => {
    fakeApi({ 'GET /api/users/cart': () => ({ body: { data: { data: [], shipping_cents: SHIPPING_CENTS } } }) });
    await renderWithApp(<CartCheckout renderPaymentMethods={() => null} />, { path: '/cart' });
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
  });
});
