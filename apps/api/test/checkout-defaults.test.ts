import { describe, expect, it } from 'vitest';
import { orderTotals, type CartItem, type Product } from '@medallion/contracts/shop';
import { US_STATE_CODES } from '@medallion/contracts/us-states';
import { runSeed } from '@medallion/db/seed';
import { demoProductsSeedStep } from '@medallion/demo';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser } from './helpers/auth';
import { ADDRESS, saveSandboxCard } from './helpers/payments';

/** The card all three checkouts preselect, and the shipping address's US state. */
describe('checkout defaults', async () => {
  const { app } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
  await runSeed(app.db, [demoProductsSeedStep]);
  const me = await createConfirmedUser(app, 'default-card@example.com');
  const other = await createConfirmedUser(app, 'default-card-other@example.com');
  const catalogue = (await app.inject({ method: 'GET', url: '/api/products' })).json().data.data as Product[];

  const methods = async (cookie: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/payments/payment-methods', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: { id: string; last4: string }[]; default_id: string | null };
  };
  const pay = (cookie: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/payments/create-payment-intent', headers: { cookie }, payload: body });
  let tx = 0;
  const payExam = (cookie: string, card: string) =>
    pay(cookie, { 'user-pm': card, 'payment-amount': 2000, 'transaction-type': 'exam', 'transaction-id': `tx-default-exam-${++tx}` });
  /** Puts one product in the cart and pays for it with the card; answers the payment's response. */
  async function payCart(cookie: string, card: string, address: Record<string, unknown> = ADDRESS) {
    const product = catalogue.find((p) => p.in_stock)!;
    await app.inject({
      method: 'POST',
      url: '/api/users/cart',
      headers: { cookie },
      payload: { 'product-id': product.product_id, quantity: 1, price: product.price },
    });
    const items = (await app.inject({ method: 'GET', url: '/api/users/cart', headers: { cookie } })).json().data.data as CartItem[];
    const item = items.find((i) => i.status === 'ACTIVE')!;
    const totals = orderTotals([{ priceCents: item.price_cents, quantity: item.quantity }], 499);
    return pay(cookie, {
      'user-pm': card,
      'payment-amount': totals.total,
      'transaction-id': `tx-default-cart-${++tx}`,
      'cart-ids': item.id,
      'delivery-address': address,
    });
  }

  it('has no default without cards, and the only card is the default', async () => {
    expect(await methods(me.cookie)).toEqual({ data: [], default_id: null });
    const only = await saveSandboxCard(app, me.cookie);
    expect((await methods(me.cookie)).default_id).toBe(only);
  });

  it('with several cards, the card of the most recent successful payment, whatever it bought', async () => {
    const [first] = (await methods(me.cookie)).data;
    const second = await saveSandboxCard(app, me.cookie, '5555555555554444');
    // Two cards and no payment yet: none is chosen for the user.
    expect((await methods(me.cookie)).default_id).toBeNull();

    expect((await payExam(me.cookie, second)).statusCode).toBe(200);
    expect((await methods(me.cookie)).default_id).toBe(second);

    const cart = await payCart(me.cookie, first!.id);
    expect(cart.statusCode, cart.body).toBe(200);
    expect((await methods(me.cookie)).default_id).toBe(first!.id);

    expect((await payExam(me.cookie, second)).statusCode).toBe(200);
    expect((await methods(me.cookie)).default_id).toBe(second);
  });

  it('a declined payment does not make its card the default', async () => {
    const before = (await methods(me.cookie)).default_id;
    const poor = await saveSandboxCard(app, me.cookie, '4000000000009995');
    const declined = await payExam(me.cookie, poor);
    expect(declined.statusCode).toBe(402);
    expect((await methods(me.cookie)).default_id).toBe(before);
  });

  it("never names another user's card, even after that user tried to pay with it", async () => {
    const mine = (await methods(me.cookie)).default_id!;
    expect((await methods(other.cookie)).default_id).toBeNull();
    expect((await payExam(other.cookie, mine)).statusCode).toBe(404);
    expect(await methods(other.cookie)).toEqual({ data: [], default_id: null });

    const theirs = await saveSandboxCard(app, other.cookie);
    const answer = await methods(other.cookie);
    expect(answer.default_id).toBe(theirs);
    expect(answer.data.map((c) => c.id)).not.toContain(mine);
    expect((await methods(me.cookie)).default_id).toBe(mine);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/payments/payment-methods' })).statusCode).toBe(401);
  });

  describe('the shipping address names a US state', () => {
    it('lists the 50 states and DC', () => {
      expect(US_STATE_CODES).toHaveLength(51);
      expect(US_STATE_CODES).toContain('DC');
      expect(US_STATE_CODES).toContain('NY');
    });

    it.each([['ZZ'], ['New York'], ['PR'], [''], ['N'], ['x'.repeat(5000)], ['NY\u0000'], [42], [null]])(
      'refuses the state %j with 400 and its key',
      async (state) => {
        const card = (await methods(other.cookie)).default_id!;
        const res = await payCart(other.cookie, card, { ...ADDRESS, address_state: state });
        expect(res.statusCode, res.body).toBe(400);
        const field = res.json().fields['delivery-address.address_state'];
        expect(field.key).toBe(state === 'NY\u0000' ? 'textControlCharacters' : 'shippingStateInvalid');
        if (field.key === 'shippingStateInvalid') expect(field.message).toBe('Choose a US state from the list.');
      },
    );

    it('refuses it when the order is recorded too', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/transactions',
        headers: { cookie: other.cookie },
        payload: {
          'transaction-id': 'tx-default-state-1',
          'cart-ids': '00000000-0000-4000-8000-000000000000',
          'delivery-address': { ...ADDRESS, address_state: 'XX' },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields['delivery-address.address_state'].key).toBe('shippingStateInvalid');
    });

    it('takes a code in any case and stores it in capitals; each empty field has its own message', async () => {
      const card = (await methods(other.cookie)).default_id!;
      const res = await payCart(other.cookie, card, { ...ADDRESS, address_state: ' dc ' });
      expect(res.statusCode, res.body).toBe(200);
      const orders = (await app.inject({ method: 'GET', url: '/api/users/orders', headers: { cookie: other.cookie } })).json().data.data;
      expect(orders[0].delivery_address.address_state).toBe('DC');

      const empty = await payCart(other.cookie, card, { full_name: '', address_one: '', address_city: '', address_state: '', address_zip: '' });
      expect(empty.statusCode).toBe(400);
      const keys = Object.fromEntries(Object.entries(empty.json().fields as Record<string, { key: string }>).map(([path, f]) => [path, f.key]));
      expect(keys).toEqual({
        'delivery-address.full_name': 'shippingNameRequired',
        'delivery-address.address_one': 'shippingAddressRequired',
        'delivery-address.address_city': 'shippingCityRequired',
        'delivery-address.address_state': 'shippingStateInvalid',
        'delivery-address.address_zip': 'shippingZipInvalid',
      });
    });
  });
});
