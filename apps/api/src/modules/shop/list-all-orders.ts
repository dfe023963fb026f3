import { desc, eq } from 'drizzle-orm';
import type { AdminOrder, OrderStatus } from '@medallion/contracts/admin-shop';
import type { Database } from '@medallion/db/client';
import { orders, user } from '@medallion/db/schema';
import { customerColumns, withCustomersAndLines } from './orders';

/** The newest orders the console shows at once. */
export const ADMIN_ORDERS_LIMIT = 200;

/** Orders, newest first (optionally one status), with the customer, lines, totals and address. */
export async function listAllOrders(db: Database, status?: OrderStatus): Promise<AdminOrder[]> {
  const rows = await db
    .select({ order: orders, customer: customerColumns })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.userId))
    .where(status ? eq(orders.status, status) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_ORDERS_LIMIT);
  return withCustomersAndLines(db, rows);
}
