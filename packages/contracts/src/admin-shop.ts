import { z } from 'zod';
import { freeText, text } from './text';
import { orderSchema, productSchema } from './shop';

/* ---------- Shop products (staff) ---------- */

/** Pictures per product (like listings). */
export const MAX_PRODUCT_IMAGES = 9;
/** $10,000.00: nothing TLC drivers buy in the shop costs more. */
export const MAX_PRODUCT_PRICE_CENTS = 1_000_000;
export const MAX_PRODUCT_STOCK = 100_000;
export const MAX_PRODUCT_DETAILS = 20;
export const MAX_PRODUCT_TITLE = 120;
export const MAX_PRODUCT_DESCRIPTION = 2000;
export const MAX_DETAIL_KEY = 60;
export const MAX_DETAIL_DATA = 300;
export const MAX_RETAILER_URL = 500;

/** A product as staff see it: the shop's fields plus stock, state and the stored picture names (to keep them on save). */
export const adminProductSchema = productSchema.extend({
  /** Stored file names under products/{id}/, in display order (the first is the cover); `images` has their URLs. */
  image_names: z.array(z.string()),
  stock: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** GET /admin/products: every product, active or not, newest first. */
export const adminProductsResponseSchema = z.object({ data: z.array(adminProductSchema) });
export type AdminProductsResponse = z.infer<typeof adminProductsResponseSchema>;
export const adminProductResponseSchema = z.object({ data: adminProductSchema });
export type AdminProductResponse = z.infer<typeof adminProductResponseSchema>;

export const productDetailSchema = z.object({
  key: text({ error: 'productDetailKeyInvalid' }).trim().min(1, 'productDetailKeyInvalid').max(MAX_DETAIL_KEY, 'productDetailKeyInvalid'),
  data: text({ error: 'productDetailDataInvalid' }).trim().min(1, 'productDetailDataInvalid').max(MAX_DETAIL_DATA, 'productDetailDataInvalid'),
});

/** An http(s) link to a real host (no javascript:, no localhost), or nothing. */
export const retailerUrlSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  text({ error: 'productRetailerUrlInvalid' })
    .max(MAX_RETAILER_URL, 'productRetailerUrlInvalid')
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'productRetailerUrlInvalid' }))
    .nullable()
    .default(null),
);

const productDetailsSchema = z.array(productDetailSchema, { error: 'productDetailInvalid' }).max(MAX_PRODUCT_DETAILS, 'productDetailsTooMany').default([]);

/**
 * The fields staff edit (everything but pictures), shared by the API and the web form. Every product
 * is written in English and Russian: both titles and descriptions are required, and `details_ru` are
 * the Russian detail lines in the order of `details` (as many; see saveProductRequestSchema).
 */
export const productFieldsSchema = z.object({
  title: text({ error: 'productTitleRequired' }).trim().min(1, 'productTitleRequired').max(MAX_PRODUCT_TITLE, 'productTitleTooLong'),
  title_ru: text({ error: 'productTitleRuRequired' }).trim().min(1, 'productTitleRuRequired').max(MAX_PRODUCT_TITLE, 'productTitleTooLong'),
  description: freeText({ error: 'productDescriptionRequired' })
    .trim()
    .min(1, 'productDescriptionRequired')
    .max(MAX_PRODUCT_DESCRIPTION, 'productDescriptionTooLong'),
  description_ru: freeText({ error: 'productDescriptionRuRequired' })
    .trim()
    .min(1, 'productDescriptionRuRequired')
    .max(MAX_PRODUCT_DESCRIPTION, 'productDescriptionTooLong'),
  details: productDetailsSchema,
  details_ru: productDetailsSchema,
  retailer_url: retailerUrlSchema,
  active: z.boolean({ error: 'productActiveInvalid' }).default(true),
});

/**
 * POST /admin/products (create) and PUT /admin/products/{product_id} (replace): the texts in both
 * languages, each detail line in both (`details_ru` as long as `details`). Prices are integer cents
 * (like promo codes). `images`, in display order (the first is the cover): a file name already stored
 * for this product (kept) or a data URL of a new picture (image/*, at most 10 MB decoded), as the
 * listing editor sends them. Pictures left out are deleted.
 */
export const saveProductRequestSchema = productFieldsSchema
  .extend({
    price_cents: z
      .number({ error: 'productPriceInvalid' })
      .int('productPriceInvalid')
      .min(1, 'productPriceInvalid')
      .max(MAX_PRODUCT_PRICE_CENTS, 'productPriceInvalid'),
    stock: z.number({ error: 'productStockInvalid' }).int('productStockInvalid').min(0, 'productStockInvalid').max(MAX_PRODUCT_STOCK, 'productStockInvalid'),
    images: z
      .array(text().max(20 * 1024 * 1024, 'imageTooLarge'), { error: 'imagesInvalid' })
      .max(MAX_PRODUCT_IMAGES, 'productImagesTooMany')
      .default([]),
  })
  .refine((product) => product.details_ru.length === product.details.length, { path: ['details_ru'], message: 'productDetailsRuCount' });
export type SaveProductRequest = z.input<typeof saveProductRequestSchema>;

/** PUT and PATCH /admin/products/{product_id}: the product's id. */
export const productIdParamsSchema = z.object({ product_id: text().max(100) });

/** PATCH /admin/products/{product_id}: deactivate (hidden from the shop, cannot be bought) or reactivate. */
export const setProductActiveRequestSchema = z.object({ active: z.boolean({ error: 'productActiveInvalid' }) });

/* ---------- Shop orders (staff) ---------- */

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'shipped'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const adminOrderSchema = orderSchema.extend({
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** GET /admin/orders?status=: newest first, optionally one status. */
export const adminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'orderStatusInvalid' }).optional(),
});
export const adminOrdersResponseSchema = z.object({ data: z.array(adminOrderSchema) });
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

/** POST /admin/orders/{order_id}/ship: paid → shipped (the customer is e-mailed once); shipped stays shipped. */
export const orderIdParamsSchema = z.object({ order_id: text().max(100) });
export const shipOrderResponseSchema = z.object({
  data: adminOrderSchema.extend({
    /** False when the order was already shipped (no second e-mail). */
    emailed: z.boolean(),
  }),
});
export type ShipOrderResponse = z.infer<typeof shipOrderResponseSchema>;
