import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, AdminProduct } from '@medallion/contracts/admin-shop';
import { orderNumber, orderTotals, type CartItem, type Order, type Product } from '@medallion/contracts/shop';
import { mailOutbox, orders, products } from '@medallion/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createConfirmedUser, signedInStaff } from './helpers/auth';
import { ADDRESS, saveSandboxCard } from './helpers/payments';

async function photo(color: string, width = 800, height = 600, format: 'jpeg' | 'png' = 'jpeg'): Promise<string> {
  const img = sharp({ create: { width, height, channels: 3, background: color } });
  const buf = await (format === 'jpeg' ? img.jpeg() : img.png()).toBuffer();
  return `data:image/${format};base64,${buf.toString('base64')}`;
}

const PRODUCT = {
  title: 'Taxi roof light (LED)',
  description: 'A bright LED roof light with a magnetic base.',
  price_cents: 4_550,
  stock: 7,
  active: true,
  details: [
    { key: 'Power', data: '12 V socket' },
    { key: 'Mount', data: 'Magnetic' },
  ],
  retailer_url: 'https://www.example.com/roof-light',
  images: [] as string[],
  title_ru: 'Световой короб на крышу (LED)',
  description_ru: 'Яркий светодиодный короб на магнитном основании.',
  details_ru: [
    { key: 'Питание', data: 'Гнездо 12 В' },
    { key: 'Крепление', data: 'Магнитное' },
  ],
};

