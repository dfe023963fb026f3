import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AdminOrder } from '@medallion/contracts/admin-shop';
import type { Order } from '@medallion/contracts/shop';
import type { Database, DbExecutor } from '@medallion/db/client';
import { orderLines, orders, products, user } from '@medallion/db/schema';
import { AppError } from '../../lib/app-error';
import { toOrder } from './shop-records';

/** Orders with their lines (one query for all of them, with each product's Russian title now), as the API answers them. */
export async function withOrderLines(db: DbExecutor, rows: Array<typeof orders.$inferSelect>): Promise<Order[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({ line: orderLines, titleRu: products.titleRu })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) =>
    toOrder(
      r,
      lines.filter((l) => l.line.orderId === r.id).map((l) => ({ ...l.line, titleRu: l.titleRu })),
    ),
  );
}

type OrderRow = typeof orders.$inferSelect;
type Customer = { id: string; name: string; email: string };

/** Orders with their lines, each with its customer (the staff console's view). */
export async function withCustomersAndLines(db: DbExecutor, rows: Array<{ order: OrderRow; customer: Customer }>): Promise<AdminOrder[]> {
  const withLinesOnly = await withOrderLines(
    db,
    rows.map((r) => r.order),
  );
  return rows.map(({ customer }, i) => ({ ...withLinesOnly[i]!, customer }));
}

/** The columns of an order's customer the console shows. */
export const customerColumns = { id: user.id, name: user.name, email: user.email };

/**
 * POST /users/transactions: the order of a paid checkout. The checkout payment already
 * recorded it; this call confirms it (idempotent) and checks the cart ids match what was paid.
 */
export async function recordTransaction(db: Database, userId: string, transactionId: string, cartIds: string[]): Promise<Order> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.transactionId, transactionId)));
  if (!order || order.status === 'pending' || order.status === 'failed') throw new AppError('NOT_FOUND', 'order.notPaid');
  const [result] = await withOrderLines(db, [order]);
  const paidIds = new Set((await db.select({ id: orderLines.cartItemId }).from(orderLines).where(eq(orderLines.orderId, order.id))).map((l) => l.id));
  if (cartIds.length !== paidIds.size || cartIds.some((id) => !paidIds.has(id))) throw new AppError('BAD_REQUEST', 'order.itemsDiffer');
  return result!;
}

/** The user's orders, newest first (dashboard Orders tab). */
export async function listOrders(db: Database, userId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['paid', 'shipped'])))
    .orderBy(desc(orders.createdAt))
    .limit(100);
  return withOrderLines(db, rows);
}
