import type { AdminProduct } from '@medallion/contracts/admin-shop';
import type { CartItem, Order, Product } from '@medallion/contracts/shop';
import type { cartItems, orderLines, orders, products } from '@medallion/db/schema';
import type { Storage } from '../../integrations/storage/storage';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';

type ProductRow = typeof products.$inferSelect;

/** A price as the API answers it: dollars and cents. */
const priced = (cents: number) => ({ price: cents / 100, price_cents: cents });

export const productImageKey = (productId: string, name: string) => `products/${productId}/${name}`;

export function toProduct(row: ProductRow, storage: Storage): Product {
  return {
    product_id: row.id,
    title: row.title,
    description: row.description,
    title_ru: row.titleRu,
    description_ru: row.descriptionRu,
    ...priced(row.priceCents),
    images: row.images.map((name) => storage.publicUrl(productImageKey(row.id, name))),
    details: row.details,
    details_ru: row.detailsRu,
    retailer_url: row.retailerUrl,
    in_stock: row.stock > 0,
  };
}

export const productNotFound = () => new AppError('NOT_FOUND', 'productNotFound');

/** A product id from the URL: anything that is not a product's id is simply not found. */
export function checkProductId(id: string): string {
  if (!isUuid(id)) throw productNotFound();
  return id.toLowerCase();
}

/** A product as staff see it: the shop's view plus file names, stock, state and times. */
export function toAdminProduct(row: ProductRow, storage: Storage): AdminProduct {
  return {
    ...toProduct(row, storage),
    image_names: row.images,
    stock: row.stock,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toCartItem(item: typeof cartItems.$inferSelect, product: ProductRow, storage: Storage): CartItem {
  return {
    id: item.id,
    product_id: product.id,
    title: product.title,
    title_ru: product.titleRu,
    ...priced(product.priceCents),
    quantity: item.quantity,
    status: item.status,
    image: product.images[0] ? storage.publicUrl(productImageKey(product.id, product.images[0])) : null,
    in_stock: product.stock >= item.quantity,
  };
}

/** An order line with the Russian title of its product now ('' when the product is gone or has none). */
export type OrderLineRow = typeof orderLines.$inferSelect & { titleRu: string | null };

export function toOrder(row: typeof orders.$inferSelect, lines: OrderLineRow[]): Order {
  return {
    order_id: row.id,
    transaction_id: row.transactionId,
    status: row.status,
    items: lines.map((l) => ({ title: l.title, title_ru: l.titleRu ?? '', price_cents: l.priceCents, quantity: l.quantity })),
    subtotal_cents: row.subtotalCents,
    tax_cents: row.taxCents,
    shipping_cents: row.shippingCents,
    total_cents: row.totalCents,
    delivery_address: {
      full_name: row.fullName,
      address_one: row.addressOne,
      address_two: row.addressTwo ?? '',
      address_city: row.addressCity,
      address_state: row.addressState,
      address_zip: row.addressZip,
    },
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    shipped_at: row.shippedAt?.toISOString() ?? null,
  };
}