describe('staff: shop products and orders', async () => {
  // A loopback PUBLIC_URL: the exempt staff account (signedInStaff) needs no authenticator only there.
  const { app, config } = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: 'http://localhost:4310' });
  const { cookie: staff } = await signedInStaff(app, 'shopkeeper@example.com', 'Shopkeeper');
  const buyer = await createConfirmedUser(app, 'shipped-buyer@example.com', 'Secret123', 'Aziz Karimov');

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, cookie: string | undefined = staff) =>
    app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const create = (body: Record<string, unknown>) => call('POST', '/api/admin/products', body);
  const update = (id: string, body: Record<string, unknown>) => call('PUT', `/api/admin/products/${id}`, body);
  const shop = async () => (await app.inject({ method: 'GET', url: '/api/products' })).json().data.data as Product[];
  const adminProducts = async () => (await call('GET', '/api/admin/products')).json().data as AdminProduct[];
  const productFiles = (id: string) => {
    try {
      return readdirSync(join(config.DATA_DIR, 'media', 'products', id), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.webp'));
    } catch {
      return [];
    }
  };
  const shippedMails = async () =>
    (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'shipped-buyer@example.com'))).filter((m) => m.subject.startsWith('Your order No.'));

  /** The buyer pays for one of `product` with a sandbox 4242 card: a paid order. */
  async function paidOrder(product: Product, transactionId: string): Promise<string> {
    const cookie = buyer.cookie;
    await app.inject({ method: 'POST', url: '/api/users/cart', headers: { cookie }, payload: { 'product-id': product.product_id, quantity: 1 } });
    const cart = (await app.inject({ method: 'GET', url: '/api/users/cart', headers: { cookie } })).json().data as { data: CartItem[]; shipping_cents: number };
    const item = cart.data.find((i) => i.product_id === product.product_id)!;
    const card = await saveSandboxCard(app, cookie);
    const totals = orderTotals([{ priceCents: item.price_cents, quantity: item.quantity }], cart.shipping_cents);
    const paid = await app.inject({
      method: 'POST',
      url: '/api/payments/create-payment-intent',
      headers: { cookie },
      payload: { 'user-pm': card, 'payment-amount': totals.total, 'transaction-id': transactionId, 'cart-ids': item.id, 'delivery-address': ADDRESS },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [order] = await app.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, buyer.id), eq(orders.transactionId, transactionId)));
    expect(order!.status).toBe('paid');
    return order!.id;
  }

  it('is staff only: 401 without a session, 403 for a driver', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: Array<[Parameters<typeof call>[0], string, unknown]> = [
      ['GET', '/api/admin/products', undefined],
      ['POST', '/api/admin/products', PRODUCT],
      ['PUT', `/api/admin/products/${id}`, PRODUCT],
      ['PATCH', `/api/admin/products/${id}`, { active: false }],
      ['GET', '/api/admin/orders', undefined],
      ['POST', `/api/admin/orders/${id}/ship`, undefined],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, body, buyer.cookie)).statusCode, `${method} ${url}`).toBe(403);
      expect((await app.inject({ method, url, ...(body ? { payload: body as Record<string, unknown> } : {}) })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await app.db.select().from(products)).toEqual([]);
  });

  it('refuses bad product input with a clear 400 and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '   ' }, 'title', 'Enter the product title.'],
      [{ title: 'x'.repeat(121) }, 'title', 'The title can be at most 120 characters.'],
      [{ description: '' }, 'description', 'Enter a short description of the product.'],
      [{ price_cents: 0 }, 'price_cents', 'Enter a price from $0.01 to $10,000.00.'],
      [{ price_cents: -100 }, 'price_cents', 'Enter a price from $0.01 to $10,000.00.'],
      [{ price_cents: 12.5 }, 'price_cents', 'Enter a price from $0.01 to $10,000.00.'],
      [{ price_cents: '4550' }, 'price_cents', 'Enter a price from $0.01 to $10,000.00.'],
      [{ price_cents: 1_000_001 }, 'price_cents', 'Enter a price from $0.01 to $10,000.00.'],
      [{ stock: -1 }, 'stock', 'Enter a whole number in stock, from 0 to 100,000.'],
      [{ stock: 2.5 }, 'stock', 'Enter a whole number in stock, from 0 to 100,000.'],
      [{ stock: 100_001 }, 'stock', 'Enter a whole number in stock, from 0 to 100,000.'],
      [{ retailer_url: 'javascript:alert(1)' }, 'retailer_url', 'Enter a full web address starting with https://, or leave it empty.'],
      [{ retailer_url: 'http://localhost/admin' }, 'retailer_url', 'Enter a full web address starting with https://, or leave it empty.'],
      [{ details: [{ key: '', data: 'x' }] }, 'details.0.key', 'Enter a name of up to 60 characters.'],
      [{ details: [{ key: 'Fits', data: 'x'.repeat(301) }] }, 'details.0.data', 'Enter a value of up to 300 characters.'],
      [{ details: 'Fits: Camry' }, 'details', 'Each detail line needs a name (up to 60 characters) and a value (up to 300).'],
      [{ details: Array.from({ length: 21 }, (_, i) => ({ key: `k${i}`, data: 'v' })) }, 'details', 'A product can have at most 20 detail lines.'],
      [{ active: 'yes' }, 'active', 'Choose whether the product is on sale.'],
      [{ images: Array.from({ length: 10 }, () => 'a.webp') }, 'images', 'A product can have at most 9 pictures.'],
      [{ title_ru: '' }, 'title_ru', 'Enter the product title in Russian.'],
      [{ title_ru: undefined }, 'title_ru', 'Enter the product title in Russian.'],
      [{ title_ru: 42 }, 'title_ru', 'Enter the product title in Russian.'],
      [{ title_ru: 'ы'.repeat(121) }, 'title_ru', 'The title can be at most 120 characters.'],
      [{ title_ru: 'Короб\u0000' }, 'title_ru', 'This text contains invisible control characters. Please type it again.'],
      [{ description_ru: '  ' }, 'description_ru', 'Enter a short description of the product in Russian.'],
      [{ description_ru: 'ы'.repeat(2001) }, 'description_ru', 'The description can be at most 2000 characters.'],
      [
        {
          details_ru: [
            { key: 'Питание', data: 'x'.repeat(301) },
            { key: 'Крепление', data: 'Магнитное' },
          ],
        },
        'details_ru.0.data',
        'Enter a value of up to 300 characters.',
      ],
      [
        {
          details_ru: [
            { key: '', data: 'Гнездо 12 В' },
            { key: 'Крепление', data: 'Магнитное' },
          ],
        },
        'details_ru.0.key',
        'Enter a name of up to 60 characters.',
      ],
      [{ details_ru: [{ key: 'Питание', data: 'Гнездо 12 В' }] }, 'details_ru', 'Write every detail line in both English and Russian.'],
      [{ details_ru: undefined }, 'details_ru', 'Write every detail line in both English and Russian.'],
      [{ details_ru: 'Питание: 12 В' }, 'details_ru', 'Each detail line needs a name (up to 60 characters) and a value (up to 300).'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await create({ ...PRODUCT, ...patch });
      expect(res.statusCode, JSON.stringify(patch).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(res.json().fields[field].message, field).toBe(message);
    }
    const good = await photo('#123456');
    const pictures: Array<[string[], RegExp]> = [
      [[good, `data:image/jpeg;base64,${Buffer.from('#!/bin/sh\necho hi\n').toString('base64')}`], /not a picture/],
      [[good, `data:text/html;base64,${Buffer.from('<b>hi</b>').toString('base64')}`], /Only pictures/],
      [[good, `data:image/jpeg;base64,${Buffer.alloc(11 * 1024 * 1024, 1).toString('base64')}`], /at most 10 MB/],
      [[good, 'someone-elses-file.webp'], /does not belong/],
    ];
    for (const [images, message] of pictures) {
      const res = await create({ ...PRODUCT, images });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields['images.1'].message).toMatch(message);
    }
    const broken = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { cookie: staff, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(broken.statusCode).toBe(400);
    expect(await app.db.select().from(products)).toEqual([]);
    expect(
      readdirSync(join(config.DATA_DIR, 'media'), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.webp')),
    ).toEqual([]);
  });

  it('creates a product with pictures stored under products/{id}/ and served; it is in the shop', async () => {
    const res = await create({
      ...PRODUCT,
      title: '  Taxi roof light (LED)  ',
      images: [await photo('#c00', 2400, 1800), await photo('#0c0', 300, 200, 'png')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as AdminProduct;
    expect(created).toMatchObject({
      title: 'Taxi roof light (LED)',
      price: 45.5,
      price_cents: 4550,
      stock: 7,
      active: true,
      in_stock: true,
      details: PRODUCT.details,
    });
    expect(created.image_names).toHaveLength(2);
    expect(created.images).toEqual(created.image_names.map((n) => `/media/products/${created.product_id}/${n}`));
    expect(productFiles(created.product_id)).toHaveLength(2);

    const served = await app.inject({ method: 'GET', url: created.images[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/image\/webp/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    const small = await sharp(join(config.DATA_DIR, 'media', 'products', created.product_id, created.image_names[1]!)).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 300, height: 200 });

    const inShop = (await shop()).find((p) => p.product_id === created.product_id);
    expect(inShop).toMatchObject({ title: 'Taxi roof light (LED)', price_cents: 4550, images: created.images, retailer_url: PRODUCT.retailer_url });
    expect((await adminProducts())[0]!.product_id).toBe(created.product_id);
  });

  it('edits fields and pictures (reorder, add, remove; removed files are deleted); unknown ids are 404', async () => {
    const [product] = await adminProducts();
    const [a, b] = product!.image_names;
    const res = await update(product!.product_id, {
      ...PRODUCT,
      title: 'Roof light, LED',
      price_cents: 3_999,
      stock: 0,
      details: [{ key: 'Power', data: '12 V' }],
      details_ru: [{ key: 'Питание', data: '12 В' }],
      retailer_url: '',
      images: [b, await photo('#00c')],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().data as AdminProduct;
    expect(edited).toMatchObject({
      title: 'Roof light, LED',
      price_cents: 3999,
      stock: 0,
      in_stock: false,
      retailer_url: null,
      details: [{ key: 'Power', data: '12 V' }],
    });
    expect(edited.image_names[0]).toBe(b);
    expect(edited.image_names).not.toContain(a);
    expect(productFiles(product!.product_id)).toHaveLength(2);
    expect(productFiles(product!.product_id).some((f) => f.includes(a!))).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/media/products/${product!.product_id}/${a}` })).statusCode).toBe(404);

    // A failed save (one bad picture) changes nothing.
    const bad = await update(product!.product_id, { ...PRODUCT, images: [b, 'data:image/png;base64,AAAA'] });
    expect(bad.statusCode).toBe(400);
    expect((await adminProducts())[0]).toMatchObject({ title: 'Roof light, LED', image_names: edited.image_names });
    expect(productFiles(product!.product_id)).toHaveLength(2);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-product', '..%2F..%2Fetc']) {
      const put = await update(id, PRODUCT);
      expect(put.statusCode, id).toBe(404);
      expect(put.json().message).toBe('This product does not exist or is no longer sold.');
      expect((await call('PATCH', `/api/admin/products/${id}`, { active: false })).statusCode, id).toBe(404);
    }
    expect((await call('PATCH', `/api/admin/products/${product!.product_id}`, { active: 'no' })).statusCode).toBe(400);
  });

  it('deactivates a product: gone from the public shop and carts cannot add it; reactivates it', async () => {
    const [product] = await adminProducts();
    await update(product!.product_id, { ...PRODUCT, images: product!.image_names });
    const off = await call('PATCH', `/api/admin/products/${product!.product_id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await shop()).some((p) => p.product_id === product!.product_id)).toBe(false);
    expect((await adminProducts()).find((p) => p.product_id === product!.product_id)?.active).toBe(false);
    const add = await app.inject({
      method: 'POST',
      url: '/api/users/cart',
      headers: { cookie: buyer.cookie },
      payload: { 'product-id': product!.product_id, quantity: 1 },
    });
    expect(add.statusCode).toBe(404);

    const on = await call('PATCH', `/api/admin/products/${product!.product_id}`, { active: true });
    expect(on.json().data.active).toBe(true);
    expect((await shop()).some((p) => p.product_id === product!.product_id)).toBe(true);
  });

  it('lists orders newest first with the customer; ships a paid order once, with exactly one e-mail', async () => {
    const product = (await shop())[0]!;
    const first = await paidOrder(product, 'admin-ship-0001');
    const second = await paidOrder(product, 'admin-ship-0002');

    const list = await call('GET', '/api/admin/orders');
    expect(list.statusCode, list.body).toBe(200);
    const all = list.json().data as AdminOrder[];
    expect(all.map((o) => o.order_id)).toEqual([second, first]);
    expect(all[0]).toMatchObject({
      status: 'paid',
      customer: { id: buyer.id, name: 'Aziz Karimov', email: 'shipped-buyer@example.com' },
      items: [{ title: product.title, price_cents: product.price_cents, quantity: 1 }],
      delivery_address: ADDRESS,
      shipped_at: null,
    });
    expect(all[0]!.total_cents).toBe(orderTotals([{ priceCents: product.price_cents, quantity: 1 }], 499).total);
    expect((await call('GET', '/api/admin/orders?status=shipped')).json().data).toEqual([]);
    const badFilter = await call('GET', '/api/admin/orders?status=lost');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toBe('Choose pending, paid, failed or shipped.');

    const shipped = await call('POST', `/api/admin/orders/${first}/ship`);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data).toMatchObject({ order_id: first, status: 'shipped', emailed: true });
    expect(Date.parse(shipped.json().data.shipped_at)).toBeGreaterThan(Date.now() - 60_000);

    const again = await call('POST', `/api/admin/orders/${first}/ship`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'shipped', emailed: false, shipped_at: shipped.json().data.shipped_at });

    const mails = await shippedMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your order No. ${orderNumber(first)} has shipped / Ваш заказ № ${orderNumber(first)} отправлен`);
    expect(mails[0]!.text).toContain(`Order No. ${orderNumber(first)}`);
    expect(mails[0]!.text).toContain(`1 × ${product.title}`);
    expect(mails[0]!.text).toContain('123 Main St');
    expect(mails[0]!.text).toContain('Brooklyn, NY 11201');
    expect(mails[0]!.text).toContain('http://localhost:4310/dashboard?tab=orders');
    expect(mails[0]!.text).toContain('Ваш заказ');

    // Two staff members press Mark shipped at the same moment: one change, one e-mail.
    const both = await Promise.all([call('POST', `/api/admin/orders/${second}/ship`), call('POST', `/api/admin/orders/${second}/ship`)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().data.emailed).sort()).toEqual([false, true]);
    expect(await shippedMails()).toHaveLength(2);

    const mine = (await app.inject({ method: 'GET', url: '/api/users/orders', headers: { cookie: buyer.cookie } })).json().data.data as Order[];
    expect(mine.map((o) => o.status)).toEqual(['shipped', 'shipped']);
    expect((await call('GET', '/api/admin/orders?status=shipped')).json().data).toHaveLength(2);
    expect((await call('GET', '/api/admin/orders?status=paid')).json().data).toEqual([]);
  });

  it('cannot ship an order that is not paid; unknown orders are 404', async () => {
    for (const status of ['pending', 'failed'] as const) {
      const [row] = await app.db
        .insert(orders)
        .values({
          userId: buyer.id,
          transactionId: `admin-${status}-0001`,
          status,
          subtotalCents: 1000,
          taxCents: 89,
          shippingCents: 499,
          totalCents: 1588,
          fullName: ADDRESS.full_name,
          addressOne: ADDRESS.address_one,
          addressCity: ADDRESS.address_city,
          addressState: ADDRESS.address_state,
          addressZip: ADDRESS.address_zip,
        })
        .returning();
      const res = await call('POST', `/api/admin/orders/${row!.id}/ship`);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe('Only paid orders can be shipped. This order is not paid.');
      expect((await app.db.select().from(orders).where(eq(orders.id, row!.id)))[0]).toMatchObject({ status, shippedAt: null });
    }
    expect(await shippedMails()).toHaveLength(2);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await call('POST', `/api/admin/orders/${id}/ship`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('This order does not exist.');
    }
    expect((await call('GET', '/api/admin/orders?status=pending')).json().data.map((o: AdminOrder) => o.status)).toEqual(['pending']);
  });
  it('saves and answers both languages: staff read and write them, the shop, the cart and orders carry the Russian', async () => {
    const res = await create({ ...PRODUCT, title: 'Bilingual seat cushion', title_ru: '  Подушка на сиденье  ' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as AdminProduct;
    expect(created).toMatchObject({
      title: 'Bilingual seat cushion',
      title_ru: 'Подушка на сиденье',
      description_ru: PRODUCT.description_ru,
      details: PRODUCT.details,
      details_ru: PRODUCT.details_ru,
    });
    expect((await adminProducts()).find((p) => p.product_id === created.product_id)).toMatchObject({ title_ru: 'Подушка на сиденье' });
    expect((await shop()).find((p) => p.product_id === created.product_id)).toMatchObject({
      title: 'Bilingual seat cushion',
      title_ru: 'Подушка на сиденье',
      description: PRODUCT.description,
      description_ru: PRODUCT.description_ru,
      details_ru: PRODUCT.details_ru,
    });
    // The public answer is the same in every language (one cacheable answer; the web shows the reader's).
    const inRussian = await app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-language': 'ru' } });
    expect(inRussian.json().data.data).toEqual(await shop());

    // A refused save (the Russian is missing) changes nothing; its problem names the field by key.
    const missing = await update(created.product_id, { ...PRODUCT, title: 'Changed', title_ru: '', description_ru: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.title_ru).toMatchObject({ key: 'productTitleRuRequired', message: 'Enter the product title in Russian.' });
    expect(missing.json().fields.description_ru).toMatchObject({ key: 'productDescriptionRuRequired' });
    const unequal = await update(created.product_id, { ...PRODUCT, details_ru: [] });
    expect(unequal.statusCode).toBe(400);
    expect(unequal.json().fields.details_ru).toMatchObject({ key: 'productDetailsRuCount' });
    expect((await adminProducts()).find((p) => p.product_id === created.product_id)).toMatchObject({
      title: 'Bilingual seat cushion',
      title_ru: 'Подушка на сиденье',
    });

    // A driver cannot write either language: 403 and nothing changes.
    for (const body of [
      { ...PRODUCT, title_ru: 'Чужая правка' },
      { ...PRODUCT, title: 'Foreign edit' },
    ]) {
      expect((await call('PUT', `/api/admin/products/${created.product_id}`, body, buyer.cookie)).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/products', body, buyer.cookie)).statusCode).toBe(403);
    }
    expect((await adminProducts()).find((p) => p.product_id === created.product_id)).toMatchObject({
      title: 'Bilingual seat cushion',
      title_ru: 'Подушка на сиденье',
    });

    const edited = await update(created.product_id, { ...PRODUCT, title: 'Bilingual seat cushion', title_ru: 'Подушка на водительское сиденье' });
    expect(edited.statusCode, edited.body).toBe(200);
    const product = (await shop()).find((p) => p.product_id === created.product_id)!;
    expect(product.title_ru).toBe('Подушка на водительское сиденье');

    const orderId = await paidOrder(product, 'admin-ru-0001');
    const confirmation = (await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'shipped-buyer@example.com'))).find(
      (m) => m.subject.startsWith('Order confirmation') && m.text.includes(`Order No. ${orderNumber(orderId)}`),
    );
    const [english, russian] = confirmation!.text.split('---');
    expect(english).toContain('1 × Bilingual seat cushion');
    expect(russian).toContain('1 × Подушка на водительское сиденье');
    const mine = (await app.inject({ method: 'GET', url: '/api/users/orders', headers: { cookie: buyer.cookie } })).json().data.data as Order[];
    expect(mine.find((o) => o.order_id === orderId)!.items).toEqual([
      { title: 'Bilingual seat cushion', title_ru: 'Подушка на водительское сиденье', price_cents: product.price_cents, quantity: 1 },
    ]);
    // The line keeps the English it was bought with; the Russian is the product's now.
    await update(created.product_id, { ...PRODUCT, title: 'Seat cushion, renamed', title_ru: 'Подушка, новое название' });
    const later = (await call('GET', '/api/admin/orders')).json().data as AdminOrder[];
    expect(later.find((o) => o.order_id === orderId)!.items[0]).toMatchObject({ title: 'Bilingual seat cushion', title_ru: 'Подушка, новое название' });

    // The cart answers the Russian title too.
    await app.inject({ method: 'POST', url: '/api/users/cart', headers: { cookie: buyer.cookie }, payload: { 'product-id': product.product_id, quantity: 1 } });
    const cart = (await app.inject({ method: 'GET', url: '/api/users/cart', headers: { cookie: buyer.cookie } })).json().data.data as CartItem[];
    expect(cart.find((i) => i.product_id === product.product_id)).toMatchObject({ title: 'Seat cushion, renamed', title_ru: 'Подушка, новое название' });
  });
});
