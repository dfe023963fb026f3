import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addToCartRequestSchema,
  cartItemResponseSchema,
  cartResponseSchema,
  deleteCartItemResponseSchema,
  deleteCartQuerySchema,
  orderResponseSchema,
  ordersResponseSchema,
  productsResponseSchema,
  recordTransactionRequestSchema,
  updateCartRequestSchema,
} from '@medallion/contracts/shop';
import { errorResponses as errors } from '../../lib/route-options';
import { requireUser } from '../../plugins/auth';
import { addToCart, listCart, removeCartItem, updateCartItem } from './cart';
import { listOrders, recordTransaction } from './orders';
import { listProducts } from './list-products';

/** Shop, cart and orders. The cart lives on the server; every price comes from the server. */
export async function shopRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shop'];

  r.get('/products', { schema: { tags, summary: 'Active products', response: { 200: productsResponseSchema, ...errors } } }, async () => ({
    data: { data: await listProducts(app.db, app.storage) },
  }));

  r.get(
    '/users/cart',
    { onRequest: requireUser, schema: { tags, summary: "The user's cart (ACTIVE items)", response: { 200: cartResponseSchema, ...errors } } },
    async (req) => ({ data: { data: await listCart(app.db, app.storage, req.user.id), shipping_cents: app.config.SHOP_SHIPPING_CENTS } }),
  );
  r.post(
    '/users/cart',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'Add a product to the cart', body: addToCartRequestSchema, response: { 200: cartItemResponseSchema, ...errors } },
    },
    async (req) => ({
      data: await addToCart(app.db, app.storage, req.user.id, { productId: req.body['product-id'], quantity: req.body.quantity, price: req.body.price }),
    }),
  );
  r.patch(
    '/users/cart',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'Change the quantity of a cart item', body: updateCartRequestSchema, response: { 200: cartItemResponseSchema, ...errors } },
    },
    async (req) => ({
      data: await updateCartItem(app.db, app.storage, req.user.id, { id: req.body['cart-product-id'], quantity: req.body.quantity, status: req.body.status }),
    }),
  );
  r.delete(
    '/users/cart',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Remove a cart item',
        querystring: deleteCartQuerySchema,
        response: { 200: deleteCartItemResponseSchema, ...errors },
      },
    },
    async (req) => {
      await removeCartItem(app.db, req.user.id, req.query['cart-product-id']);
      return { data: { removed: true as const } };
    },
  );

  r.post(
    '/users/transactions',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The order of a paid checkout (idempotent)',
        body: recordTransactionRequestSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (req) => ({ data: await recordTransaction(app.db, req.user.id, req.body['transaction-id'], req.body['cart-ids']) }),
  );
  r.get(
    '/users/orders',
    { onRequest: requireUser, schema: { tags, summary: "The user's orders, newest first", response: { 200: ordersResponseSchema, ...errors } } },
    async (req) => ({ data: { data: await listOrders(app.db, req.user.id) } }),
  );
}
