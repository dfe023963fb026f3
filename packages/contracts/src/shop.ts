import { z } from 'zod';
import { text } from './text';
import { isUsStateCode } from './us-states';
import { taxCents } from './payment-constants';

/** Tax is TAX_RATE_PERCENT of the subtotal (payment-constants.ts, shared with the listing fee); default shipping $4.99 (the server's config decides). */
export { TAX_RATE_PERCENT } from './payment-constants';
export const DEFAULT_SHIPPING_CENTS = 499;
export const MAX_CART_QUANTITY = 99;
export const CART_ITEM_COMPLETED = 'COMPLEATED' as const; // the spec's spelling, kept on the wire

/** The order totals in cents from the selected items (the server's numbers; the web shows the same). */
export function orderTotals(lines: Array<{ priceCents: number; quantity: number }>, shippingCents: number) {
  const subtotal = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  const tax = taxCents(subtotal);
  return { subtotal, tax, shipping: shippingCents, total: subtotal + tax + shippingCents };
}

/**
 * The order number a customer and staff both read ("D0BEFC1C"): the first 8 hex digits of the order's
 * id, upper-cased. The one place it is made: the success screen, the Orders tab, the confirmation
 * e-mail and the staff console all call it.
 */
export function orderNumber(orderId: string): string {
  return orderId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

const detailLinesSchema = z.array(z.object({ key: z.string(), data: z.string() }));

/**
 * A product of the shop in both languages (the web shows the reader's; see product-text.ts): the
 * English texts, and the Russian ones (`title_ru`, `description_ru`, `details_ru` in the order of
 * `details`), where an empty text means "not translated: show the English".
 */
export const productSchema = z.object({
  product_id: z.string(),
  title: z.string(),
  description: z.string(),
  title_ru: z.string(),
  description_ru: z.string(),
  /** Dollars, 2 decimals. */
  price: z.number(),
  price_cents: z.number().int(),
  images: z.array(z.string()),
  details: detailLinesSchema,
  details_ru: detailLinesSchema,
  retailer_url: z.string().nullable(),
  in_stock: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;
export const productsResponseSchema = z.object({ data: z.object({ data: z.array(productSchema) }) });
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

export const cartItemSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  title: z.string(),
  /** The product's Russian title ('' when it has none: show `title`). */
  title_ru: z.string(),
  price: z.number(),
  price_cents: z.number().int(),
  quantity: z.number().int(),
  status: z.enum(['ACTIVE', CART_ITEM_COMPLETED]),
  image: z.string().nullable(),
  in_stock: z.boolean(),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartResponseSchema = z.object({ data: z.object({ data: z.array(cartItemSchema), shipping_cents: z.number().int() }) });
export type CartResponse = z.infer<typeof cartResponseSchema>;

const quantity = z.coerce
  .number({ error: 'cartQuantityInvalid' })
  .int('cartQuantityInvalid')
  .min(1, 'cartQuantityInvalid')
  .max(MAX_CART_QUANTITY, 'cartQuantityInvalid');

/** POST /users/cart: adds (or adds to) a product; a client price that is not the current one is refused. */
export const addToCartRequestSchema = z.object({
  'product-id': z.string().uuid('productNotFound'),
  quantity: quantity.default(1),
  price: z.coerce.number().optional(),
});
/** PATCH /users/cart: a new quantity, or (spec) status COMPLEATED, which only the checkout sets. */
export const updateCartRequestSchema = z.object({
  'cart-product-id': z.string().uuid('cartItemNotFound'),
  quantity: quantity.optional(),
  status: z.literal(CART_ITEM_COMPLETED).optional(),
});
/** DELETE /users/cart?cart-product-id=: the item leaves the cart. */
export const deleteCartQuerySchema = z.object({ 'cart-product-id': z.string().uuid('cartItemNotFound') });
export const deleteCartItemResponseSchema = z.object({ data: z.object({ removed: z.literal(true) }) });
export type DeleteCartItemResponse = z.infer<typeof deleteCartItemResponseSchema>;
export const cartItemResponseSchema = z.object({ data: cartItemSchema });
export type CartItemResponse = z.infer<typeof cartItemResponseSchema>;

/**
 * A shipping address in the US. Each field has its own message (shown under it); the checkout's list
 * says "Please fill out Shipping Details" once. The state is one of US_STATES by its 2-letter code.
 */
export const deliveryAddressSchema = z.object(
  {
    full_name: text({ error: 'shippingNameRequired' }).trim().min(1, 'shippingNameRequired').max(100, 'shippingFieldTooLong'),
    address_one: text({ error: 'shippingAddressRequired' }).trim().min(1, 'shippingAddressRequired').max(200, 'shippingFieldTooLong'),
    address_two: text({ error: 'shippingFieldTooLong' }).trim().max(200, 'shippingFieldTooLong').optional().default(''),
    address_city: text({ error: 'shippingCityRequired' }).trim().min(1, 'shippingCityRequired').max(100, 'shippingFieldTooLong'),
    address_state: text({ error: 'shippingStateInvalid' })
      .trim()
      .toUpperCase()
      .refine((v) => isUsStateCode(v), 'shippingStateInvalid'),
    address_zip: text({ error: 'shippingZipInvalid' })
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'shippingZipInvalid'),
  },
  { error: 'shippingRequired' },
);
export type DeliveryAddress = z.input<typeof deliveryAddressSchema>;

/** cart-ids as the spec's comma-joined text, or a list. */
export const cartIdsSchema = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(z.string().uuid('cartItemNotFound')).min(1, 'cartNothingSelected').max(100),
);

/** POST /users/transactions: the order of a paid checkout (idempotent by transaction-id). */
export const recordTransactionRequestSchema = z.object({
  'transaction-id': text().min(6).max(100),
  'cart-ids': cartIdsSchema,
  'delivery-address': deliveryAddressSchema,
});

export const orderSchema = z.object({
  order_id: z.string(),
  transaction_id: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'shipped']),
  /**
   * `title` is the English title the line was bought with; `title_ru` the product's Russian title now
   * ('' when the product is gone or has none: show `title`).
   */
  items: z.array(z.object({ title: z.string(), title_ru: z.string(), price_cents: z.number().int(), quantity: z.number().int() })),
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  shipping_cents: z.number().int(),
  total_cents: z.number().int(),
  delivery_address: z.object({
    full_name: z.string(),
    address_one: z.string(),
    address_two: z.string(),
    address_city: z.string(),
    address_state: z.string(),
    address_zip: z.string(),
  }),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderResponseSchema = z.object({ data: orderSchema });
export type OrderResponse = z.infer<typeof orderResponseSchema>;
export const ordersResponseSchema = z.object({ data: z.object({ data: z.array(orderSchema) }) });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;
