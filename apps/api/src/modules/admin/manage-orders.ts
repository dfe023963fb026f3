import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminOrder, OrderStatus } from '@medallion/contracts/admin-shop';
import type { Database } from '@medallion/db/client';
import { orderLines, orders, user } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import { orderShippedEmail } from '../shop/order-email';
import { toOrder } from '../shop/shop-records';

export const ORDER_ADMIN_MESSAGES = {
  notFound: 'This order does not exist.',
  notPaid: 'Only paid orders can be shipped. This order is not paid.',
} as const;

/** The newest orders the console shows at once. */
export const ADMIN_ORDERS_LIMIT = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type OrderRow = typeof orders.$inferSelect;
type Customer = { id: string; name: string; email: string };

async function withLines(db: Database, rows: Array<{ order: OrderRow; customer: Customer }>): Promise<AdminOrder[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.order.id),
      ),
    );
  return rows.map(({ order, customer }) => ({
    ...toOrder(
      order,
      lines.filter((l) => l.orderId === order.id),
    ),
    customer,
  }));
}

const customerColumns = { id: user.id, name: user.name, email: user.email };

/** Orders, newest first (optionally one status), with the customer, lines, totals and address. */
export async function listAllOrders(db: Database, status?: OrderStatus): Promise<AdminOrder[]> {
  const rows = await db
    .select({ order: orders, customer: customerColumns })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.userId))
    .where(status ? eq(orders.status, status) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_ORDERS_LIMIT);
  return withLines(db, rows);
}

async function findOrder(db: Database, orderId: string) {
  if (!UUID.test(orderId)) return undefined;
  const [row] = await db
    .select({ order: orders, customer: customerColumns })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.id, orderId.toLowerCase()));
  return row;
}

/**
 * Paid → shipped, with shipped_at now, and the customer is e-mailed the items and the address, in the
 * same transaction (the e-mail goes out only if the change is saved). Marking a shipped order again
 * changes nothing and sends nothing (emailed: false); an order that is not paid cannot be shipped.
 */
export async function shipOrder(db: Database, orderId: string, ctx: { mailer: Mailer; publicUrl: string }): Promise<AdminOrder & { emailed: boolean }> {
  const found = await findOrder(db, orderId);
  if (!found) throw new AppError('NOT_FOUND', ORDER_ADMIN_MESSAGES.notFound);
  const shipped = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'shipped', shippedAt: sql`now()` })
      .where(and(eq(orders.id, found.order.id), eq(orders.status, 'paid')))
      .returning();
    if (!row) return null;
    const [order] = await withLines(tx, [{ order: row, customer: found.customer }]);
    await ctx.mailer.send(
      orderShippedEmail({
        to: found.customer.email,
        name: found.customer.name,
        orderId: row.id,
        orderDate: row.createdAt,
        items: order!.items,
        address: order!.delivery_address,
        dashboardUrl: new URL('/dashboard?tab=orders', ctx.publicUrl).toString(),
      }),
      tx,
    );
    return order!;
  });
  if (shipped) {
    ctx.mailer.deliverSoon();
    return { ...shipped, emailed: true };
  }
  // Someone else decided first, or the order is not paid.
  const now = await findOrder(db, found.order.id);
  if (now?.order.status === 'shipped') {
    const [order] = await withLines(db, [now]);
    return { ...order!, emailed: false };
  }
  throw new AppError('CONFLICT', ORDER_ADMIN_MESSAGES.notPaid);
}
