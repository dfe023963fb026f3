import { and, asc, eq, sql } from 'drizzle-orm';
import type { CartItem } from '@medallion/contracts/shop';
import type { Database } from '@medallion/db/client';
import { cartItems, products } from '@medallion/db/schema';
import type { Storage } from '../../integrations/storage/storage';
import { AppError } from '../../lib/app-error';
import { toCartItem } from './shop-records';

const notInCart = () => new AppError('NOT_FOUND', 'cartItemNotFound');

export async function listCart(db: Database, storage: Storage, userId: string): Promise<CartItem[]> {
  const rows = await db
    .select({ item: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.userId, userId), eq(cartItems.status, 'ACTIVE')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map((r) => toCartItem(r.item, r.product, storage));
}

async function ownItem(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({ item: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
  if (!row) throw notInCart();
  return row;
}

/** Adds a product (or adds to its quantity). The price is the server's; a different client price is refused. */
export async function addToCart(
  db: Database,
  storage: Storage,
  userId: string,
  input: { productId: string; quantity: number; price?: number },
): Promise<CartItem> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.active, true)));
  if (!product) throw new AppError('NOT_FOUND', 'productNotFound');
  if (input.price !== undefined && Math.round(input.price * 100) !== product.priceCents) {
    throw new AppError('BAD_REQUEST', 'cart.priceChanged', { price: `$${(product.priceCents / 100).toFixed(2)}` }).on('price');
  }
  const [existing] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, product.id), eq(cartItems.status, 'ACTIVE')));
  if (existing) {
    const [updated] = await db
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} + ${input.quantity}` })
      .where(and(eq(cartItems.id, existing.id), sql`${cartItems.quantity} + ${input.quantity} <= 99`))
      .returning();
    if (!updated) throw new AppError('BAD_REQUEST', 'cart.tooMany');
    return toCartItem(updated, product, storage);
  }
  const [created] = await db.insert(cartItems).values({ userId, productId: product.id, quantity: input.quantity }).returning();
  return toCartItem(created!, product, storage);
}

/** PATCH: a new quantity (1..99) of an ACTIVE item; COMPLEATED is set by the checkout (a repeat is a no-op). */
export async function updateCartItem(
  db: Database,
  storage: Storage,
  userId: string,
  input: { id: string; quantity?: number; status?: 'COMPLEATED' },
): Promise<CartItem> {
  const { item, product } = await ownItem(db, userId, input.id);
  if (input.status) {
    if (item.status === 'COMPLEATED') return toCartItem(item, product, storage);
    throw new AppError('BAD_REQUEST', 'cart.completedByCheckout');
  }
  if (input.quantity === undefined) throw new AppError('BAD_REQUEST', 'cart.nothingToChange');
  if (item.status !== 'ACTIVE') throw notInCart();
  const [updated] = await db.update(cartItems).set({ quantity: input.quantity }).where(eq(cartItems.id, item.id)).returning();
  return toCartItem(updated!, product, storage);
}

export async function removeCartItem(db: Database, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId), eq(cartItems.status, 'ACTIVE')))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw notInCart();
}
