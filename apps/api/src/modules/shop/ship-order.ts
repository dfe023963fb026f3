import { and, eq, sql } from 'drizzle-orm';
import type { AdminOrder } from '@medallion/contracts/admin-shop';
import type { Database } from '@medallion/db/client';
import { orders, user } from '@medallion/db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/uuid';
import { orderShippedEmail } from './order-email';
import { customerColumns, withCustomersAndLines as withLines } from './orders';

async function findOrder(db: Database, orderId: string) {
  if (!isUuid(orderId)) return undefined;
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
  if (!found) throw new AppError('NOT_FOUND', 'order.notFound');
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
        items: order!.items.map((i) => ({ title: i.title, titleRu: i.title_ru, quantity: i.quantity })),
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
  throw new AppError('CONFLICT', 'order.shipNotPaid');
}
